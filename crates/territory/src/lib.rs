//! Territory in keisei: connections, enclosed territory, control blocks and
//! the attack-ease of territory.
//!
//! # What this crate owns (issue 4)
//! - Connections between stones of one colour and to the edge, from a pattern
//!   file plus tactical reading, each with a coefficient 1 / 0.5 / 0
//!   (seed 000 §3.1, §3.3.4).
//! - Territory: regions closed by one colour's stones, connections and the
//!   edge (seed 000 §3.1).
//! - Restriction blocks (seed 000 §3.2.1) and zone-dependent control blocks
//!   (seed 001 §3.1.1).
//! - Kosuri-number distance and the attack-ease `G` of territory
//!   (seed 001 §3.1.2–3.1.3).
//!
//! # What it must not know
//! Group strength, danger, influence or weights. Which stones "cannot be
//! attacked" is decided by the groups crate and passed in as a value.
//!
//! The implementation arrives with issue 4; until then this crate is empty on
//! purpose rather than holding placeholder functions.
