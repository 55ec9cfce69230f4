//! Territory in keisei: connections, enclosed territory, control blocks and
//! the attack-ease of territory.
//!
//! # What this crate owns
//! - [`connections`]: links between stones of one colour and to the edge,
//!   recognised by the pattern file `patterns/connections.pat` plus tactical
//!   reading on the cutting points, each with a coefficient 1 / 0.5 / 0
//!   (seed 000 §3.1, §3.3.4, §4.3).
//! - [`territory`]: regions closed by one colour's stones, links and the edge
//!   (seed 000 §3.1).
//! - [`blocks`]: seed 000's restriction blocks and seed 001's zone-dependent
//!   control blocks, with the removal rules of `patterns/block-removal.pat`
//!   (seed 000 §3.2.1, seed 001 §3.1.1).
//! - [`attack_ease`]: the kosuri-number distance and the attack-ease `G` of
//!   territory, with seed 001's territory value `Σ C_ter · G · δ_ter`
//!   (seed 001 §3.1.2–3.1.3).
//!
//! # What it must not know
//! Group strength, danger, influence or weights. Which stones "cannot be
//! attacked" (for blocks) and which stones are dead (for territory) are
//! decided by the groups crate and passed in as values.

mod attack_ease;
mod blocks;
mod border;
mod connections;
mod enclosed;
mod links;
pub mod patterns;

pub use attack_ease::{
    AttackEase, AttackEaseParams, OwnerRows, attack_ease, attack_ease_of_rows, kosuri_distance,
    owner_rows, safe_attack_ease_of_rows,
};
pub use blocks::{
    BlockCell, BlockFinder, BlockModel, Blocks, ZONE_LINE, Zone, block_extent, block_of,
    block_reach, block_shape, blocks, blocks_of_sets, restriction_and_zone_blocks, zone,
};
pub use border::{BorderCell, border_cell, border_cells, ring_len};
pub use connections::{
    CUT_LIMITS, LinkMemo, SharedLinks, coefficient, connections, connections_lean,
    connections_recorded, connections_reusing, connections_reusing_lean,
    connections_reusing_shared, cut_state,
};
pub use enclosed::{
    Insides, Owner, Region, SharedWalls, Territory, TerritoryOptions, insides_of, insides_sharing,
    territory, territory_of,
};
pub use links::{Cells, Connections, CutState, Link, LinkEnd};

/// Serialises a point set as a list of `(x, y)` pairs.
pub(crate) fn serialize_points<S: serde::Serializer>(
    set: &keisei_board::PointSet,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(|p| (p.x(), p.y())))
}
