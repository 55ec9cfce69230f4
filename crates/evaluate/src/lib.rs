//! keisei as a library (work in progress).

pub mod config;
pub use keisei_board as board;
