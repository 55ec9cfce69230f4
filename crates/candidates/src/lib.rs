//! Candidate moves from move-probability tables (seed 002) and pattern
//! efficiency (seed 003).
//!
//! # What this crate owns (issue 9)
//! Pm, Pp and Pb tables counted from game records and stored with bincode
//! behind one small module, the candidate generators (top X∩Y∩Z, thresholds,
//! a combined ranking), and the efficiency multipliers of local patterns.
//!
//! # What it must not know
//! The evaluation function: it proposes moves, the evaluate crate judges
//! them. It depends only on `keisei-board`.
//!
//! The implementation arrives with issue 9; until then this crate is empty on
//! purpose rather than holding placeholder functions.
