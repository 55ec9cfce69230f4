//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! identical on every machine and every run.

use crate::point::NUM_CELLS;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; NUM_CELLS]; 2] {
    let mut keys = [[0u64; NUM_CELLS]; 2];
    let mut state = 0x6B65_6973_6569_2121; // "keisei!!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < NUM_CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// `STONE_KEYS[color][point]`.
pub(crate) static STONE_KEYS: [[u64; NUM_CELLS]; 2] = make_keys();

/// Key mixed in when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = 0x2F0A_3C1D_6E5B_4978;
