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
#[derive(Debug, PartialEq, Serialize)]
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

impl Clone for Link {
    /// A copy; the cell lists are copied as slices (`SmallVec`'s own clone
    /// goes element by element through an iterator, and move ranking clones
    /// every link a move leaves alone).
    fn clone(&self) -> Link {
        Link {
            color: self.color,
            from: self.from,
            to: self.to,
            kind: Arc::clone(&self.kind),
            coefficient: self.coefficient,
            cuts: Cells::from_slice(&self.cuts),
            wall: Cells::from_slice(&self.wall),
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clone_equals_its_original_inline_or_spilled() {
        for n in [0u8, 1, 4, 5, 9] {
            let cells: Vec<Point> = (0..n).map(|i| Point::new(i, 2)).collect();
            let link = Link {
                color: Color::White,
                from: Point::new(3, 3),
                to: LinkEnd::Edge(BorderCell(7)),
                kind: Arc::from("bamboo"),
                coefficient: 0.5,
                cuts: cells.iter().map(|&p| (p, CutState::Open)).collect(),
                wall: Cells::from_slice(&cells),
            };
            let copy = link.clone();
            assert_eq!(copy, link);
            assert_eq!(copy.wall.len(), usize::from(n));
            assert!(Arc::ptr_eq(&copy.kind, &link.kind));
        }
    }
}
