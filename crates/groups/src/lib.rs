//! Groups in keisei: strength, encirclement, danger and importance.
//!
//! # What this crate owns (issue 5)
//! - Groups (chains joined by connections of coefficient 1), their eye
//!   regions, eye values from the eye database, eye certainty and eye room,
//!   strength (seed 000 §3.3.2, eq. 3–4) and connection shares (§3.3.4).
//! - Encirclement from 4th-order liberties, danger (eq. 2 as reconstructed in
//!   BRIEF.md), importance and danger-minus (§3.3.1, §3.3.3, §3.3.5).
//! - Seed 003's block danger (freedom stage 1 and 2) and seed 001's per-stone
//!   life status by search, as alternative models.
//!
//! # What it must not know
//! How influence is computed: importance takes the influence map as a value.
//! It depends on `keisei-board`, `keisei-eyes` and `keisei-territory` only.
//!
//! The implementation arrives with issue 5; until then this crate is empty on
//! purpose rather than holding placeholder functions.
