//! A fast hasher for the crate's own tables, whose keys are small integers
//! built by the crate (search positions, shape keys): std's default
//! (`SipHash`, keyed at random to resist flooding by untrusted keys) costs more
//! than the searches it serves. Keys here come from the crate itself, so a
//! plain mixing function is enough: every word is folded in with a multiply,
//! and the result goes through the finaliser of `SplitMix64` so that the low
//! bits the table indexes by depend on every bit of the key.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with [`MixHasher`].
pub(crate) type MixMap<K, V> = HashMap<K, V, BuildHasherDefault<MixHasher>>;

/// An empty [`MixMap`] with room for `capacity` entries.
pub(crate) fn with_capacity<K, V>(capacity: usize) -> MixMap<K, V> {
    MixMap::with_capacity_and_hasher(capacity, BuildHasherDefault::default())
}

/// The hasher of [`MixMap`]; deterministic (no random key).
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

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

    #[test]
    fn a_map_finds_what_it_holds() {
        let mut m: MixMap<u64, u64> = MixMap::default();
        for i in 0..10_000u64 {
            m.insert(i << 16 | i, i);
        }
        assert!((0..10_000u64).all(|i| m.get(&(i << 16 | i)) == Some(&i)));
        assert_eq!(m.get(&1), None);
    }
}
