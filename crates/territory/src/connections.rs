//! Recognising connections (seed 000 §3.1): pattern matching against the
//! connection file, tactical reading on the cutting points (a cut that gets
//! captured does not cut, §4.3), and the coefficient 1 / 0.5 / 0 of §3.3.4.

use crate::border::border_cell;
use crate::links::{Connections, CutState, Link, LinkEnd};
use crate::patterns::{ConnectionPatterns, Needs};
use keisei_board::reading::{Limits, Outcome, Reader};
use keisei_board::{Board, Color, Point};

/// The reading used on cutting points: small budget, ladders and nets.
pub const CUT_LIMITS: Limits = Limits {
    node_budget: 2_000,
    ..Limits::DEFAULT
};

/// Every link of the position, by the given patterns, reading with `reader`.
pub fn connections(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
) -> Connections {
    let size = board.size();
    // Every candidate link: (pair key, pattern index, anchor, match, far end).
    let mut candidates = Vec::new();
    for color in Color::BOTH {
        for m in patterns.set.matches(board, color) {
            let shape = &patterns.shapes[m.pattern];
            let from = m.anchor;
            let to = if let Some(label) = shape.to {
                let Some(q) = patterns.set.label_point(&m, label) else {
                    continue;
                };
                // The far end must be an own stone of another chain.
                if !q.on_board(size)
                    || board.color(q) != Some(color)
                    || board.chain_head(q) == board.chain_head(from)
                {
                    continue;
                }
                LinkEnd::Stone(q)
            } else {
                // The edge: beyond the wall cell farthest from the stone, in
                // the direction the link runs (the wall cells lie in a line).
                let wall: Vec<Point> = shape
                    .wall
                    .iter()
                    .filter_map(|&l| patterns.set.label_point(&m, l))
                    .filter(|w| w.on_board(size))
                    .collect();
                let Some(&far) = wall.iter().max_by_key(|w| w.manhattan(from)) else {
                    continue;
                };
                let (dx, dy) = ((far.x() - from.x()).signum(), (far.y() - from.y()).signum());
                let direction = match (dx, dy) {
                    (0, -1) => 0,
                    (1, 0) => 1,
                    (0, 1) => 2,
                    (-1, 0) => 3,
                    _ => continue,
                };
                let Some(cell) = border_cell(far, direction, size) else {
                    continue;
                };
                LinkEnd::Edge(cell)
            };
            // The same two stones (or stone and edge cell) in either order.
            let key = match to {
                LinkEnd::Stone(q) => (from.min(q), link_end_key(LinkEnd::Stone(from.max(q)))),
                LinkEnd::Edge(c) => (from, link_end_key(LinkEnd::Edge(c))),
            };
            candidates.push((key, m.pattern, from, m, to));
        }
    }
    // One link per pair: the pattern earliest in the file, then the smallest
    // anchor, whatever the orientation of the board.
    candidates.sort_by_key(|c| (c.0, c.1, c.2));
    candidates.dedup_by_key(|c| c.0);
    let mut links = Vec::with_capacity(candidates.len());
    for (_, pattern, from, m, to) in candidates {
        let shape = &patterns.shapes[pattern];
        let color = m.color;
        let cuts: Vec<(Point, CutState)> = shape
            .cuts
            .iter()
            .filter_map(|&l| patterns.set.label_point(&m, l))
            .filter(|p| p.on_board(size))
            .map(|p| (p, cut_state(board, p, color, reader)))
            .collect();
        let wall = shape
            .wall
            .iter()
            .filter_map(|&l| patterns.set.label_point(&m, l))
            .filter(|p| p.on_board(size))
            .collect();
        let coefficient = coefficient(&cuts, shape.needs).min(shape.max);
        links.push(Link {
            color,
            from,
            to,
            kind: shape.name.clone(),
            coefficient,
            cuts,
            wall,
        });
    }
    links.sort_by(|a, b| {
        (a.color, a.from, link_end_key(a.to)).cmp(&(b.color, b.from, link_end_key(b.to)))
    });
    Connections { links }
}

fn link_end_key(e: LinkEnd) -> (u8, u16) {
    match e {
        LinkEnd::Stone(p) => (0, p.index() as u16),
        LinkEnd::Edge(c) => (1, c.0),
    }
}

/// What cutting point `p` of a link of `color` holds.
pub fn cut_state(board: &Board, p: Point, color: Color, reader: &mut Reader) -> CutState {
    match board.color(p) {
        Some(c) if c == color => CutState::Owned,
        Some(_) => {
            // An opponent stone: lost unless the owner can capture it.
            match reader.attack(board, p, &CUT_LIMITS).outcome {
                Outcome::Failure => CutState::Lost,
                Outcome::Success(_) | Outcome::Unknown => CutState::Open,
            }
        }
        None => {
            let opponent = color.opponent();
            if !board.is_legal(opponent, p) {
                return CutState::Safe;
            }
            let mut after = board.clone();
            if after.play(opponent, p).is_err() {
                return CutState::Safe;
            }
            // Quick answers the reader would give anyway: three liberties are
            // safe by its definition; a lone stone in atari that captured
            // nothing is taken at once.
            let libs = after.liberty_count(p);
            if libs >= CUT_LIMITS.threshold() {
                return CutState::Open;
            }
            if libs == 1
                && after.chain_len(p) == 1
                && after.captures(opponent) == board.captures(opponent)
            {
                let (lib, _) = after.first_liberties::<1>(p);
                if after.is_legal(color, lib[0]) {
                    return CutState::Safe;
                }
            }
            match reader.attack(&after, p, &CUT_LIMITS).outcome {
                Outcome::Success(_) => CutState::Safe,
                Outcome::Failure | Outcome::Unknown => CutState::Open,
            }
        }
    }
}

/// The coefficient from the cutting points (before the shape's maximum).
pub fn coefficient(cuts: &[(Point, CutState)], needs: Needs) -> f64 {
    let count = |s: CutState| cuts.iter().filter(|c| c.1 == s).count();
    let (owned, safe, open, lost) = (
        count(CutState::Owned),
        count(CutState::Safe),
        count(CutState::Open),
        count(CutState::Lost),
    );
    match needs {
        Needs::Any => {
            if lost > 0 {
                0.0
            } else if open > 0 {
                0.5
            } else {
                1.0
            }
        }
        Needs::All => {
            if owned > 0 || safe > 0 || open >= 2 {
                1.0
            } else if open == 1 {
                0.5
            } else {
                0.0
            }
        }
    }
}
