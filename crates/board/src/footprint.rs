//! Footprints: the points a computation on a board looked at, so that its
//! result can be reused on another board that agrees on those points.
//!
//! A computation that reads a board only through [`Board`]'s accessors
//! records, for every access, the points the answer depends on:
//!
//! - a point's contents: the point ([`Footprint::point`]);
//! - anything about a chain (its stones, liberties, liberty count, length,
//!   head, adjacent chains): the chain's stones and all their neighbours
//!   ([`Footprint::chain`]), which is everything the chain's extent and
//!   liberties are a function of;
//! - whether a move is legal, or the board after it: the point and the
//!   chains next to it ([`Footprint::move_at`]; suicide, captures and the
//!   merged chain depend on nothing else, and the ko point is the point
//!   itself).
//!
//! Two boards of the same size that hold the same contents on every point of
//! the footprint, with the same ko point where the footprint touches one,
//! give the computation the same answers at every access, so the same
//! result. [`Board::changed_points`] gives what differs between two boards
//! (contents and ko points); a result is reusable when
//! [`Footprint::unchanged_by`] says so.
//!
//! Chains in the footprint keep their stones: a move next to one of them
//! touches the footprint (the move is a neighbour of the chain), so it cannot
//! merge with it or change its liberties unnoticed, and a capture next to it
//! empties points of the footprint.
//!
//! # Counted chains
//!
//! A computation may read the chains of one colour only by comparing their
//! liberty count with 1 and 2 (is it in atari, may it be counter-ataried,
//! is a move next to it suicide or self-atari, does a stone next to it
//! capture it). The tactical reader reads the attacker's chains that way.
//! For such a chain with at least [`COUNTED_LIBERTIES`] liberties,
//! [`Footprint::chain_counted`] records only its stones: one move and its
//! captures change its liberty count by at most one downwards (a stone on a
//! liberty takes one; a stone of its colour there merges it into a chain
//! with no fewer liberties but that one; captures only add liberties), so
//! every comparison with 1 or 2 comes out the same. A footprint with counted
//! chains therefore vouches only for boards **one move** from the recorded
//! one (a stone added and the chains it captures removed), which is how
//! [`Board::changed_points`] is used by move ranking; boards further apart
//! must be read afresh.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::set::PointSet;

/// The fewest liberties of a chain recorded by its stones alone in
/// [`Footprint::chain_counted`]: one move leaves it at least 3, and the
/// comparisons with 1 and 2 see no difference between 3 and more.
pub const COUNTED_LIBERTIES: usize = 4;

/// The points a computation depended on (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    points: PointSet,
}

impl Footprint {
    /// An empty footprint.
    pub const fn new() -> Footprint {
        Footprint {
            points: PointSet::new(),
        }
    }

    /// The contents of `p` were read.
    #[inline]
    pub fn point(&mut self, p: Point) {
        self.points.insert(p);
    }

    /// Something about the chain on `p` was read (or, if `p` is empty, its
    /// contents): the chain's stones and their neighbours.
    pub fn chain(&mut self, board: &Board, p: Point) {
        self.points.insert(p);
        for s in board.chain_stones(p) {
            self.points.insert(s);
            for n in s.neighbors() {
                self.points.insert(n);
            }
        }
    }

    /// Whether a move on `p` is legal was asked, or it was played: `p` and
    /// every chain next to it.
    pub fn move_at(&mut self, board: &Board, p: Point) {
        self.points.insert(p);
        for n in p.neighbors() {
            self.chain(board, n);
        }
    }

    /// [`Footprint::chain`] for a computation that reads chains of colour
    /// `counted` only by comparing their liberty count with 1 and 2 (see
    /// [counted chains](self#counted-chains)): such a chain with at least
    /// [`COUNTED_LIBERTIES`] liberties records its stones and not their
    /// neighbours. Valid for boards one move away only.
    pub fn chain_counted(&mut self, board: &Board, p: Point, counted: Color) {
        if board.color(p) == Some(counted) && board.liberty_count(p) >= COUNTED_LIBERTIES {
            for s in board.chain_stones(p) {
                self.points.insert(s);
            }
        } else {
            self.chain(board, p);
        }
    }

    /// [`Footprint::move_at`] with the chains next to `p` recorded by
    /// [`Footprint::chain_counted`].
    pub fn move_at_counted(&mut self, board: &Board, p: Point, counted: Color) {
        let mut one = PointSet::new();
        one.insert(p);
        self.moves_counted(board, &one, &PointSet::new(), counted);
    }

    /// [`Footprint::move_at_counted`] for every point of `moves` and
    /// [`Footprint::chain_counted`] for every point of `chains`, recording
    /// each chain once however many of those points lead to it (a chain
    /// touches each of its liberties).
    pub fn moves_counted(
        &mut self,
        board: &Board,
        moves: &PointSet,
        chains: &PointSet,
        counted: Color,
    ) {
        let mut heads = PointSet::new();
        let mut chain_at = |p: Point, points: &mut PointSet| {
            if board.color(p).is_some() {
                heads.insert(board.chain_head(p));
            } else {
                // A point without a stone: its contents.
                points.insert(p);
            }
        };
        for p in chains {
            chain_at(p, &mut self.points);
        }
        for m in moves {
            self.points.insert(m);
            for n in m.neighbors() {
                chain_at(n, &mut self.points);
            }
        }
        for h in &heads {
            self.chain_counted(board, h, counted);
        }
    }

    /// Adds everything another footprint holds.
    pub fn extend(&mut self, other: &Footprint) {
        self.points.union_with(&other.points);
    }

    /// The points.
    pub fn points(&self) -> &PointSet {
        &self.points
    }

    /// Whether a result with this footprint still holds on a board whose
    /// differences from the recorded one are `changed` (as given by
    /// [`Board::changed_points`]).
    pub fn unchanged_by(&self, changed: &PointSet) -> bool {
        !self.points.intersects(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_is_its_stones_and_their_neighbours() {
        let mut b = Board::new(9).unwrap();
        b.play(Color::Black, Point::new(2, 2)).unwrap();
        b.play(Color::Black, Point::new(3, 2)).unwrap();
        let mut f = Footprint::new();
        f.chain(&b, Point::new(2, 2));
        // Two stones and their six distinct neighbours.
        assert_eq!(f.points().len(), 8);
        assert!(f.points().contains(Point::new(4, 2)));
        assert!(!f.points().contains(Point::new(4, 3)));
        assert!(f.unchanged_by(&PointSet::from_iter([Point::new(4, 3)])));
        assert!(!f.unchanged_by(&PointSet::from_iter([Point::new(1, 2)])));
    }

    proptest::proptest! {
        /// Recording moves and chains together is recording each alone:
        /// a move is its point and the chains next to it, and a chain met
        /// many times is the same chain.
        #[test]
        fn moves_counted_is_each_move_and_chain_alone(
            setup in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..90),
            picks in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..12),
        ) {
            let b = Board::from_choices(9, &setup).unwrap();
            let points: Vec<Point> = b.points().collect();
            let (mut moves, mut chains) = (PointSet::new(), PointSet::new());
            for (i, &k) in picks.iter().enumerate() {
                let p = points[usize::from(k) % points.len()];
                if i % 2 == 0 { moves.insert(p); } else { chains.insert(p); }
            }
            for counted in Color::BOTH {
                let mut together = Footprint::new();
                together.moves_counted(&b, &moves, &chains, counted);
                let mut alone = Footprint::new();
                for m in &moves {
                    alone.point(m);
                    for n in m.neighbors() {
                        alone.chain_counted(&b, n, counted);
                    }
                }
                for c in &chains {
                    alone.chain_counted(&b, c, counted);
                }
                proptest::prop_assert_eq!(together, alone);
            }
        }
    }

    /// A 9×9 board after the moves `(colour, x, y)`.
    fn played(moves: &[(Color, u8, u8)]) -> Board {
        let mut b = Board::new(9).unwrap();
        for &(c, x, y) in moves {
            b.play(c, Point::new(x, y)).unwrap();
        }
        b
    }

    #[test]
    fn changed_points_are_the_move_and_its_captures() {
        // Black captures a white stone (no ko: the capturing stone has other
        // liberties): the move and the captured stone differ.
        let b = played(&[
            (Color::Black, 1, 0),
            (Color::Black, 0, 1),
            (Color::Black, 2, 1),
            (Color::White, 1, 1),
            (Color::White, 6, 6),
        ]);
        let mut after = b.clone();
        after.play(Color::Black, Point::new(1, 2)).unwrap();
        let changed = b.changed_points(&after);
        let expected = PointSet::from_iter([Point::new(1, 2), Point::new(1, 1)]);
        assert_eq!(
            changed,
            expected,
            "{:?}",
            changed.iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_ko_point_that_comes_or_goes_is_a_change() {
        let b = played(&[
            (Color::Black, 1, 0),
            (Color::White, 2, 0),
            (Color::Black, 0, 1),
            (Color::White, 3, 1),
            (Color::Black, 1, 2),
            (Color::White, 2, 2),
            (Color::White, 1, 1),
        ]);
        let mut ko = b.clone();
        ko.play(Color::Black, Point::new(2, 1)).unwrap();
        assert_eq!(ko.ko_point(Color::White), Some(Point::new(1, 1)));
        let mut later = ko.clone();
        later.play(Color::White, Point::new(8, 8)).unwrap();
        later.play(Color::Black, Point::new(7, 8)).unwrap();
        let changed = ko.changed_points(&later);
        let expected = PointSet::from_iter([Point::new(8, 8), Point::new(7, 8), Point::new(1, 1)]);
        assert_eq!(
            changed,
            expected,
            "{:?}",
            changed.iter().collect::<Vec<_>>()
        );
    }
}
