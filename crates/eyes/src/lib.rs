//! The eye-shape database of keisei.
//!
//! # What this crate owns (issue 3)
//! Eye shapes as plain-text files a maintainer edits (diagram, value `[a,b]`,
//! vital points), their parser and formatter, a linter, a verifier that
//! recomputes every shape's value by local search, and the lookup of an eye
//! region on a board under the 8 symmetries (seed 000 §3.3.2: the eye count of
//! a group's eye regions; regions of 10 or more points are `[M,M]`).
//!
//! # What it must not know
//! Groups, territory, influence or weights: it answers "how many eyes does
//! this region give its owner, moving first and second", nothing more. It
//! depends only on `keisei-board`.
//!
//! The implementation arrives with issue 3; until then this crate is empty on
//! purpose rather than holding placeholder functions.
