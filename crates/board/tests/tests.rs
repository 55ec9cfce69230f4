//! Integration tests of keisei-board: one test binary, one module per concern.

// Tests compare exact values on purpose.
#![allow(clippy::float_cmp)]

mod board;
mod map;
mod pattern;
mod reading;
mod sgf;
