//! The pattern files: the removal rules say what `algorithms.md` says they
//! say, and broken files give located errors.

use keisei_board::{Board, Color, Point, PointSet, Symmetry};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use std::fmt::Write as _;

/// The reading of figs. 10 and 13–16: a block cell is removed when it is
/// strictly closer to the enemy stone than to the block's stone.
#[test]
fn removal_rules_are_the_strictly_closer_reading() {
    let rules = RemovalRules::builtin();
    for (ex, ey) in [(1, 0), (1, 1), (2, 0), (2, 1)] {
        for sym in Symmetry::ALL {
            let (dx, dy) = sym.apply_offset(ex, ey);
            let mut rows = vec![vec!['.'; 9]; 9];
            rows[4][4] = 'X';
            rows[(4 + dy) as usize][(4 + dx) as usize] = 'O';
            let text: String = rows
                .iter()
                .map(|r| r.iter().collect::<String>() + "\n")
                .collect();
            let b = Board::from_diagram(&text).unwrap();
            let s = Point::new(4, 4);
            let e = Point::new((4 + dx) as u8, (4 + dy) as u8);
            let unattackable: PointSet = [s, e].into_iter().collect();
            let removed = rules.removed_cells(&b, s, Color::Black, &unattackable);
            let expected: PointSet = b
                .points()
                .filter(|&q| (q.x() - 4).abs() <= 2 && (q.y() - 4).abs() <= 2)
                .filter(|&q| q != e && q.manhattan(e) < q.manhattan(s))
                .collect();
            assert_eq!(removed, expected, "enemy at ({dx},{dy})");
            // An attackable enemy removes nothing.
            let only_own: PointSet = [s].into_iter().collect();
            assert!(
                rules
                    .removed_cells(&b, s, Color::Black, &only_own)
                    .is_empty()
            );
        }
    }
}

#[test]
fn built_in_files_parse() {
    assert_eq!(ConnectionPatterns::builtin().shapes.len(), 9);
    let _ = RemovalRules::builtin();
}

#[test]
fn broken_connection_files_give_located_errors() {
    let cases = [
        (
            "missing-to",
            "pattern a\n  cut: C\n  needs: any\n  max: 1\n  @ C B\n",
        ),
        (
            "bad-needs",
            "pattern a\n  to: B\n  cut: C\n  needs: some\n  max: 1\n  @ C B\n",
        ),
        (
            "bad-max",
            "pattern a\n  to: B\n  cut: C\n  needs: any\n  max: 2\n  @ C B\n",
        ),
        (
            "unknown-label",
            "pattern a\n  to: B\n  cut: C Q\n  needs: any\n  max: 1\n  @ C B\n",
        ),
        (
            "not-anchored-on-a-stone",
            "pattern a\n  to: B\n  cut: C\n  needs: any\n  max: 1\n  * C B\n",
        ),
        (
            "diagram-error",
            "pattern a\n  to: B\n  cut: C\n  needs: any\n  max: 1\n  @ C B ;\n",
        ),
    ];
    let mut out = String::new();
    for (name, text) in cases {
        let e = ConnectionPatterns::parse(&format!("{name}.pat"), text).expect_err(name);
        let _ = writeln!(out, "== {name}\n{e}");
    }
    let e = RemovalRules::parse("no-enemy.pat", "pattern a\n  remove: A\n  @ A\n")
        .expect_err("no enemy");
    let _ = writeln!(out, "== no-enemy\n{e}");
    insta::assert_snapshot!(out);
}
