//! Influence in keisei: three swappable models behind one interface.
//!
//! Influence (勢力) is the pull of stones on the empty points around them:
//! not territory yet, but what may become territory (seed 001 §2.2). Every
//! model takes a [`Context`] — the board plus what the groups crate knows
//! (group strength, unattackable stones, dead stones, territory) as values —
//! and returns one [`Influence`]: a signed map (Black positive), who has
//! influence over each point ([`Under`]), and a score per colour. The models
//! implement [`Model`], so a caller can swap them freely.
//!
//! # What this crate owns (issue 6)
//! - [`Ellipse`] (seed 000 §3.2): restriction blocks around unattackable
//!   stones (from keisei-territory), four direction sources per stone
//!   `p = a·s + a'`, reinforcement rules from a pattern file
//!   (`patterns/reinforcement.pat`, [`ReinforcementRules`]), truncation at
//!   blocks and unattackable enemy stones, expansion by quarter ellipses.
//! - [`Projection`] (seed 001 §3.2): zone-dependent sources limited by
//!   liberties, the same reinforcement rules, axis decay
//!   [`axis_value`], off-axis projection [`off_axis_value`]
//!   `floor((max·min − min)/max)`, blocking by enemy stones on the straight
//!   line ([`line_between`]), the value `Σ C_inf · H · δ_inf` (eq. 3).
//! - [`Dots`] (seed 003): 4/3/2/1 stone influence, non-linear combination,
//!   adjustment rules, false eyes, and block recognition ([`dot_blocks`]),
//!   exported for the groups crate's block-danger model.
//! - [`StandaloneInputs`]: stand-in inputs (strength 0.5, reader-safe
//!   stones unattackable, nothing dead) so the models run without the
//!   groups crate.
//!
//! # What it must not know
//! How strength, danger or life and death are computed (they come in as
//! values: [`Context::strength`], [`Context::unattackable`],
//! [`Context::dead`]), evaluation weights, or move ranking. It depends on
//! keisei-board and keisei-territory only — never on keisei-groups, which
//! takes this crate's maps as values.
//!
//! The rules the papers leave open, and the readings chosen, are in
//! `docs/algorithms.md` §5.
//!
//! ```
//! use keisei_board::Board;
//! use keisei_influence::{Ellipse, Model, StandaloneInputs};
//!
//! let board = Board::from_diagram(
//!     ". . . . . . . . .
//!      . . . . . . . . .
//!      . . X . . . O . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . X . . . O . .
//!      . . . . . . . . .
//!      . . . . . . . . .",
//! )
//! .unwrap();
//! let inputs = StandaloneInputs::new(&board);
//! let influence = Ellipse::new().influence(&inputs.context(&board));
//! assert!(influence.black > 0.0 && influence.black == influence.white);
//! ```

mod context;
mod dots;
mod ellipse;
mod geometry;
mod grid;
mod influence;
mod projection;
pub mod rules;

/// A xorshift generator of test inputs from `seed` (not 0): the same
/// numbers on every run, no dependency.
#[cfg(test)]
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

pub use context::{Context, Given, GroupStrengths, StandaloneInputs};
pub use dots::{
    DOTS_REACH, DotBlock, Dots, DotsAnalysis, DotsParams, SPHERE, Weakening, dot_blocks,
    is_false_eye, stone_influence,
};
pub use ellipse::{Ellipse, EllipseAnalysis, EllipseParams, EllipseStone, in_ellipse};
pub use geometry::{Direction, MAX_REACH, Sources, line_between};
pub use influence::{Influence, InfluenceMemo, Model, ModelKind, Summary, Under};
pub use projection::{
    Projection, ProjectionAnalysis, ProjectionParams, ProjectionStone, axis_value, off_axis_value,
};
pub use rules::{Reinforcement, ReinforcementRule, ReinforcementRules};

/// The model of a kind with its default constants (and the built-in rules).
pub fn model(kind: ModelKind) -> Box<dyn Model + Send + Sync> {
    match kind {
        ModelKind::Ellipse => Box::new(Ellipse::new()),
        ModelKind::Projection => Box::new(Projection::new()),
        ModelKind::Dots => Box::new(Dots::new()),
    }
}
