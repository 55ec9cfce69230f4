//! The eye search's table of results, and its hasher. Keys are small
//! integers built by the crate (search positions): std's default
//! (`SipHash`, keyed at random to resist flooding by untrusted keys) costs more
//! than the searches it serves. Keys here come from the crate itself, so a
//! plain mixing function is enough: every word is folded in with a multiply,
//! and the result goes through the finaliser of `SplitMix64` so that the low
//! bits the table indexes by depend on every bit of the key.

use std::hash::Hasher;

/// The hasher of [`ResultTable`]; deterministic (no random key).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MixHasher(u64);

const K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for MixHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(K);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
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
        let mut h = MixHasher::default();
        h.write_u64(key);
        (h.finish() as usize) & (self.slots.len() - 1)
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
    use std::hash::{BuildHasher, BuildHasherDefault};

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
        let build = BuildHasherDefault::<MixHasher>::default();
        for shift in [0u32, 16, 32, 40, 41, 57] {
            let buckets: std::collections::HashSet<u64> = (0..64u64)
                .map(|i| build.hash_one(i << shift) & 0xff)
                .collect();
            assert!(
                buckets.len() > 40,
                "shift {shift}: {} buckets",
                buckets.len()
            );
        }
    }
}
