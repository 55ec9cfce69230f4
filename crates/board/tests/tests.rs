//! Integration tests of keisei-board: one test binary, one module per concern.

mod board;
mod map;
mod pattern;
mod reading;
mod sgf;
