//! The reinforcement rules (seed 000 §3.2.2 step 2, fig. 13): the file
//! parses, each rule does what `algorithms.md` §5.2 says on a bare board,
//! check points and shape requirements switch rules off, and broken files
//! give located errors.

use crate::{Inputs, describe, diagram, pt, render_sources};
use keisei_board::{Board, Color};
use keisei_influence::{Direction, ReinforcementRules, Sources};
use std::fmt::Write as _;

/// The directions each stone of `board` gains, as `Sources` from zero with
/// k = 1, and the rules that fired.
fn gains(board: &Board) -> String {
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let rules = ReinforcementRules::builtin();
    let rows = board.points().filter_map(|p| {
        let c = board.color(p)?;
        let r = rules.reinforcements(&ctx, p);
        let note = r
            .iter()
            .map(|r| describe(rules, r, board.size()))
            .collect::<Vec<_>>()
            .join(", ");
        let s = rules.reinforce(&ctx, p, 1, Sources::default());
        Some((p, c.letter(), vec![("gains", s)], note))
    });
    render_sources(board, rows.collect::<Vec<_>>())
}

fn dirs(board: &Board, stone: &str) -> Vec<Direction> {
    let inputs = Inputs::new(board.clone());
    let mut d: Vec<Direction> = ReinforcementRules::builtin()
        .reinforcements(&inputs.ctx(), pt(board, stone))
        .iter()
        .map(|r| r.direction)
        .collect();
    d.sort_unstable();
    d
}

/// Fig. 13: nobi with the partner on the right. A1 (above the stone) and
/// A2 (above the partner) empty: `P_n += k`; B1, B2 empty: `P_s += k`.
#[test]
fn fig13_nobi_rule() {
    let free = diagram(
        ". . . . .
         . . . . .
         . X X . .
         . . . . .
         . . . . .",
    );
    assert_eq!(dirs(&free, "B3"), vec![Direction::North, Direction::South]);
    // A2 taken by the opponent: no reinforcement to the north.
    let a2 = diagram(
        ". . . . .
         . . O . .
         . X X . .
         . . . . .
         . . . . .",
    );
    assert_eq!(dirs(&a2, "B3"), vec![Direction::South]);
    // B1 taken by an own stone: not empty either, so no reinforcement to the
    // south from this partner (the new stone is a partner of its own).
    let b1 = diagram(
        ". . . . .
         . . . . .
         . X X . .
         . X . . .
         . . . . .",
    );
    let inputs = Inputs::new(b1.clone());
    let from_c3: Vec<Direction> = ReinforcementRules::builtin()
        .reinforcements(&inputs.ctx(), pt(&b1, "B3"))
        .iter()
        .filter(|r| r.partner == pt(&b1, "C3"))
        .map(|r| r.direction)
        .collect();
    assert_eq!(from_c3, vec![Direction::North]);
    // On the first line the south check points are off the board.
    let edge = diagram(
        ". . . . .
         . . . . .
         . . . . .
         . . . . .
         . X X . .",
    );
    assert_eq!(dirs(&edge, "B1"), vec![Direction::North]);
}

/// A dead partner reinforces nothing, and a dead stone on a check point
/// reads as an empty point.
#[test]
fn dead_stones_are_empty_points_for_the_rules() {
    let b = diagram(
        ". . . . .
         . . O . .
         . X X . .
         . . . . .
         . . . . .",
    );
    let inputs = Inputs::new(b.clone()).dead(&["C4"]);
    let d: Vec<Direction> = ReinforcementRules::builtin()
        .reinforcements(&inputs.ctx(), pt(&b, "B3"))
        .iter()
        .map(|r| r.direction)
        .collect();
    assert_eq!(d, vec![Direction::North, Direction::South]);
    let inputs = Inputs::new(b.clone()).dead(&["C3"]);
    assert!(
        ReinforcementRules::builtin()
            .reinforcements(&inputs.ctx(), pt(&b, "B3"))
            .is_empty()
    );
}

/// Each shape alone on a 9×9 board, and with something that switches a rule
/// off: which directions each stone gains (from 0, k = 1).
#[test]
fn each_shape_on_a_bare_board() {
    let cases = [
        (
            "nobi",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "kosumi: both faces of the diagonal wall",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "kosumi with an opponent stone on a cutting point: no rule",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "one-space jump",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X . X . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "one-space jump peeped from below: nothing (not a bare jump)",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X . X . . .
             . . . . O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "small knight's move",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X . . . . .
             . . . . . X . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        (
            "three in a row: the middle stone gains twice on each face",
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X X X . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
    ];
    let mut out = String::new();
    for (name, d) in cases {
        let b = diagram(d);
        let _ = writeln!(out, "== {name}\n{}", gains(&b));
    }
    insta::assert_snapshot!(out);
}

/// Every rule is compiled in each of its distinct orientations: nobi,
/// kosumi, jump and knight each give 8 (4 partner positions × 2 sides, or
/// 8 partner positions for the knight), and none is lost to a symmetric
/// shape (the kosumi is symmetric in its diagonal, but its direction is not).
#[test]
fn the_builtin_file_compiles_every_orientation() {
    let rules = ReinforcementRules::builtin();
    let names: Vec<&str> = rules.rules().iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["nobi", "kosumi", "one-space-jump", "knights-move"]);
    assert_eq!(rules.variant_count(), 32);
    // On a bare board a kosumi reinforces both faces, for either colour.
    for color in [Color::Black, Color::White] {
        let c = color.cell().symbol();
        let b = diagram(&format!(
            ". . . . .\n. . . . .\n. . {c} . .\n. {c} . . .\n. . . . ."
        ));
        let mut d = dirs(&b, "B2");
        d.sort_unstable();
        assert_eq!(d, vec![Direction::North, Direction::East]);
    }
}

#[test]
fn broken_rule_files_give_located_errors() {
    let cases = [
        (
            "no-partner",
            "pattern a\n  add: n\n  empty: A\n  A .\n  @ X\n",
        ),
        (
            "bad-direction",
            "pattern a\n  partner: P\n  add: up\n  empty: A\n  A .\n  @ P\n",
        ),
        (
            "unknown-label",
            "pattern a\n  partner: P\n  add: n\n  empty: A Q\n  A .\n  @ P\n",
        ),
        (
            "unlisted-label",
            "pattern a\n  partner: P\n  add: n\n  empty: A\n  A B\n  @ P\n",
        ),
        (
            "not-anchored-on-a-stone",
            "pattern a\n  partner: P\n  add: n\n  empty: A\n  A .\n  * P\n",
        ),
        (
            "partner-is-a-check",
            "pattern a\n  partner: P\n  add: n\n  empty: A P\n  A .\n  @ P\n",
        ),
        (
            "unknown-attribute",
            "pattern a\n  partner: P\n  add: n\n  empty: A\n  gain: 2\n  A .\n  @ P\n",
        ),
        (
            "diagram-error",
            "pattern a\n  partner: P\n  add: n\n  empty: A\n  A ;\n  @ P\n",
        ),
    ];
    let mut out = String::new();
    for (name, text) in cases {
        let e = ReinforcementRules::parse(&format!("{name}.pat"), text).expect_err(name);
        let _ = writeln!(out, "== {name}\n{e}");
    }
    insta::assert_snapshot!(out);
}

/// The file a maintainer edits is in the pattern language's canonical
/// layout (`keisei db fmt` would not change it).
#[test]
fn the_builtin_file_is_canonical() {
    let file = ReinforcementRules::builtin().file();
    assert_eq!(file.format(), keisei_influence::rules::REINFORCEMENT.1);
}

/// The example of `docs/pattern-format.md`'s section on this file is a
/// valid rule file, and its error example is what the parser says.
#[test]
fn the_documented_examples_hold() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/pattern-format.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let section = doc
        .split("## The influence crate's reinforcement rules")
        .nth(1)
        .expect("the section exists");
    let example = section
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let rules = ReinforcementRules::parse("doc.pat", example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.rules()[0].name, "nobi");
    assert_eq!(rules.rules()[0].direction, Direction::North);
    let error = section
        .split("```text\n")
        .nth(2)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let e = ReinforcementRules::parse(
        "unlisted-label.pat",
        "pattern a\n  partner: P\n  add: n\n  empty: A\n  A B\n  @ P\n",
    )
    .expect_err("B is not listed");
    assert_eq!(e.to_string().trim_end(), error.trim_end());
}
