//! The slow, obviously correct matcher the fast one is tested against.

use super::Match;
use super::Symbol;
use super::syntax::Pattern;
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::point::Point;
use crate::symmetry::Symmetry;
use std::collections::{BTreeMap, BTreeSet};

/// Every match of `patterns` on `board` for `color`, found by checking every
/// cell of every pattern under every symmetry at every point. Symmetries that
/// give the same shape as an earlier one (same requirement on every cell,
/// label names aside) are skipped, as in [`PatternSet`](super::PatternSet).
///
/// Sorted like [`PatternSet::matches`](super::PatternSet::matches): by
/// anchor point, then pattern index, then symmetry. For tests and debugging:
/// thousands of times slower than the compiled matcher.
pub fn reference_matches(patterns: &[Pattern], board: &Board, color: Color) -> Vec<Match> {
    let size = board.size();
    let mut out = Vec::new();
    for (index, pattern) in patterns.iter().enumerate() {
        let diagram = pattern.diagram();
        let mut shapes: BTreeSet<BTreeMap<(i32, i32), Symbol>> = BTreeSet::new();
        for symmetry in Symmetry::ALL {
            let shape: BTreeMap<(i32, i32), Symbol> = diagram
                .cells()
                .filter(|c| c.symbol != Symbol::Any)
                .map(|c| (symmetry.apply_offset(c.dx, c.dy), c.symbol.class()))
                .collect();
            if !shapes.insert(shape) {
                continue;
            }
            for anchor in board.points() {
                let fits = diagram.cells().all(|c| {
                    let (dx, dy) = symmetry.apply_offset(c.dx, c.dy);
                    let cell = Point::checked(anchor.x() + dx, anchor.y() + dy, size)
                        .map_or(Cell::Off, |p| board.cell(p));
                    c.symbol.accepts(cell, color)
                });
                if fits {
                    out.push(Match {
                        pattern: index,
                        anchor,
                        symmetry,
                        color,
                    });
                }
            }
        }
    }
    out.sort_by_key(|m| (m.anchor, m.pattern, m.symmetry));
    out
}
