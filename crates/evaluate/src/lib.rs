//! keisei as a library: the thin facade over the factor crates.
//!
//! # What this crate owns
//! Configuration ([`config`]: which model per factor, weights, seed 004's
//! situation-dependent weight tables and the phase gate), composition of the
//! factors into one [`Evaluation`] (seed 000 eq. 1, seed 001 eq. 9) with an
//! ownership map and a score estimate, and move ranking ([`rank`]: method 1
//! and method 2 of seed 000 §4, per factor). Like ripgrep's `grep` crate it
//! re-exports each layer under a short name: [`board`], [`eyes`],
//! [`territory`], [`groups`], [`influence`], [`candidates`].
//!
//! # What it must not know
//! Any factor's algorithm: territory, groups, influence and candidates are
//! computed by their own crates; this crate only wires and weighs them.

pub mod bench;
pub mod config;
mod evaluation;
pub mod features;
mod prior;
pub mod rank;
pub mod tune;

pub use config::Config;
pub use evaluation::{
    ChildValue, Evaluation, Evaluator, Shared, Terms, area_score, life_value, link_value,
    ownership, score,
};
pub use prior::Prior;
pub use rank::{Factor, Method, RankedMove};

pub use keisei_board as board;
pub use keisei_candidates as candidates;
pub use keisei_eyes as eyes;
pub use keisei_groups as groups;
pub use keisei_influence as influence;
pub use keisei_territory as territory;
