//! The eye search's tables of results ([`Results`]: positions of small
//! spaces by index, the rest by hash), and the hash. Keys are small
//! integers built by the crate (search positions): std's default
//! (`SipHash`, keyed at random to resist flooding by untrusted keys) costs more
//! than the searches it serves. Keys here come from the crate itself, so a
//! plain mixing function is enough: a multiply, then the finaliser of
//! `SplitMix64` so that the low bits the table indexes by depend on every
//! bit of the key.

/// The hash of a key: multiplied by an odd constant, then the finaliser of
/// `SplitMix64`, so that the low bits a table indexes by depend on every
/// bit of the key. Deterministic (no random key).
#[inline]
pub(crate) fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The search's table of results: a bool for each key below 2^62 (the
/// positions as the search packs them). Open addressing with linear
/// probing in one array of words, each slot `key | OCCUPIED | value << 63`
/// (0: empty), at most half full: a lookup reads one word, mostly in one
/// cache line, where a `HashMap<u64, bool>` reads a control group and a
/// 16-byte entry.
#[derive(Clone, Debug)]
pub(crate) struct ResultTable {
    slots: Vec<u64>,
    len: usize,
}

const OCCUPIED: u64 = 1 << 62;
const KEY_MASK: u64 = OCCUPIED - 1;

impl ResultTable {
    /// An empty table with room for `capacity` results before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> ResultTable {
        ResultTable {
            slots: vec![0; (2 * capacity).next_power_of_two().max(16)],
            len: 0,
        }
    }

    /// The first slot to try for `key`.
    #[inline]
    fn home(&self, key: u64) -> usize {
        (mix(key) as usize) & (self.slots.len() - 1)
    }

    /// The result kept for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<bool> {
        debug_assert!(key <= KEY_MASK);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot & KEY_MASK == key {
                return Some(slot >> 63 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Keeps `value` for `key` (replacing what was kept).
    pub(crate) fn insert(&mut self, key: u64, value: bool) {
        debug_assert!(key <= KEY_MASK);
        if 2 * (self.len + 1) > self.slots.len() {
            let doubled = vec![0; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, doubled);
            self.len = 0;
            for slot in old.into_iter().filter(|&s| s != 0) {
                self.insert(slot & KEY_MASK, slot >> 63 == 1);
            }
        }
        let entry = key | OCCUPIED | u64::from(value) << 63;
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = entry;
                self.len += 1;
                return;
            }
            if slot & KEY_MASK == key {
                self.slots[i] = entry;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

/// The largest space whose positions without a ko [`Results`] keeps in a
/// table indexed by the position itself: `3^10` stone layouts, four
/// entries each, 2 bits an entry (58 KiB).
pub(crate) const DIRECT_POINTS: usize = 10;

/// The ko point of a search position without a ko.
pub(crate) const NO_KO: u8 = u8::MAX;
const KO_SHIFT: u32 = 32;

/// The key of a search position, as [`Results`] reads it: the owner's
/// stones (bits 0–15), the opponent's (16–31), the ko point (32–39,
/// [`NO_KO`] for none), whether the owner moves (40) and whether the last
/// move was a pass (41).
#[inline]
pub(crate) fn result_key(own: u16, opp: u16, ko: u8, owner_moves: bool, passed: bool) -> u64 {
    u64::from(own)
        | u64::from(opp) << 16
        | u64::from(ko) << KO_SHIFT
        | u64::from(owner_moves) << 40
        | u64::from(passed) << 41
}

/// `Σ 3^i` over the set bits `i` of a byte: a stone layout's base-3 index
/// from its masks, a byte at a time.
const TERNARY: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 1;
    while b < 256 {
        // The lowest set bit's power of three, plus the rest's.
        let low = (b as u32).trailing_zeros();
        t[b] = 3u32.pow(low) + t[b & (b - 1)];
        b += 1;
    }
    t
};

/// The eye search's results: for a space of up to [`DIRECT_POINTS`]
/// points, the positions without a ko in a table indexed by the position
/// (its stones read as a base-3 number, then the side to move and the pass
/// flag; 2 bits each: unknown, false, true), small enough to stay in a
/// core's cache where a hash table of the same positions would not; every
/// other position in a [`ResultTable`].
#[derive(Clone, Debug)]
pub(crate) struct Results {
    /// Empty for a larger space.
    direct: Vec<u64>,
    hashed: ResultTable,
}

impl Results {
    /// An empty table for a space of `points` points.
    pub(crate) fn new(points: usize) -> Results {
        if points <= DIRECT_POINTS {
            let entries = 4 * 3usize.pow(points as u32);
            Results {
                direct: vec![0; entries.div_ceil(32)],
                hashed: ResultTable::with_capacity(64),
            }
        } else {
            Results {
                direct: Vec::new(),
                // Room for a mid-sized search without growing step by step.
                hashed: ResultTable::with_capacity(4096),
            }
        }
    }

    /// Where the result of `key` is kept: worked out once for a position,
    /// then read and written there.
    #[inline]
    pub(crate) fn locate(&self, key: u64) -> Slot {
        if self.direct.is_empty() || (key >> KO_SHIFT) & 0xFF != u64::from(NO_KO) {
            return Slot::Hashed(key);
        }
        let layout = |stones: u64| {
            TERNARY[(stones & 0xFF) as usize] + TERNARY[((stones >> 8) & 0xFF) as usize] * 6561
        };
        let stones = layout(key & 0xFFFF) + 2 * layout((key >> 16) & 0xFFFF);
        Slot::Direct(4 * stones as usize + ((key >> 40) & 3) as usize)
    }

    /// The result kept at `slot`.
    #[inline]
    pub(crate) fn get(&self, slot: Slot) -> Option<bool> {
        match slot {
            Slot::Direct(i) => match (self.direct[i / 32] >> (2 * (i % 32))) & 3 {
                0 => None,
                v => Some(v == 3),
            },
            Slot::Hashed(key) => self.hashed.get(key),
        }
    }

    /// Keeps `value` at `slot` (replacing what was kept).
    #[inline]
    pub(crate) fn insert(&mut self, slot: Slot, value: bool) {
        match slot {
            Slot::Direct(i) => {
                let shift = 2 * (i % 32);
                let word = &mut self.direct[i / 32];
                *word = (*word & !(3 << shift)) | (2 | u64::from(value)) << shift;
            }
            Slot::Hashed(key) => self.hashed.insert(key, value),
        }
    }
}

/// Where [`Results`] keeps a position's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The entry of the direct table.
    Direct(usize),
    /// The key in the hash table.
    Hashed(u64),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table keeps every result through its growth, replaces a key's
    /// value, and answers nothing for keys it never held (0 included).
    #[test]
    fn a_result_table_finds_what_it_holds() {
        let mut t = ResultTable::with_capacity(4);
        let key = |i: u64| ((i + 1) * 0x9e37) << 20 | i;
        for i in 0..20_000u64 {
            t.insert(key(i), i % 3 == 0);
        }
        for i in (0..20_000u64).step_by(7) {
            t.insert(key(i), i % 3 != 0);
        }
        assert!((0..20_000u64).all(|i| t.get(key(i)) == Some((i % 3 == 0) != (i % 7 == 0))));
        assert_eq!(t.len, 20_000);
        assert_eq!(t.get(0), None);
        assert_eq!(t.get(KEY_MASK), None);
        t.insert(0, true);
        assert_eq!(t.get(0), Some(true));
    }

    /// The base-3 table: a byte's bits as powers of three.
    #[test]
    fn ternary_digits_are_the_bits() {
        for (b, &got) in TERNARY.iter().enumerate() {
            let want: u32 = (0..8)
                .filter(|i| b >> i & 1 == 1)
                .map(|i| 3u32.pow(i))
                .sum();
            assert_eq!(got, want, "byte {b:#010b}");
        }
    }

    /// Every position of a small space, with and without a ko, each side
    /// to move and pass flag, keeps its own result (no two share an entry)
    /// and answers nothing before it is kept; a larger space's positions
    /// go to the hash table alone.
    #[test]
    fn results_keep_each_position_apart() {
        for points in [1usize, 3, 4, 9, 10, 11] {
            let mut r = Results::new(points);
            assert_eq!(r.direct.is_empty(), points > DIRECT_POINTS);
            let mut keys = Vec::new();
            // Layouts: each point empty, owner's or opponent's.
            let layouts = 3usize.pow(points.min(5) as u32);
            for l in 0..layouts {
                let (mut own, mut opp, mut x) = (0u16, 0u16, l);
                for i in 0..points.min(5) {
                    match x % 3 {
                        1 => own |= 1 << (points - 1 - i),
                        2 => opp |= 1 << (points - 1 - i),
                        _ => {}
                    }
                    x /= 3;
                }
                for ko in [NO_KO, 0] {
                    for flags in 0..4 {
                        let (owner_moves, passed) = (flags & 1 == 1, flags & 2 == 2);
                        keys.push(result_key(own, opp, ko, owner_moves, passed));
                    }
                }
            }
            for (i, &k) in keys.iter().enumerate() {
                let at = r.locate(k);
                let direct = matches!(at, Slot::Direct(_));
                assert_eq!(
                    direct,
                    points <= DIRECT_POINTS && (k >> KO_SHIFT) & 0xFF == u64::from(NO_KO)
                );
                assert_eq!(
                    r.get(at),
                    None,
                    "{points} points: key {k:#x} before it was kept"
                );
                r.insert(at, i % 3 == 0);
            }
            for (i, &k) in keys.iter().enumerate() {
                let at = r.locate(k);
                assert_eq!(r.get(at), Some(i % 3 == 0), "{points} points: key {k:#x}");
                r.insert(at, i % 3 != 0);
                assert_eq!(r.get(at), Some(i % 3 != 0));
            }
        }
    }

    /// 64 keys that differ only in six bits, wherever those bits are, land
    /// in many of the 256 buckets of the low byte of the hash, not in one.
    #[test]
    fn one_bit_changes_the_low_bits() {
        for shift in [0u32, 16, 32, 40, 41, 57] {
            let buckets: std::collections::HashSet<u64> =
                (0..64u64).map(|i| mix(i << shift) & 0xff).collect();
            assert!(
                buckets.len() > 40,
                "shift {shift}: {} buckets",
                buckets.len()
            );
        }
    }
}
