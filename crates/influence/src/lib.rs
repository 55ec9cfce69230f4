//! Influence in keisei: three swappable models behind one interface.
//!
//! # What this crate owns (issue 6)
//! - The ellipse model (seed 000 §3.2): four direction sources per stone,
//!   reinforcement rules from a pattern file, truncation at restriction
//!   blocks, ellipse expansion.
//! - The projection model (seed 001 §3.2): zone-dependent sources, axis
//!   decay, off-axis projection `floor((max·min − min)/max)`, blocking by
//!   enemy stones on the line.
//! - The dots model (seed 003): 4/3/2/1 stone influence, non-linear
//!   combination and adjustment rules, block recognition.
//!
//! # What it must not know
//! Weights, move ranking, or how strength and danger are computed: those come
//! in as values from the groups crate's results.
//!
//! The implementation arrives with issue 6; until then this crate is empty on
//! purpose rather than holding placeholder functions.
