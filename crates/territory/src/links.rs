//! Links: the connections between stones of one colour and between stones
//! and the edge (seed 000 §3.1, §3.3.4), as values.

use crate::border::BorderCell;
use keisei_board::{Color, Point};
use serde::Serialize;
use std::sync::Arc;

/// A link's short list of points: kept inline up to four (a connection
/// shape has one to four cutting points), on the heap beyond. Reads as a
/// slice.
pub type Cells<T> = smallvec::SmallVec<[T; 4]>;

/// The far end of a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkEnd {
    /// Another stone of the same colour.
    Stone(Point),
    /// The board edge, at this border cell.
    Edge(BorderCell),
}

/// What a cutting point of a link holds, as far as cutting goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CutState {
    /// The owner has a stone there: the link cannot be cut here.
    Owned,
    /// Empty, and an opponent stone played there would be captured.
    Safe,
    /// Empty (or holding an opponent stone that can be captured): whoever
    /// plays first decides.
    Open,
    /// An opponent stone that cannot be captured holds it.
    Lost,
}

/// A connection of two stones of one colour, or of a stone and the edge.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Link {
    /// The colour of the stones.
    pub color: Color,
    /// The stone the link starts from.
    pub from: Point,
    /// The other stone, or the edge.
    pub to: LinkEnd,
    /// The pattern that recognised it (its name in the pattern file).
    pub kind: Arc<str>,
    /// 1: connected whatever happens; 0.5: connected if the owner plays
    /// first; 0: cut (seed 000 §3.3.4).
    pub coefficient: f64,
    /// The cutting points and what they hold.
    pub cuts: Cells<(Point, CutState)>,
    /// The empty points the link walls off (for territory).
    pub wall: Cells<Point>,
}

/// All links of a position.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Connections {
    /// Links in a deterministic order (by colour, then `from`, then `to`).
    pub links: Vec<Link>,
}

impl Connections {
    /// The links of `color` with a coefficient of at least `min`.
    pub fn of(&self, color: Color, min: f64) -> impl Iterator<Item = &Link> {
        self.links
            .iter()
            .filter(move |l| l.color == color && l.coefficient >= min)
    }
}
