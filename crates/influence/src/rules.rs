//! The reinforcement rules of influence sources (seed 000 §3.2.2 step 2,
//! fig. 13; taken over by seed 001 §3.2.1): a text file in the board
//! crate's pattern language, checked with located errors and compiled into
//! a table of the rules under all eight symmetries.
//!
//! Each pattern is one rule: the reinforced stone `@`, the partner stone
//! (`partner:`, an upper-case label that must hold an own live stone), the
//! check points (`empty:`, upper-case labels that must all be empty points)
//! and the direction whose source gains `k` (`add:`, `n e s w` as drawn:
//! `n` is the top of the diagram). Every other cell is an ordinary pattern
//! requirement (`.` empty, `x` own or empty, `?` anything, …). Each rule
//! applies in all eight orientations, its direction turned with it.

use crate::context::Context;
use crate::geometry::{Direction, Sources};
use crate::grid::{self, Grid};
use keisei_board::diag::{Location, SourceError, SourceErrors};
use keisei_board::pattern::{Pattern, PatternFile, PatternSet, Symbol};
use keisei_board::{Cell, Color, MAX_SIZE, Point, Symmetry};
use std::sync::OnceLock;

/// The built-in rule file: (name in diagnostics, text).
pub const REINFORCEMENT: (&str, &str) = (
    "crates/influence/patterns/reinforcement.pat",
    include_str!("../patterns/reinforcement.pat"),
);

/// One rule of the file, its attributes read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReinforcementRule {
    /// The pattern's name (the shape: `nobi`, `kosumi`, …).
    pub name: String,
    /// The label of the partner stone.
    pub partner: char,
    /// The direction (as drawn) whose source gains `k`.
    pub direction: Direction,
    /// The labels of the check points that must be empty.
    pub empty: Vec<char>,
}

/// One rule in one orientation, as grid offsets from the reinforced stone
/// (its partner is its group's).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Variant {
    rule: usize,
    /// The check points, as offsets.
    checks: Vec<(i32, i32)>,
    /// The same as grid deltas.
    check_deltas: Vec<isize>,
    /// Cells that constrain the board (not `?`, not the partner or checks):
    /// offset, symbol.
    shape: Vec<((i32, i32), Symbol)>,
    /// The same as grid deltas with the accepted cell codes (bit k for
    /// code k) when matched for Black and for White.
    shape_masks: Vec<(isize, [u8; 2])>,
}

/// The variants that reinforce the same direction from the same partner
/// offset: at most one of them applies (the first in file order).
#[derive(Clone, Debug)]
struct Group {
    partner: (i32, i32),
    partner_delta: isize,
    direction: Direction,
    variants: Vec<Variant>,
}

/// The cell codes (`keisei_board::Cell` discriminants) a symbol accepts
/// when the pattern is matched for `own`, as a bit mask.
fn mask(symbol: Symbol, own: Color) -> u8 {
    let mut m = 0;
    for (k, cell) in [Cell::Empty, Cell::Black, Cell::White, Cell::Off]
        .into_iter()
        .enumerate()
    {
        if symbol.accepts(cell, own) {
            m |= 1 << k;
        }
    }
    m
}

/// One reinforcement that applies to a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reinforcement {
    /// The rule's index in the file.
    pub rule: usize,
    /// The partner stone.
    pub partner: Point,
    /// The direction of the reinforced stone's source that gains `k`.
    pub direction: Direction,
}

/// The reinforcement rules, compiled.
#[derive(Clone, Debug)]
pub struct ReinforcementRules {
    file: PatternFile,
    rules: Vec<ReinforcementRule>,
    groups: Vec<Group>,
    /// See [`ReinforcementRules::reach`].
    reach: i32,
    /// The same groups as tests on a stone's [`Window`], when every rule
    /// lies within it.
    window: Option<WindowRules>,
}

/// How far from a stone (in columns and in rows) its [`Window`] reaches.
pub(crate) const WINDOW_REACH: i32 = 2;
/// The window's side.
const WINDOW_SIDE: i32 = 2 * WINDOW_REACH + 1;
/// The window's cells, a bit each.
const WINDOW_CELLS: u32 = (1 << (WINDOW_SIDE * WINDOW_SIDE)) - 1;

/// The bit of the window cell `(dx, dy)` away from the stone (both within
/// [`WINDOW_REACH`]): row by row from the top, `WINDOW_SIDE` bits a row.
const fn window_bit(dx: i32, dy: i32) -> u32 {
    1 << ((dy + WINDOW_REACH) * WINDOW_SIDE + dx + WINDOW_REACH)
}

/// What the cells within [`WINDOW_REACH`] of a live stone hold, a bit per
/// cell (see [`window_bit`]), as the stone's colour sees them: its own live
/// stones, the other colour's, and the cells off the board; the other cells
/// are empty points (dead stones included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub(crate) own: u32,
    pub(crate) enemy: u32,
    pub(crate) off: u32,
}

/// The [`Window`] of each point of a board, read a few rows of bits at a
/// time.
pub(crate) struct Windows {
    /// Row `y + WINDOW_REACH` holds row `y`'s live black stones at bits
    /// `x + WINDOW_REACH` and its live white stones 32 bits higher; the
    /// rows around the board hold none.
    rows: [u64; MAX_SIZE as usize + 2 * WINDOW_REACH as usize],
    /// For column `x`: the window cells whose column is off the board.
    off_columns: [u32; MAX_SIZE as usize],
    /// For row `y`: the window cells whose row is off the board.
    off_rows: [u32; MAX_SIZE as usize],
}

impl Windows {
    /// The windows of a board of `size` whose live stones of each colour
    /// (by [`Color::index`]) are `stones`, a row of bits per row
    /// ([`keisei_board::PointSet::rows`]).
    pub(crate) fn new(size: u8, stones: &[[u32; MAX_SIZE as usize]; 2]) -> Windows {
        let (n, r, side) = (i32::from(size), WINDOW_REACH, WINDOW_SIDE);
        let mut rows = [0u64; MAX_SIZE as usize + 2 * WINDOW_REACH as usize];
        for y in 0..usize::from(size) {
            rows[y + r as usize] =
                u64::from(stones[0][y]) << r | u64::from(stones[1][y]) << (32 + r);
        }
        let off = |at: i32| (0..side).filter(move |&c| !(0..n).contains(&(at - r + c)));
        let mut off_columns = [0u32; MAX_SIZE as usize];
        let mut off_rows = [0u32; MAX_SIZE as usize];
        for at in 0..n {
            for c in off(at) {
                for j in 0..side {
                    off_columns[at as usize] |= 1 << (j * side + c);
                    off_rows[at as usize] |= 1 << (c * side + j);
                }
            }
        }
        Windows {
            rows,
            off_columns,
            off_rows,
        }
    }

    /// The window of the live stone of `color` in column `x`, row `y` (a
    /// point of the board).
    #[inline]
    pub(crate) fn get(&self, x: usize, y: usize, color: Color) -> Window {
        let side = WINDOW_SIDE as usize;
        let row = (1u64 << side) - 1;
        let mut both = 0u64;
        for (j, &bits) in self.rows[y..y + side].iter().enumerate() {
            both |= ((bits >> x) & (row | row << 32)) << (side * j);
        }
        let (black, white) = (both as u32, (both >> 32) as u32);
        let (own, enemy) = match color {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Window {
            own,
            enemy,
            off: self.off_columns[x] | self.off_rows[y],
        }
    }
}

/// The kinds of content a cell may hold, in the order of [`Test::reject`]:
/// an empty point, an own stone, an enemy stone, off the board.
const KINDS: [Cell; 4] = [Cell::Empty, Cell::Black, Cell::White, Cell::Off];

/// Two variants as one test on a [`Window`] (matched for Black: own is
/// Black), the first in the low 32 bits of each word, the second in the
/// high 32 bits.
#[derive(Clone, Copy, Debug)]
struct Test {
    /// For each kind of content (see [`KINDS`]), the cells that may not
    /// hold it: a variant holds when no cell holds what it rejects.
    reject: [u64; 4],
    /// The directions reinforced, as [`SPREAD`] gives them (a 16-bit count
    /// of 0 or 1 per direction, count `d` for [`Direction::index`] `d`), by
    /// which variants fail: bit 0 of the index for the first, bit 1 for the
    /// second. A table and not a choice, which the compiler would turn into
    /// a branch the processor cannot guess.
    held: [u64; 4],
}

impl Test {
    /// The directions reinforced on a window whose cells of each kind are
    /// `kinds` (twice, in each half), spread as [`Test::held`] holds them.
    #[inline]
    fn held_on(&self, kinds: &[u64; 4]) -> u64 {
        // Each half of `bad` is below 2^25: adding 2^31 − 1 sets its top
        // bit exactly when it is not 0 (the variant fails).
        const LOW: u64 = 0x7fff_ffff_7fff_ffff;
        let bad = (kinds[0] & self.reject[0])
            | (kinds[1] & self.reject[1])
            | (kinds[2] & self.reject[2])
            | (kinds[3] & self.reject[3]);
        let failed = (bad + LOW) & !LOW;
        self.held[(failed >> 31 & 1 | failed >> 62) as usize]
    }
}

/// Half a [`Test`] that never holds (every cell rejects everything): the
/// padding.
const NEVER: ([u32; 4], u32) = ([WINDOW_CELLS; 4], 0);

/// `SPREAD[b]`: the four bits of `b` (one per direction) as four 16-bit
/// counts of 0 or 1.
const SPREAD: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut b = 0;
    while b < 16 {
        let mut d = 0;
        while d < 4 {
            t[b] |= ((b as u64 >> d) & 1) << (16 * d);
            d += 1;
        }
        b += 1;
    }
    t
};

/// The rule groups as tests on a stone's window, grouped by the cell of
/// their partner, so that a stone is tested only for the partners it has.
/// A group is a partner and a direction: the variants of the groups of one
/// partner cell set a bit per direction when they hold, so that a partner
/// reinforces a direction at most once.
#[derive(Clone, Debug)]
pub(crate) struct WindowRules {
    /// The cells where some group's partner lies.
    partners: u32,
    /// The first test of the groups whose partner lies on cell `c` (bit
    /// `c` of the window), by cell: the only one with the built-in rules.
    first: [Test; 32],
    /// Tests per partner cell after the first (the same for every cell,
    /// padded with [`NEVER`]: the loops run the same length whatever the
    /// position).
    more_per_cell: usize,
    /// The others: `more[c * more_per_cell..][..more_per_cell]`.
    more: Vec<Test>,
}

impl WindowRules {
    /// The groups as window tests, if every cell they read lies within
    /// [`WINDOW_REACH`].
    fn new(groups: &[Group], reach: i32) -> Option<WindowRules> {
        if reach > WINDOW_REACH {
            return None;
        }
        let cells = (WINDOW_SIDE * WINDOW_SIDE) as usize;
        let mut by_cell: Vec<Vec<([u32; 4], u32)>> = vec![Vec::new(); cells];
        for g in groups {
            let (px, py) = g.partner;
            let cell = window_bit(px, py).trailing_zeros() as usize;
            for v in &g.variants {
                let mut reject = [0u32; 4];
                let mut require = |(dx, dy): (i32, i32), accepts: &dyn Fn(Cell) -> bool| {
                    for (r, &kind) in reject.iter_mut().zip(&KINDS) {
                        if !accepts(kind) {
                            *r |= window_bit(dx, dy);
                        }
                    }
                };
                // The partner holds an own stone, the check points are empty.
                require(g.partner, &|c| c == Cell::Black);
                for &d in &v.checks {
                    require(d, &|c| c == Cell::Empty);
                }
                for &(d, s) in &v.shape {
                    require(d, &|c| s.accepts(c, Color::Black));
                }
                by_cell[cell].push((reject, 1 << g.direction.index()));
            }
        }
        let per_cell = by_cell
            .iter()
            .map(|v| v.len().div_ceil(2))
            .max()
            .unwrap_or(0)
            .max(1);
        let mut partners = 0;
        let never = Test {
            reject: [u64::from(WINDOW_CELLS) | u64::from(WINDOW_CELLS) << 32; 4],
            held: [0; 4],
        };
        let mut first = [never; 32];
        let mut more = Vec::with_capacity((per_cell - 1) * cells);
        for (c, mut halves) in by_cell.into_iter().enumerate() {
            if !halves.is_empty() {
                partners |= 1 << c;
            }
            halves.resize(2 * per_cell, NEVER);
            let mut tests = halves.chunks_exact(2).map(|pair| {
                let [(low, d0), (high, d1)] = [pair[0], pair[1]];
                Test {
                    reject: std::array::from_fn(|k| u64::from(low[k]) | u64::from(high[k]) << 32),
                    held: [d0 | d1, d1, d0, 0].map(|d: u32| SPREAD[d as usize & 15]),
                }
            });
            first[c] = tests.next().unwrap_or(never);
            more.extend(tests);
        }
        Some(WindowRules {
            partners,
            first,
            more_per_cell: per_cell - 1,
            more,
        })
    }

    /// How many reinforcements each direction (N, E, S, W) of the live
    /// stone whose window is `w` gets: what
    /// [`ReinforcementRules::for_each_in`] calls `f` with, counted by
    /// direction. No branch on what the cells hold but the loop over the
    /// partners the stone has.
    #[inline]
    pub(crate) fn counts(&self, w: Window) -> [i32; 4] {
        let packed = self.packed_counts(w);
        [0, 16, 32, 48].map(|s| ((packed >> s) & 0xffff) as i32)
    }

    /// [`WindowRules::counts`] as four 16-bit counts, count `d` for
    /// [`Direction::index`] `d` (each at most the stone's partners, below
    /// 25).
    #[inline]
    pub(crate) fn packed_counts(&self, w: Window) -> u64 {
        let both = |bits: u32| u64::from(bits) | u64::from(bits) << 32;
        let kinds = [!(w.own | w.enemy | w.off), w.own, w.enemy, w.off].map(both);
        // A 16-bit count per direction.
        let mut packed = 0u64;
        let mut partners = w.own & self.partners;
        while partners != 0 {
            let c = partners.trailing_zeros() as usize;
            partners &= partners - 1;
            // The directions this partner reinforces (spread: the union of
            // the tests' directions is the or of their spread values).
            let mut held = self.first[c & 31].held_on(&kinds);
            if self.more_per_cell > 0 {
                for t in &self.more[c * self.more_per_cell..][..self.more_per_cell] {
                    held |= t.held_on(&kinds);
                }
            }
            packed += held;
        }
        packed
    }
}

/// The largest row or column distance from a stone of a cell the rule
/// groups look at (partner, check points, shape cells).
fn reach(groups: &[Group]) -> i32 {
    let far = |&(x, y): &(i32, i32)| x.abs().max(y.abs());
    groups
        .iter()
        .flat_map(|g| {
            std::iter::once(far(&g.partner)).chain(g.variants.iter().flat_map(|v| {
                v.checks
                    .iter()
                    .map(far)
                    .chain(v.shape.iter().map(|(o, _)| far(o)))
            }))
        })
        .max()
        .unwrap_or(0)
}

/// The labels listed in an attribute value, each checked against the diagram.
fn labels(file: &PatternFile, p: &Pattern, key: &str) -> Result<Vec<char>, SourceError> {
    let attr = p.attribute(key).ok_or_else(|| {
        file.error_at(
            p.location(),
            format!("rule {:?} has no `{key}:` attribute", p.name()),
        )
    })?;
    let value = attr.value.as_str();
    if value == "none" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut from = 0;
    for token in value.split_whitespace() {
        let start = value[from..].find(token).map_or(from, |i| from + i);
        from = start + token.len();
        let at = Location::new(
            attr.value_location.line,
            attr.value_location.column + value[..start].chars().count(),
        );
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None)
                if c.is_ascii_uppercase()
                    && matches!(symbol_of(p, c), Some(Symbol::AnyLabel(_))) =>
            {
                if out.contains(&c) {
                    return Err(file
                        .error_at(at, format!("`{key}:` lists {c} twice"))
                        .with_len(1));
                }
                out.push(c);
            }
            _ => {
                return Err(file
                    .error_at(
                        at,
                        format!(
                            "`{key}:` lists {token:?}, which is not an upper-case label of this diagram"
                        ),
                    )
                    .with_label("expected labels such as A B")
                    .with_len(token.chars().count()));
            }
        }
    }
    Ok(out)
}

fn symbol_of(p: &Pattern, label: char) -> Option<Symbol> {
    p.diagram()
        .cells()
        .find(|c| c.symbol.label() == Some(label))
        .map(|c| c.symbol)
}

fn read_rule(file: &PatternFile, p: &Pattern) -> Result<ReinforcementRule, SourceError> {
    let d = p.diagram();
    let (ax, ay) = d.anchor();
    if d.get(ax, ay) != Some(Symbol::AnchorOwn) {
        return Err(file.error_at(
            p.location(),
            format!(
                "rule {:?} must be anchored on the reinforced stone `@`",
                p.name()
            ),
        ));
    }
    let partner = labels(file, p, "partner")?;
    let [partner] = partner.as_slice() else {
        let at = p
            .attribute("partner")
            .map_or(p.location(), |a| a.value_location);
        return Err(file.error_at(at, "`partner:` names exactly one label"));
    };
    let partner = *partner;
    let add = p.attribute("add").ok_or_else(|| {
        file.error_at(
            p.location(),
            format!("rule {:?} has no `add:` attribute", p.name()),
        )
    })?;
    let direction = Direction::from_letter(&add.value).ok_or_else(|| {
        file.error_at(
            add.value_location,
            format!("`add:` is {:?}; expected one of n e s w", add.value),
        )
        .with_label("the direction of the anchor stone's source that gains k, as drawn")
        .with_len(add.value.chars().count())
    })?;
    let empty = labels(file, p, "empty")?;
    if empty.contains(&partner) {
        let at = p
            .attribute("empty")
            .map_or(p.location(), |a| a.value_location);
        return Err(file.error_at(
            at,
            format!("the partner {partner} cannot also be a check point"),
        ));
    }
    // Every upper-case label must say what it is.
    for c in d.cells() {
        if let Symbol::AnyLabel(l) = c.symbol {
            if l != partner && !empty.contains(&l) {
                let at = p.cell_location(c.column, c.row).unwrap_or(p.location());
                return Err(file
                    .error_at(
                        at,
                        format!("label {l} is neither the partner nor a check point"),
                    )
                    .with_label("list it in `empty:` or draw the cell with a plain symbol")
                    .with_len(1));
            }
        }
    }
    for key in p.attributes() {
        if !matches!(key.key.as_str(), "partner" | "add" | "empty" | "note") {
            return Err(file
                .error_at(
                    key.key_location,
                    format!("unknown attribute `{}:`", key.key),
                )
                .with_label("expected partner, add, empty or note")
                .with_len(key.key.chars().count()));
        }
    }
    Ok(ReinforcementRule {
        name: p.name().to_string(),
        partner,
        direction,
        empty,
    })
}

impl ReinforcementRules {
    /// Parses and checks a rule file (see the module docs and
    /// `docs/pattern-format.md`).
    pub fn parse(name: &str, text: &str) -> Result<ReinforcementRules, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut rules = Vec::new();
        for p in file.patterns() {
            match read_rule(&file, p) {
                Ok(r) => rules.push(r),
                Err(e) => errors.push(e),
            }
        }
        // The matcher's size limit applies to rule diagrams too.
        if let Err(e) = PatternSet::compile(&file) {
            errors.extend(e);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut groups: Vec<Group> = Vec::new();
        for (i, (p, r)) in file.patterns().iter().zip(&rules).enumerate() {
            let d = p.diagram();
            let offset = |label: char| d.label_offset(label).unwrap_or((0, 0));
            for sym in Symmetry::ALL {
                let t = |(dx, dy): (i32, i32)| sym.apply_offset(dx, dy);
                let mut checks: Vec<(i32, i32)> = r.empty.iter().map(|&l| t(offset(l))).collect();
                checks.sort_unstable();
                let mut shape: Vec<((i32, i32), Symbol)> = d
                    .cells()
                    .filter(|c| {
                        c.symbol != Symbol::Any
                            && c.symbol != Symbol::AnchorOwn
                            && !matches!(c.symbol, Symbol::AnyLabel(_))
                    })
                    .map(|c| (t((c.dx, c.dy)), c.symbol))
                    .collect();
                shape.sort_unstable();
                let partner = t(offset(r.partner));
                let direction = r.direction.transformed(sym);
                let v = Variant {
                    rule: i,
                    check_deltas: checks.iter().map(|&(x, y)| grid::delta(x, y)).collect(),
                    shape_masks: shape
                        .iter()
                        .map(|&((x, y), s)| {
                            (
                                grid::delta(x, y),
                                [mask(s, Color::Black), mask(s, Color::White)],
                            )
                        })
                        .collect(),
                    checks,
                    shape,
                };
                let k = if let Some(k) = groups
                    .iter()
                    .position(|g| g.partner == partner && g.direction == direction)
                {
                    k
                } else {
                    groups.push(Group {
                        partner,
                        partner_delta: grid::delta(partner.0, partner.1),
                        direction,
                        variants: Vec::new(),
                    });
                    groups.len() - 1
                };
                // A symmetric rule gives the same variant twice: keep one.
                let g = &mut groups[k];
                if !g
                    .variants
                    .iter()
                    .any(|w| w.checks == v.checks && w.shape == v.shape)
                {
                    g.variants.push(v);
                }
            }
        }
        let reach = reach(&groups);
        let window = WindowRules::new(&groups, reach);
        Ok(ReinforcementRules {
            file,
            rules,
            groups,
            reach,
            window,
        })
    }

    /// The built-in rules (`crates/influence/patterns/reinforcement.pat`).
    ///
    /// # Panics
    /// If the embedded file is broken, which the crate's tests rule out.
    pub fn builtin() -> &'static ReinforcementRules {
        static RULES: OnceLock<ReinforcementRules> = OnceLock::new();
        RULES.get_or_init(|| {
            ReinforcementRules::parse(REINFORCEMENT.0, REINFORCEMENT.1)
                .unwrap_or_else(|e| panic!("{e}"))
        })
    }

    /// The parsed file.
    pub fn file(&self) -> &PatternFile {
        &self.file
    }

    /// The rules, in file order.
    pub fn rules(&self) -> &[ReinforcementRule] {
        &self.rules
    }

    /// Number of distinct (rule, orientation) variants.
    pub fn variant_count(&self) -> usize {
        self.groups.iter().map(|g| g.variants.len()).sum()
    }

    /// Calls `f` for every reinforcement of the live stone on `stone`: each
    /// rule whose shape matches (partner an own live stone, every other
    /// cell as drawn, dead stones read as empty points) and whose check
    /// points are all empty points. A partner reinforces a direction at
    /// most once, by the first rule in the file that does. For many stones
    /// of one position the models use a faster path that prepares the
    /// position once.
    pub fn for_each(&self, ctx: &Context, stone: Point, f: impl FnMut(Reinforcement)) {
        if let Some(color) = ctx.live(stone) {
            self.for_each_in(&Grid::new(ctx), stone, color, f);
        }
    }

    /// How far (in columns or rows) from a stone the rules look: its
    /// reinforcements depend on the cells within this distance only.
    pub(crate) fn reach(&self) -> i32 {
        self.reach
    }

    /// The rules as tests on a stone's [`Window`] (see
    /// [`WindowRules::counts`]); `None` when some rule reads a cell beyond
    /// the window (then [`Self::for_each_in`] answers).
    pub(crate) fn window_rules(&self) -> Option<&WindowRules> {
        self.window.as_ref()
    }

    /// [`Self::for_each`] on a prepared grid, for a live stone of `color`.
    pub(crate) fn for_each_in(
        &self,
        grid: &Grid,
        stone: Point,
        color: Color,
        mut f: impl FnMut(Reinforcement),
    ) {
        let own = grid::code(color);
        let at = grid::index(stone);
        let c = color.index();
        let cells = &grid.live;
        for g in &self.groups {
            if cells[grid::add(at, g.partner_delta)] != own {
                continue;
            }
            let hit = g.variants.iter().find(|v| {
                v.shape_masks
                    .iter()
                    .all(|&(d, m)| m[c] & (1 << cells[grid::add(at, d)]) != 0)
                    && v.check_deltas
                        .iter()
                        .all(|&d| cells[grid::add(at, d)] == grid::EMPTY)
            });
            if let Some(v) = hit {
                // The partner holds a stone, so it is on the board.
                let Some(partner) = stone.offset(g.partner.0, g.partner.1, MAX_SIZE) else {
                    continue;
                };
                f(Reinforcement {
                    rule: v.rule,
                    partner,
                    direction: g.direction,
                });
            }
        }
    }

    /// Every reinforcement of the stone on `stone` (see [`Self::for_each`]).
    pub fn reinforcements(&self, ctx: &Context, stone: Point) -> Vec<Reinforcement> {
        let mut out = Vec::new();
        self.for_each(ctx, stone, |r| out.push(r));
        out
    }

    /// `sources` with `k` added for every reinforcement of `stone`.
    pub fn reinforce(&self, ctx: &Context, stone: Point, k: i32, sources: Sources) -> Sources {
        let mut s = sources;
        self.for_each(ctx, stone, |r| s.add(r.direction, k));
        s
    }

    /// The name of rule `index` (the pattern's name), or `?` for an
    /// unknown index.
    pub fn name(&self, index: usize) -> &str {
        self.rules.get(index).map_or("?", |r| r.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Given;
    use keisei_board::{Board, BoardMap, PointSet};
    use keisei_territory::{Owner, Territory};

    /// Rules with every kind of cell the window tests (own, enemy, own or
    /// empty, enemy or empty, edges, anything), two rules giving one
    /// partner and direction (a group of several variants), and partner
    /// cells with more than two variants.
    const VARIED: &str = "
pattern nobi
  partner: P
  add: n
  empty: A B
  A B
  @ P

pattern nobi-wide
  partner: P
  add: n
  empty: A
  A x
  @ P

pattern edge
  partner: P
  add: w
  empty: A
  | A .
  | @ P

pattern cap
  partner: P
  add: s
  empty: A
  - - -
  @ P o
  A ? ?

pattern opposed
  partner: P
  add: e
  empty: A
  O A .
  ? @ .
  . . P

pattern far
  partner: P
  add: s
  empty: A B
  @ . P
  A . O
  . B x
";

    /// For each live stone of many random positions, the window tests
    /// count the reinforcements of each direction that the grid matcher
    /// finds: the built-in rules and rules of every kind of cell.
    #[test]
    fn window_counts_are_the_grid_matcher_counts() {
        let varied = ReinforcementRules::parse("varied.pat", VARIED).unwrap();
        let all = [ReinforcementRules::builtin(), &varied];
        for rules in all {
            assert!(rules.window_rules().is_some());
        }
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..300 {
            let size = [5u8, 7, 9, 13, 19][round % 5];
            let density = next() % 90;
            let mut board = Board::new(u32::from(size)).unwrap();
            let mut dead = PointSet::new();
            for p in board.points().collect::<Vec<_>>() {
                let r = next();
                if r % 100 < density {
                    let color = if r & 256 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    board.set_stone(color, p).unwrap();
                    if r % 17 == 0 {
                        dead.insert(p);
                    }
                }
            }
            let strength = BoardMap::new(size, 0.0);
            let territory = Territory {
                map: BoardMap::new(size, Owner::None),
                regions: Vec::new(),
                black: 0,
                white: 0,
            };
            let none = PointSet::new();
            let ctx = Context {
                board: &board,
                strength: &strength,
                unattackable: &none,
                dead: &dead,
                territory: &territory,
                given: Given::default(),
            };
            let grid = Grid::new(&ctx);
            let mut live = board.point_sets().stones;
            for s in &mut live {
                s.subtract(&dead);
            }
            let windows = Windows::new(size, &live.map(|set| set.rows(size)));
            for rules in all {
                let window = rules.window_rules().unwrap();
                for p in board.points() {
                    let Some(color) = ctx.live(p) else { continue };
                    let mut expected = [0; 4];
                    rules.for_each_in(&grid, p, color, |r| expected[r.direction.index()] += 1);
                    assert_eq!(
                        window.counts(windows.get(p.x() as usize, p.y() as usize, color)),
                        expected,
                        "{p:?} round {round}"
                    );
                }
            }
        }
    }
}
