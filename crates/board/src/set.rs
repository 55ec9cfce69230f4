//! A fixed-size set of points, stored as a bitset over the padded layout.

use crate::point::{MAX_SIZE, NUM_CELLS, Point, STRIDE};

pub(crate) const WORDS: usize = NUM_CELLS.div_ceil(64);
/// The bits of the last word that stand for cells.
const LAST_WORD_MASK: u64 = u64::MAX >> (WORDS * 64 - NUM_CELLS);

/// [`PointSet::board`] of every size up to [`MAX_SIZE`] (made at compile time).
static BOARD_SETS: [PointSet; MAX_SIZE as usize + 1] = {
    let mut sets = [PointSet::new(); MAX_SIZE as usize + 1];
    let mut size = 0;
    while size <= MAX_SIZE as usize {
        let mut y = 0;
        while y < size {
            // The row's run of `size` bits, a word at a time.
            let (mut i, end) = ((y + 1) * STRIDE + 1, (y + 1) * STRIDE + 1 + size);
            while i < end {
                let (w, b) = (i / 64, i % 64);
                let n = if 64 - b < end - i { 64 - b } else { end - i };
                sets[size].words[w] |= (u64::MAX >> (64 - n)) << b;
                i += n;
            }
            y += 1;
        }
        size += 1;
    }
    sets
};

/// A set of points: 96 bytes on the stack, `Copy`, no allocation.
///
/// Iteration is in index order, i.e. row by row from the top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    words: [u64; WORDS],
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet { words: [0; WORDS] }
    }

    /// The set whose word `w` is `words[w]` (bit `b` of word `w` is the
    /// cell of index `64 w + b`).
    #[inline]
    pub(crate) const fn from_words(words: [u64; WORDS]) -> PointSet {
        PointSet { words }
    }

    /// Adds a point; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let new = self.words[w] & (1 << b) == 0;
        self.words[w] |= 1 << b;
        new
    }

    /// Removes a point; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let had = self.words[w] & (1 << b) != 0;
        self.words[w] &= !(1 << b);
        had
    }

    /// Whether the point is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.words[p.index() / 64] & (1 << (p.index() % 64)) != 0
    }

    /// Number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Adds every point of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &PointSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a |= b;
        }
    }

    /// Keeps only the points also in `other`.
    #[inline]
    pub fn intersect_with(&mut self, other: &PointSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= b;
        }
    }

    /// Removes every point of `other`.
    #[inline]
    pub fn subtract(&mut self, other: &PointSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= !b;
        }
    }

    /// Keeps the points in exactly one of the two sets.
    #[inline]
    pub fn symmetric_difference_with(&mut self, other: &PointSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a ^= b;
        }
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, other: &PointSet) -> bool {
        // No early exit: twelve ANDs and ORs cost less than the branches.
        self.words
            .iter()
            .zip(other.words.iter())
            .fold(0, |acc, (a, b)| acc | (a & b))
            != 0
    }

    /// For each of `sets`, how many of its points `self` holds. Only the
    /// words from `self`'s first point to its last are read: for a set
    /// spanning a few rows, a few words instead of every word of each
    /// intersection.
    pub fn common_counts<const N: usize>(&self, sets: [&PointSet; N]) -> [usize; N] {
        // Which words hold points, as bits (no branch per word).
        let held = self
            .words
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &w)| acc | u32::from(w != 0) << i);
        let mut counts = [0; N];
        if held == 0 {
            return counts;
        }
        let (from, to) = (held.trailing_zeros(), u32::BITS - held.leading_zeros());
        for i in from as usize..to as usize {
            let w = self.words[i];
            for (count, set) in counts.iter_mut().zip(&sets) {
                *count += (w & set.words[i]).count_ones() as usize;
            }
        }
        counts
    }

    /// The smallest point (in index order), if any.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        // Read in place: no iterator, no copy of the words.
        let i = self.words.iter().position(|&w| w != 0)?;
        Some(Point::from_own_index(
            i * 64 + self.words[i].trailing_zeros() as usize,
        ))
    }

    /// The points of row `y` (from the top, below [`MAX_SIZE`]) as bits:
    /// bit `x` for column `x`.
    #[inline]
    pub fn row_bits(&self, y: u8) -> u32 {
        debug_assert!(y < MAX_SIZE);
        let i = (usize::from(y) + 1) * STRIDE + 1;
        let (w, b) = (i / 64, i % 64);
        let mut bits = self.words[w] >> b;
        if b + usize::from(MAX_SIZE) > 64 {
            bits |= self.words[w + 1] << (64 - b);
        }
        (bits & ((1 << MAX_SIZE) - 1)) as u32
    }

    /// [`PointSet::row_bits`] of each row of a board of `size`, by row (the
    /// rows past `size` are 0; columns are not cut at `size`, so the set is
    /// one of that board's points): for work done a row at a time.
    pub fn rows(&self, size: u8) -> [u32; MAX_SIZE as usize] {
        let mut rows = [0u32; MAX_SIZE as usize];
        for (y, row) in rows
            .iter_mut()
            .enumerate()
            .take(usize::from(size.min(MAX_SIZE)))
        {
            *row = self.row_bits(y as u8);
        }
        rows
    }

    /// Adds the points of row `y` (from the top, below [`MAX_SIZE`]) whose
    /// bits are set in `bits` (bit `x` for column `x`; bits from
    /// [`MAX_SIZE`] up are ignored): the inverse of [`PointSet::row_bits`].
    #[inline]
    pub fn insert_row_bits(&mut self, y: u8, bits: u32) {
        debug_assert!(y < MAX_SIZE);
        let bits = u64::from(bits & ((1 << MAX_SIZE) - 1));
        let i = (usize::from(y) + 1) * STRIDE + 1;
        let (w, b) = (i / 64, i % 64);
        self.words[w] |= bits << b;
        if b + usize::from(MAX_SIZE) > 64 {
            self.words[w + 1] |= bits >> (64 - b);
        }
    }

    /// Every point of a board of `size` (`MIN_SIZE..=MAX_SIZE`), none of
    /// the padding around it.
    #[inline]
    pub fn board(size: u8) -> PointSet {
        BOARD_SETS[usize::from(size.min(MAX_SIZE))]
    }

    /// The points orthogonally next to a point of the set (the set's own
    /// points only where they neighbour another one). Padding cells around a
    /// board's edge may be included: intersect with [`PointSet::board`].
    #[must_use]
    pub fn adjacent(&self) -> PointSet {
        // The words with a zero word on either side, so that every word
        // has neighbours to take the bits that cross into it from.
        let mut w = [0u64; WORDS + 2];
        w[1..=WORDS].copy_from_slice(&self.words);
        let mut out = [0u64; WORDS];
        for (i, o) in out.iter_mut().enumerate() {
            let (below, here, above) = (w[i], w[i + 1], w[i + 2]);
            *o = (here << 1 | below >> 63)
                | (here >> 1 | above << 63)
                | (here << STRIDE | below >> (64 - STRIDE))
                | (here >> STRIDE | above << (64 - STRIDE));
        }
        out[WORDS - 1] &= LAST_WORD_MASK;
        PointSet { words: out }
    }

    /// The set grown `steps` times by its adjacent points: every cell
    /// within `steps` orthogonal steps of one of its points, whatever lies
    /// between (the set itself included), as `steps` rounds of
    /// `s.union_with(&s.adjacent())` give it. Padding cells around a
    /// board's edge may be included: intersect with [`PointSet::board`].
    #[must_use]
    pub fn grown(&self, steps: usize) -> PointSet {
        let mut out = Padded::of(self);
        let Some(mut span) = out.span() else {
            return *self;
        };
        for _ in 0..steps {
            span = span.widened();
            out.step(span, |_, here, adjacent| here | adjacent);
        }
        out.set()
    }

    /// What `self.grown(steps).common_counts(sets)` gives, without making
    /// the grown set whole: each step works only on the words from the
    /// set's first point less `steps` rows to its last point plus `steps`
    /// rows (a step moves a point at most a row), and the counts read
    /// those words only, without looking for them.
    pub fn grown_common_counts<const N: usize>(
        &self,
        steps: usize,
        sets: [&PointSet; N],
    ) -> [usize; N] {
        let mut out = Padded::of(self);
        let mut counts = [0; N];
        let Some(Span(lo, hi)) = out.span() else {
            return counts;
        };
        // The indices of the first and last points.
        let first = (lo - 1) * 64 + out.0[lo].trailing_zeros() as usize;
        let last = hi * 64 - 1 - out.0[hi].leading_zeros() as usize;
        let mut span = Span(lo, hi);
        for k in 1..=steps {
            // The points within `k` steps lie from `first - k·STRIDE` to
            // `last + k·STRIDE`: the words outside stay empty.
            let reach = k * STRIDE;
            span = Span(
                1 + first.saturating_sub(reach) / 64,
                1 + (last + reach).min(NUM_CELLS - 1) / 64,
            );
            out.step(span, |_, here, adjacent| here | adjacent);
        }
        for i in span.0..=span.1 {
            let w = out.0[i];
            for (count, set) in counts.iter_mut().zip(&sets) {
                *count += (w & set.words[i - 1]).count_ones() as usize;
            }
        }
        counts
    }

    /// The points at exactly `steps` steps from the set, a step going to
    /// an orthogonal neighbour in `within` not reached in fewer steps
    /// (breadth-first layers; the set itself is layer 0, its points
    /// outside `within` included): for `steps >= 1`, the points of
    /// `within` at distance `steps` through `within`, as rounds of
    /// `next = frontier.adjacent()`, `next.intersect_with(within)`,
    /// `next.subtract(&seen)` give them.
    #[must_use]
    pub fn layer_within(&self, within: &PointSet, steps: usize) -> PointSet {
        if steps == 0 {
            return *self;
        }
        let mut frontier = Padded::of(self);
        let mut seen = self.words;
        let Some(span) = frontier.layers_before(within, &mut seen, steps) else {
            return PointSet::new();
        };
        frontier.step(span, |i, _, adjacent| {
            adjacent & within.words[i - 1] & !seen[i - 1]
        });
        frontier.set()
    }

    /// `self.layer_within(within, steps).len()`, without making the last
    /// layer whole: its points are counted as the last step finds them,
    /// in the few words the layers span.
    pub fn layer_within_len(&self, within: &PointSet, steps: usize) -> usize {
        if steps == 0 {
            return self.len();
        }
        let mut frontier = Padded::of(self);
        let mut seen = self.words;
        let Some(span) = frontier.layers_before(within, &mut seen, steps) else {
            return 0;
        };
        let f = &frontier.0;
        let mut below = f[span.0 - 1];
        let mut count = 0;
        for i in span.0..=span.1 {
            let (here, above) = (f[i], f[i + 1]);
            let adjacent = (here << 1 | below >> 63)
                | (here >> 1 | above << 63)
                | (here << STRIDE | below >> (64 - STRIDE))
                | (here >> STRIDE | above << (64 - STRIDE));
            count += (adjacent & within.words[i - 1] & !seen[i - 1]).count_ones() as usize;
            below = here;
        }
        count
    }

    /// Every point of a board of `size` within `r` columns and `r` rows of
    /// a point of the set: the squares of side `2r + 1` centred on its
    /// points, cut at the board's edge.
    #[must_use]
    pub fn squares_around(&self, r: u32, size: u8) -> PointSet {
        let board = PointSet::board(size);
        let mut out = *self;
        out.intersect_with(&board);
        // One column, then one row, at a time, cut at the edge after each
        // step so that nothing wraps into the next row.
        for step in [1, STRIDE] {
            for _ in 0..r {
                let mut grown = out.shifted_up(step);
                grown.union_with(&out.shifted_down(step));
                grown.union_with(&out);
                grown.intersect_with(&board);
                out = grown;
            }
        }
        out
    }

    /// The set moved `k` (1..64) indices up.
    fn shifted_up(&self, k: usize) -> PointSet {
        let w = &self.words;
        let mut out = [0u64; WORDS];
        out[0] = w[0] << k;
        for i in 1..WORDS {
            out[i] = w[i] << k | w[i - 1] >> (64 - k);
        }
        out[WORDS - 1] &= LAST_WORD_MASK;
        PointSet { words: out }
    }

    /// The set moved `k` (1..64) indices down.
    fn shifted_down(&self, k: usize) -> PointSet {
        let w = &self.words;
        let mut out = [0u64; WORDS];
        for i in 0..WORDS - 1 {
            out[i] = w[i] >> k | w[i + 1] << (64 - k);
        }
        out[WORDS - 1] = w[WORDS - 1] >> k;
        PointSet { words: out }
    }

    /// The points of `within` connected to a point of this set by a path
    /// of orthogonal steps inside `within` (flood fill; points of this set
    /// outside `within` start no path and are not included).
    #[must_use]
    pub fn fill_within(&self, within: &PointSet) -> PointSet {
        // One word at a time, from the lowest filled word up: each word
        // is grown to its own fixed point given its neighbours as they
        // are now (a step to the neighbours in the word, and then along
        // its runs of `within` towards higher indices in one addition:
        // the carry runs through a run from its lowest filled point,
        // `(m + x) ^ m` flips the run from there up, `| x` keeps the
        // filled points the carry passed); then, if that added points
        // that reach into the word below (or the seeds of the first word
        // do), that word is taken again (and the words above it after
        // it), else the word above. Every word below the one taken is
        // closed (nothing more in `within` touches
        // it), and the words above the highest filled word but one touch
        // nothing filled: when the walk passes that word, the fill is
        // done. Every point added touches a filled point inside `within`:
        // the flood fill.
        let m = Padded::of(within);
        let mut f = Padded::ZERO;
        for i in 1..=WORDS {
            f.0[i] = self.words[i - 1] & m.0[i];
        }
        let Some(Span(mut i, mut hi)) = f.span() else {
            return PointSet::new();
        };
        while i <= (hi + 1).min(WORDS) {
            let (mi, below, above) = (m.0[i], f.0[i - 1], f.0[i + 1]);
            let inflow =
                (below >> 63 | below >> (64 - STRIDE) | above << 63 | above << (64 - STRIDE)) & mi;
            let mut x = f.0[i] | inflow;
            loop {
                let g = (x << 1 | x >> 1 | x << STRIDE | x >> STRIDE) & mi | x;
                let g = (mi.wrapping_add(g) ^ mi) & mi | g;
                if g == x {
                    break;
                }
                x = g;
            }
            f.0[i] = x;
            if x != 0 && i > hi {
                hi = i;
            }
            // (Of the word's points only those new here, or seeds, can
            // reach into a closed word below.)
            let down = (x << 63 | x << (64 - STRIDE)) & m.0[i - 1] & !f.0[i - 1];
            if down != 0 {
                i -= 1;
            } else {
                i += 1;
            }
        }
        f.set()
    }

    /// [`PointSet::fill_within`] by repeated one-step growth: the
    /// definition, kept for the tests.
    #[cfg(test)]
    fn fill_within_by_steps(&self, within: &PointSet) -> PointSet {
        let mut filled = *self;
        filled.intersect_with(within);
        loop {
            let mut next = filled.adjacent();
            next.intersect_with(within);
            next.union_with(&filled);
            if next == filled {
                return filled;
            }
            filled = next;
        }
    }

    /// The points in index order.
    pub fn iter(&self) -> PointSetIter {
        PointSetIter {
            words: self.words,
            word: 0,
            bits: self.words[0],
        }
    }
}

/// A set's words with a zero word on either side: word `i` of the set is
/// `self.0[i + 1]`, so that every word has neighbours to take the bits
/// that cross into it from.
#[derive(Clone, Copy)]
struct Padded([u64; WORDS + 2]);

/// A range of padded indices (`1..=WORDS` are the set's words), both
/// ends included.
#[derive(Clone, Copy)]
struct Span(usize, usize);

impl Span {
    /// The span one word wider on either side, within the set's words:
    /// where the points adjacent to the points of this span lie (a shift
    /// by a row is shorter than a word).
    #[inline]
    fn widened(self) -> Span {
        Span(self.0.max(2) - 1, (self.1 + 1).min(WORDS))
    }
}

impl Padded {
    const ZERO: Padded = Padded([0; WORDS + 2]);

    #[inline]
    fn of(set: &PointSet) -> Padded {
        let mut p = Padded::ZERO;
        p.0[1..=WORDS].copy_from_slice(&set.words);
        p
    }

    #[inline]
    fn set(&self) -> PointSet {
        let mut words = [0; WORDS];
        words.copy_from_slice(&self.0[1..=WORDS]);
        PointSet { words }
    }

    /// The padded indices of the lowest and highest nonzero words.
    #[inline]
    fn span(&self) -> Option<Span> {
        self.span_within(Span(1, WORDS))
    }

    /// The same, knowing that the nonzero words lie in `s`.
    #[inline]
    fn span_within(&self, s: Span) -> Option<Span> {
        let (mut lo, mut hi) = (s.0, s.1);
        while self.0[lo] == 0 {
            if lo == hi {
                return None;
            }
            lo += 1;
        }
        while self.0[hi] == 0 {
            hi -= 1;
        }
        Some(Span(lo, hi))
    }

    /// Replaces each word `i` of `span` (padded indices) by `f(i, word,
    /// adjacent)`, `adjacent` being word `i` of [`PointSet::adjacent`] of
    /// the words as they were (in place: the word below is kept as it was
    /// until the word above it is done). The words outside `span` must
    /// stay as they are: `span` holds every word `f` makes nonzero.
    #[inline]
    fn step(&mut self, span: Span, mut f: impl FnMut(usize, u64, u64) -> u64) {
        let mut below = self.0[span.0 - 1];
        for i in span.0..=span.1 {
            let (here, above) = (self.0[i], self.0[i + 1]);
            let adjacent = (here << 1 | below >> 63)
                | (here >> 1 | above << 63)
                | (here << STRIDE | below >> (64 - STRIDE))
                | (here >> STRIDE | above << (64 - STRIDE));
            self.0[i] = f(i, here, adjacent);
            below = here;
        }
        self.mask_last();
    }

    /// Steps the breadth-first layers of [`PointSet::layer_within`] from
    /// these words (layer 0, `seen` holding them) up to layer `steps - 1`
    /// (`steps >= 1`), `seen` gathering every layer: the span of words the
    /// last step can reach (`None` when a layer before it is empty, so
    /// that every later one is).
    #[inline]
    fn layers_before(
        &mut self,
        within: &PointSet,
        seen: &mut [u64; WORDS],
        steps: usize,
    ) -> Option<Span> {
        let mut span = self.span()?;
        for _ in 1..steps {
            span = span.widened();
            self.step(span, |i, _, adjacent| {
                let grown = adjacent & within.words[i - 1] & !seen[i - 1];
                seen[i - 1] |= grown;
                grown
            });
            span = self.span_within(span)?;
        }
        Some(span.widened())
    }

    /// Clears the bits of the last word past the last cell.
    #[inline]
    fn mask_last(&mut self) {
        self.0[WORDS] &= LAST_WORD_MASK;
    }
}

impl std::fmt::Debug for PointSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut s = PointSet::new();
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

/// Iterator over a [`PointSet`], in index order.
#[derive(Clone)]
pub struct PointSetIter {
    words: [u64; WORDS],
    /// The word being read, and its points not yet given.
    word: usize,
    bits: u64,
}

impl Iterator for PointSetIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            if self.word + 1 >= WORDS {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word];
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point::from_own_index(self.word * 64 + bit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The flood fill in sweeps is the fill by one-step growth, on
        /// random sets and masks of every board size (dense masks make
        /// long winding regions; the seeds may lie outside the mask).
        #[test]
        fn fill_within_is_the_fill_by_steps(
            size in 2u8..=MAX_SIZE,
            density in 1u32..10,
            cells in prop::collection::vec(any::<u32>(), NUM_CELLS),
            seeds in prop::collection::vec(0usize..NUM_CELLS, 0..6),
        ) {
            let board = PointSet::board(size);
            let mut within = PointSet::new();
            for p in &board {
                if cells[p.index()] % 10 < density {
                    within.insert(p);
                }
            }
            let from: PointSet = seeds.iter().map(|&i| Point::from_index(i)).filter(|p| board.contains(*p)).collect();
            prop_assert_eq!(from.fill_within(&within), from.fill_within_by_steps(&within));
        }
    }

    proptest! {
        /// `grown` and `layer_within` are their definitions by whole-set
        /// steps, on random sets (padding cells included) and masks, and
        /// `grown_common_counts` counts what `grown` holds.
        #[test]
        fn windowed_steps_are_the_steps(
            density in 1u32..10,
            cells in prop::collection::vec(any::<u32>(), NUM_CELLS),
            seeds in prop::collection::vec(0usize..NUM_CELLS, 0..8),
            steps in 0usize..7,
        ) {
            let within: PointSet = (0..NUM_CELLS)
                .filter(|&i| cells[i] % 10 < density)
                .map(Point::from_index)
                .collect();
            let from: PointSet = seeds.iter().map(|&i| Point::from_index(i)).collect();
            let mut grown = from;
            for _ in 0..steps {
                let next = grown.adjacent();
                grown.union_with(&next);
            }
            prop_assert_eq!(from.grown(steps), grown);
            prop_assert_eq!(
                from.grown_common_counts(steps, [&within, &from, &PointSet::board(MAX_SIZE)]),
                grown.common_counts([&within, &from, &PointSet::board(MAX_SIZE)])
            );
            let (mut seen, mut frontier) = (from, from);
            for _ in 0..steps {
                let mut next = frontier.adjacent();
                next.intersect_with(&within);
                next.subtract(&seen);
                seen.union_with(&next);
                frontier = next;
            }
            prop_assert_eq!(from.layer_within(&within, steps), frontier);
            prop_assert_eq!(from.layer_within_len(&within, steps), frontier.len());
        }
    }

    /// Row bits are the points of the row, on every row of the largest
    /// board (rows straddle word boundaries at different offsets).
    #[test]
    fn row_bits_are_the_rows_points() {
        let mut s = PointSet::new();
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                if (x * 7 + y * 3) % 5 < 2 {
                    s.insert(Point::new(x, y));
                }
            }
        }
        for y in 0..MAX_SIZE {
            let want = (0..MAX_SIZE)
                .filter(|&x| s.contains(Point::new(x, y)))
                .fold(0u32, |acc, x| acc | 1 << x);
            assert_eq!(s.row_bits(y), want, "row {y}");
        }
        assert_eq!(PointSet::board(19).row_bits(18), (1 << 19) - 1);
    }

    /// The table of board sets holds every size's points and nothing else
    /// (sizes above the largest give the largest).
    #[test]
    fn board_sets_are_every_sizes_points() {
        for size in 0..=MAX_SIZE + 3 {
            let want: PointSet = Point::all(size.min(MAX_SIZE)).collect();
            assert_eq!(PointSet::board(size), want, "size {size}");
        }
    }

    /// Inserting a row's bits adds exactly those points, on every row of
    /// the largest board, and reads back as the same bits.
    #[test]
    fn insert_row_bits_adds_the_rows_points() {
        for y in 0..MAX_SIZE {
            let bits = 0x0155_AA5Bu32.rotate_left(u32::from(y)) | 1 | 1 << 24;
            let mut s = PointSet::new();
            // A point of another row stays.
            let other = Point::new(3, (y + 1) % MAX_SIZE);
            s.insert(other);
            s.insert_row_bits(y, bits);
            let mut want = PointSet::new();
            want.insert(other);
            for x in 0..MAX_SIZE {
                if bits & 1 << x != 0 {
                    want.insert(Point::new(x, y));
                }
            }
            assert_eq!(s, want, "row {y}");
            assert_eq!(s.row_bits(y), bits & ((1 << MAX_SIZE) - 1), "row {y}");
        }
    }

    #[test]
    fn insert_remove_iterate() {
        let mut s = PointSet::new();
        assert!(s.insert(Point::new(3, 4)));
        assert!(!s.insert(Point::new(3, 4)));
        s.insert(Point::new(0, 0));
        s.insert(Point::new(24, 24));
        assert_eq!(s.len(), 3);
        let v: Vec<_> = s.iter().collect();
        assert_eq!(
            v,
            vec![Point::new(0, 0), Point::new(3, 4), Point::new(24, 24)]
        );
        assert!(s.remove(Point::new(3, 4)));
        assert!(!s.contains(Point::new(3, 4)));
        assert_eq!(s.len(), 2);
    }

    /// Iteration reaches every word, the first and the last included (a
    /// set may hold padding cells, e.g. from `adjacent`), and every bit of
    /// a full word.
    #[test]
    fn iteration_reaches_every_cell_index() {
        let all: Vec<usize> = (0..NUM_CELLS).collect();
        let mut s = PointSet::new();
        for &i in &all {
            s.insert(Point::from_index(i));
        }
        let got: Vec<usize> = s.iter().map(Point::index).collect();
        assert_eq!(got, all);
        let mut ends = PointSet::new();
        ends.insert(Point::from_index(0));
        ends.insert(Point::from_index(NUM_CELLS - 1));
        let got: Vec<usize> = ends.iter().map(Point::index).collect();
        assert_eq!(got, vec![0, NUM_CELLS - 1]);
        assert_eq!(PointSet::new().iter().next(), None);
    }

    /// `common_counts` counts each intersection as `len` does, for sets
    /// spanning one word, a few, or all of them, and for the empty set.
    #[test]
    fn common_counts_are_intersection_lengths() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        for case in 0..200 {
            let mut sets = [PointSet::new(); 4];
            let (from, span) = (next() % NUM_CELLS, 1 + next() % (1 + case * 4));
            for set in &mut sets {
                for _ in 0..next() % 300 {
                    set.insert(Point::from_index((from + next() % span) % NUM_CELLS));
                }
            }
            let [a, b, c, d] = sets;
            let expected = [&b, &c, &d].map(|set| {
                let mut common = a;
                common.intersect_with(set);
                common.len()
            });
            assert_eq!(a.common_counts([&b, &c, &d]), expected, "case {case}");
        }
        assert_eq!(PointSet::new().common_counts([&PointSet::board(19)]), [0]);
    }
}
