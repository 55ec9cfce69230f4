//! The eye search's table of results, and its hash. Keys are small
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
