//! Unconditional life (Benson 1976): chains that cannot be captured even if
//! their owner passes every move. Exact, no search.

use keisei_board::{Board, Cell, Color, Point, PointSet};

/// The stones of `color` that are unconditionally alive (pass-alive).
///
/// Regions are the maximal connected sets of points that hold no stone of
/// `color`. A region is *vital* to a chain when it has at least one empty
/// point and every empty point of it is a liberty of that chain. Repeat until
/// nothing changes: drop every chain with fewer than two vital regions among
/// the remaining regions; drop every region next to a dropped chain. The
/// chains left are alive whatever the opponent does.
pub fn unconditionally_alive(board: &Board, color: Color) -> PointSet {
    let own = color.cell();
    // Chains.
    let heads: Vec<Point> = board
        .chain_heads()
        .filter(|&h| board.cell(h) == own)
        .collect();
    let libs: Vec<PointSet> = heads.iter().map(|&h| board.liberties(h)).collect();
    // Regions of non-own points.
    let mut region_of = vec![usize::MAX; keisei_board::NUM_CELLS];
    let mut regions: Vec<PointSet> = Vec::new();
    for p in board.points() {
        if board.cell(p) == own || region_of[p.index()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut set = PointSet::new();
        let mut stack = vec![p];
        region_of[p.index()] = id;
        while let Some(q) = stack.pop() {
            set.insert(q);
            for n in q.neighbors() {
                if board.on_board(n) && board.cell(n) != own && region_of[n.index()] == usize::MAX {
                    region_of[n.index()] = id;
                    stack.push(n);
                }
            }
        }
        regions.push(set);
    }
    // Which chains each region touches, and which regions are vital to each chain.
    let chain_of = |p: Point| heads.iter().position(|&h| h == board.chain_head(p));
    let mut touches: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, set) in regions.iter().enumerate() {
        for p in set {
            for n in p.neighbors() {
                if board.cell(n) == own {
                    if let Some(c) = chain_of(n) {
                        if !touches[r].contains(&c) {
                            touches[r].push(c);
                        }
                    }
                }
            }
        }
    }
    let vital: Vec<Vec<usize>> = heads
        .iter()
        .enumerate()
        .map(|(c, _)| {
            (0..regions.len())
                .filter(|&r| {
                    let empties: Vec<Point> = regions[r]
                        .iter()
                        .filter(|&p| board.cell(p) == Cell::Empty)
                        .collect();
                    touches[r].contains(&c)
                        && !empties.is_empty()
                        && empties.iter().all(|&e| libs[c].contains(e))
                })
                .collect()
        })
        .collect();
    let mut chain_alive = vec![true; heads.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for c in 0..heads.len() {
            if chain_alive[c] && vital[c].iter().filter(|&&r| region_alive[r]).count() < 2 {
                chain_alive[c] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && touches[r].iter().any(|&c| !chain_alive[c]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = PointSet::new();
    for (c, &h) in heads.iter().enumerate() {
        if chain_alive[c] {
            out.extend(board.chain_stones(h));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alive(d: &str, c: Color) -> usize {
        unconditionally_alive(&Board::from_diagram(d).unwrap(), c).len()
    }

    #[test]
    fn two_real_eyes_live() {
        let d = ". X . X O . .
                 X X X X O . .
                 O O O O O . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .";
        assert_eq!(alive(d, Color::Black), 6);
    }

    #[test]
    fn one_eye_or_one_big_eye_is_not_pass_alive() {
        let one = ". X X O . . .
                   X X X O . . .
                   O O O O . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
        assert_eq!(alive(one, Color::Black), 0);
        // A three-point eye: the opponent can play inside, so not pass-alive.
        let big = ". . . X O . .
                   X X X X O . .
                   O O O O O . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
        assert_eq!(alive(big, Color::Black), 0);
    }

    #[test]
    fn chains_need_two_vital_regions_each() {
        let d = ". X O . . . .
                 X . X O . . .
                 O X X O . . .
                 O O O O . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .";
        // The chain C8-C7-B7 touches only the eye B8, so it falls, taking
        // B8 with it, and then B9 and A8 have one eye each.
        assert_eq!(alive(d, Color::Black), 0);
        let d = ". X O . . . .
                 X . X O . . .
                 X X X O . . .
                 O O O O . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .";
        assert_eq!(alive(d, Color::Black), 6);
    }

    #[test]
    fn an_eye_holding_a_dead_opponent_stone_counts() {
        // A9 is White's stone inside Black's eye A9-B9: the empty point B9 is
        // a liberty of Black, so the region is vital; White B9 would be suicide.
        let d = "O . X . X O .
                 X X X X X O .
                 O O O O O O .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .";
        assert_eq!(alive(d, Color::Black), 7);
    }
}
