//! The one output type every model returns, and the trait they share.

use crate::context::Context;
use keisei_board::{BoardMap, Color, MapCell, PointSet};
use serde::Serialize;
use std::fmt;

/// Which influence model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelKind {
    /// Seed 000 §3.2: direction sources and ellipses.
    Ellipse,
    /// Seed 001 §3.2: zone-dependent sources and projections.
    Projection,
    /// Seed 003: Handtalk's stone influence and dots.
    Dots,
}

impl ModelKind {
    /// All three, in seed order.
    pub const ALL: [ModelKind; 3] = [ModelKind::Ellipse, ModelKind::Projection, ModelKind::Dots];

    /// The lower-case name (`ellipse`, `projection`, `dots`).
    pub const fn name(self) -> &'static str {
        match self {
            ModelKind::Ellipse => "ellipse",
            ModelKind::Projection => "projection",
            ModelKind::Dots => "dots",
        }
    }

    /// The seed and section the model comes from.
    pub const fn source(self) -> &'static str {
        match self {
            ModelKind::Ellipse => "seed 000 §3.2",
            ModelKind::Projection => "seed 001 §3.2",
            ModelKind::Dots => "seed 003",
        }
    }
}

impl fmt::Display for ModelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who has influence over a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Under {
    /// Nobody (or a stone: only empty points and dead stones are under influence).
    #[default]
    None,
    /// Black.
    Black,
    /// White.
    White,
    /// Both colours (seed 000 fig. 18's grey squares).
    Both,
}

// [`Influence::summary`] reads the discriminant's bit 0 as Black's and bit 1
// as White's.
const _: () = assert!(
    Under::None as u32 == 0
        && Under::Black as u32 == 1
        && Under::White as u32 == 2
        && Under::Both as u32 == 3
);

impl Under {
    /// `Black` or `White` for one colour.
    pub const fn of(color: Color) -> Under {
        match color {
            Color::Black => Under::Black,
            Color::White => Under::White,
        }
    }

    /// From whether each colour reaches the point.
    pub const fn from_reach(black: bool, white: bool) -> Under {
        match (black, white) {
            (false, false) => Under::None,
            (true, false) => Under::Black,
            (false, true) => Under::White,
            (true, true) => Under::Both,
        }
    }

    /// Whether `color` has influence here (alone or shared).
    pub const fn includes(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Under::Both, _) | (Under::Black, Color::Black) | (Under::White, Color::White)
        )
    }

    /// The same with colours swapped.
    #[must_use]
    pub const fn swapped(self) -> Under {
        match self {
            Under::Black => Under::White,
            Under::White => Under::Black,
            other => other,
        }
    }

    /// The one-character symbol of maps and JSON: `x` Black, `o` White,
    /// `*` both, `.` nobody.
    pub const fn symbol(self) -> char {
        match self {
            Under::None => '.',
            Under::Black => 'x',
            Under::White => 'o',
            Under::Both => '*',
        }
    }
}

impl MapCell for Under {
    /// `x` Black, `o` White, `*` both, `.` nobody.
    fn render_cell(&self) -> String {
        self.symbol().to_string()
    }
}

/// The influence of a position under one model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Influence {
    /// The model that computed it.
    pub model: ModelKind,
    /// Signed strength per point, positive for Black, negative for White.
    /// What "strength" means is the model's (see each model's docs); 0 on
    /// live stones.
    pub value: BoardMap<f64>,
    /// Who has influence over each point, as the model derives it.
    pub under: BoardMap<Under>,
    /// Black's influence score as the model defines it.
    pub black: f64,
    /// White's influence score as the model defines it.
    pub white: f64,
}

impl Influence {
    /// Black's score minus White's.
    pub fn net(&self) -> f64 {
        self.black - self.white
    }

    /// The score of `color`.
    pub fn score(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The points under `color`'s influence (alone or shared).
    pub fn points_under(&self, color: Color) -> usize {
        self.under.iter().filter(|(_, u)| u.includes(color)).count()
    }

    /// The scores and the points under each colour, without the maps.
    pub fn summary(&self) -> Summary {
        // A row's points under each colour as bits, without a branch on
        // what a point holds (on the path of every evaluation): bit 0 of
        // `Under`'s discriminant is Black's, bit 1 White's.
        fn row_bits<'u>(row: impl Iterator<Item = &'u Under>) -> [u32; 2] {
            row.enumerate().fold([0u32; 2], |[b, w], (x, &u)| {
                let u = u as u32;
                [b | (u & 1) << x, w | (u >> 1) << x]
            })
        }
        let mut under = [PointSet::new(), PointSet::new()];
        let n = usize::from(self.under.size());
        let mut add = |y: usize, bits: [u32; 2]| {
            for (set, bits) in under.iter_mut().zip(bits) {
                set.insert_row_bits(y as u8, bits);
            }
        };
        match self.under.array().as_slice() {
            Some(cells) if n > 0 => {
                for (y, row) in cells.chunks_exact(n).enumerate() {
                    add(y, row_bits(row.iter()));
                }
            }
            _ => {
                for (y, row) in self.under.array().outer_iter().enumerate() {
                    add(y, row_bits(row.iter()));
                }
            }
        }
        Summary {
            model: self.model,
            under,
            black: self.black,
            white: self.white,
        }
    }
}

/// What an evaluation of many positions needs of each one's influence
/// (move ranking, through [`Model::summary_reusing`]): the scores and who
/// has influence where, as point sets, without the maps.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The model that computed it.
    pub model: ModelKind,
    /// The points under each colour's influence, Black's then White's
    /// (indexed by [`Color::index`]); a point under both is in both.
    pub under: [PointSet; 2],
    /// Black's influence score as the model defines it.
    pub black: f64,
    /// White's influence score as the model defines it.
    pub white: f64,
}

impl Summary {
    /// Black's score minus White's.
    pub fn net(&self) -> f64 {
        self.black - self.white
    }

    /// The points under `color`'s influence (alone or shared).
    pub fn under(&self, color: Color) -> &PointSet {
        &self.under[color.index()]
    }
}

/// An influence model: position and group information in, an [`Influence`] out.
///
/// The three models of this crate implement it, so a caller can hold any of
/// them as `&dyn Model` or `Box<dyn Model>` and swap them freely.
pub trait Model {
    /// Which model this is.
    fn kind(&self) -> ModelKind;
    /// The influence of the position described by `ctx`.
    fn influence(&self, ctx: &Context) -> Influence;

    /// [`Model::influence`] and its [`Influence::summary`] (a model may
    /// make both at once). The default summarises the influence.
    fn influence_and_summary(&self, ctx: &Context) -> (Influence, Summary) {
        let influence = self.influence(ctx);
        let summary = influence.summary();
        (influence, summary)
    }

    /// [`Model::influence`], also keeping what the influence of another
    /// position may reuse ([`Model::influence_reusing`]); `None` when the
    /// model keeps nothing (the default).
    fn influence_recorded(&self, ctx: &Context) -> (Influence, Option<InfluenceMemo>) {
        (self.influence(ctx), None)
    }

    /// [`Model::influence`] of `ctx`, reusing what `memo` (kept by
    /// [`Model::influence_recorded`] of this model on another position)
    /// holds where the inputs it depended on are unchanged. The result
    /// equals `influence(ctx)`; a memo of another model or another board
    /// size is ignored. The default ignores the memo.
    fn influence_reusing(&self, ctx: &Context, memo: &InfluenceMemo) -> Influence {
        let _ = memo;
        self.influence(ctx)
    }

    /// The [`Summary`] of [`Model::influence_reusing`]: a model may skip
    /// making maps nobody reads. The default summarises the full result.
    fn summary_reusing(&self, ctx: &Context, memo: &InfluenceMemo) -> Summary {
        self.influence_reusing(ctx, memo).summary()
    }
}

/// What a model kept of one position's influence for positions near it
/// (move ranking values hundreds of positions one move apart). Opaque:
/// made by [`Model::influence_recorded`], read by
/// [`Model::influence_reusing`].
#[derive(Clone, Debug)]
pub struct InfluenceMemo(pub(crate) crate::ellipse::EllipseMemo);
