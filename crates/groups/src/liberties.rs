//! Liberties of order n (seed 000 §3.3.3, after Tajima & Sanechika): empty
//! points at distance exactly n from a group, reached through empty points.

use keisei_board::{Board, PointSet};

/// The empty points at distance exactly `order` from `stones`, where a step
/// goes to an orthogonal neighbour and every point on the way is empty
/// (BRIEF.md: 4th-order liberties are empty points at distance exactly 4,
/// reached through empty points only).
pub fn liberties_of_order(board: &Board, stones: &PointSet, order: usize) -> PointSet {
    liberties_through(&board.point_sets().empty, stones, order)
}

/// [`liberties_of_order`] given the board's empty points.
pub(crate) fn liberties_through(empty: &PointSet, stones: &PointSet, order: usize) -> PointSet {
    // The breadth-first layers through the empty points, worked on the
    // few words the layers span.
    if order == 0 {
        PointSet::new()
    } else {
        stones.layer_within(empty, order)
    }
}

/// `liberties_through(empty, stones, order).len()`, without making the
/// set.
pub(crate) fn liberty_count_through(empty: &PointSet, stones: &PointSet, order: usize) -> usize {
    if order == 0 {
        0
    } else {
        stones.layer_within_len(empty, order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use keisei_board::Point;

    #[test]
    fn a_lone_stone_in_the_open() {
        let mut b = Board::new(11).unwrap();
        b.play(keisei_board::Color::Black, Point::new(5, 5))
            .unwrap();
        let s: PointSet = [Point::new(5, 5)].into_iter().collect();
        // Points at Manhattan distance n form a diamond of 4n points.
        for n in 1..=4 {
            assert_eq!(liberties_of_order(&b, &s, n).len(), 4 * n, "order {n}");
            let empty = b.point_sets().empty;
            assert_eq!(liberty_count_through(&empty, &s, n), 4 * n, "order {n}");
        }
    }

    #[test]
    fn walls_and_edges_cut_the_count() {
        let b = Board::from_diagram(
            "X . O . .
             . . O . .
             O O O . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let s: PointSet = [Point::new(0, 0)].into_iter().collect();
        assert_eq!(liberties_of_order(&b, &s, 1).len(), 2);
        assert_eq!(liberties_of_order(&b, &s, 2).len(), 1);
        assert_eq!(liberties_of_order(&b, &s, 3).len(), 0);
        assert_eq!(liberties_of_order(&b, &s, 4).len(), 0);
    }
}
