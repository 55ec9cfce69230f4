//! Groups in keisei: strength, encirclement, danger and importance.
//!
//! # What this crate owns
//! - [`analyse`]: groups (chains joined by connections of coefficient 1),
//!   their eye regions valued by the eye database, eye certainty (eq. 3),
//!   eye room (fig. 22, `patterns/room.pat`), strength (eq. 4), connection
//!   shares (§3.3.4), 4th-order liberties and encirclement (§3.3.3) and
//!   danger (eq. 2) — seed 000 §3.3.
//! - [`analyse_settled`]: which groups are dead, with the groups read again
//!   where a dead stone inside the other side's eye space hid an eye.
//! - [`importance`] and danger-minus (§3.3.5).
//! - [`block_danger`]: seed 003's block danger (freedom stage 1 and 2, two
//!   eyes, size), a second danger model.
//! - [`life_status`]: seed 001's per-stone life status, with
//!   [`unconditionally_alive`] (Benson) for exact pass-alive groups.
//!
//! # What it must not know
//! How influence is computed: importance takes the points under each
//! colour's influence as values, and the block-danger model takes the
//! blocks as values (the influence crate computes both). It depends on
//! `keisei-board`, `keisei-eyes` and `keisei-territory` only.

mod benson;
mod block_danger;
mod danger;
mod group;
mod importance;
mod liberties;
mod room;
mod settle;
mod status;

pub use benson::unconditionally_alive;
pub use block_danger::{
    BlockDanger, BlockDangerParams, BlockInput, FreedomStage, block_danger, freedom,
};
pub use danger::{danger, encirclement};
pub use group::{
    DeadBySize, EyeRegion, Group, GroupParams, Groups, GroupsMemo, Sharing, analyse,
    analyse_sharing, analyse_sharing_links, eye_certainty,
};
pub use importance::{
    DangerMinus, Importance, Spheres, check_range, danger_minus, danger_minus_totals, importance,
};
pub use liberties::liberties_of_order;
pub use room::{ROOM, RoomPatterns, disjoint_rooms};
pub use settle::{FirstReading, Settled, SettledMemo, SettledSharing, analyse_settled};
pub use status::{ENCLOSED, LifeStatus, life_status};

use keisei_board::PointSet;

pub(crate) fn serialize_points<S: serde::Serializer>(
    set: &PointSet,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(|p| (p.x(), p.y())))
}

pub(crate) fn serialize_display<T: std::fmt::Display, S: serde::Serializer>(
    v: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}
