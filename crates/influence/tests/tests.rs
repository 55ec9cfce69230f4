//! Integration tests of keisei-influence: one test binary, one module per
//! concern. Fixture positions live in `fixtures/influence/`; every map is
//! rendered with the board crate's canonical rendering and snapshot with
//! insta.

// Every float compared here is a small integer or an exact sum of them
// (counts, integer influence values), so exact comparison is right.
#![allow(clippy::float_cmp)]

mod dots;
mod ellipse;
mod models;
mod projection;
mod properties;
mod rules;

use keisei_board::{Board, BoardMap, Game, Point, PointSet};
use keisei_influence::{Context, Influence, Sources, StandaloneInputs};
use std::fmt::Write as _;
use std::path::Path;

/// The last position of a fixture record under `fixtures/`.
pub(crate) fn position(rel: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    let game = Game::load(&path).unwrap();
    game.position(game.move_count()).unwrap().board
}

/// A board from a diagram.
pub(crate) fn diagram(text: &str) -> Board {
    Board::from_diagram(text).unwrap()
}

/// One reinforcement as "rule partner direction", as the source snapshots
/// print it.
pub(crate) fn describe(
    rules: &keisei_influence::ReinforcementRules,
    r: &keisei_influence::Reinforcement,
    size: u8,
) -> String {
    format!(
        "{} {} {}",
        rules.name(r.rule),
        r.partner.to_gtp(size),
        r.direction
    )
}

/// A point by its GTP name.
pub(crate) fn pt(board: &Board, name: &str) -> Point {
    Point::from_gtp(name, board.size()).unwrap_or_else(|| panic!("no point {name}"))
}

pub(crate) fn points(board: &Board, names: &[&str]) -> PointSet {
    names.iter().map(|n| pt(board, n)).collect()
}

/// Inputs for a fixture: the stand-in inputs, with the values a test
/// states explicitly (strength of some stones, exactly which stones are
/// unattackable, which are dead).
pub(crate) struct Inputs {
    pub(crate) board: Board,
    pub(crate) inputs: StandaloneInputs,
}

impl Inputs {
    pub(crate) fn new(board: Board) -> Inputs {
        let inputs = StandaloneInputs::new(&board);
        Inputs { board, inputs }
    }

    /// Sets the strength of the named stones.
    pub(crate) fn strength(mut self, names: &[&str], s: f64) -> Inputs {
        for p in &points(&self.board, names) {
            self.inputs.strength[p] = s;
        }
        self
    }

    /// Exactly these stones are unattackable.
    pub(crate) fn unattackable(mut self, names: &[&str]) -> Inputs {
        self.inputs.unattackable = points(&self.board, names);
        self
    }

    /// These stones are dead.
    pub(crate) fn dead(mut self, names: &[&str]) -> Inputs {
        self.inputs.dead = points(&self.board, names);
        self
    }

    pub(crate) fn ctx(&self) -> Context<'_> {
        self.inputs.context(&self.board)
    }
}

/// An integer-valued map (all three models' values are integers) rendered
/// with the stones.
pub(crate) fn int_map(board: &Board, map: &BoardMap<f64>) -> String {
    map.map(|v| v.round() as i64).render_with_stones(board)
}

/// Scores, the `under` map and the value map of an influence.
pub(crate) fn render_influence(board: &Board, inf: &Influence) -> String {
    format!(
        "{} model: black {:.2} white {:.2} net {:.2}\nunder (x Black, o White, * both)\n{}value (Black +, White -)\n{}",
        inf.model,
        inf.black,
        inf.white,
        inf.net(),
        inf.under.render_with_stones(board),
        int_map(board, &inf.value)
    )
}

/// One line per stone: its name, colour and a list of labelled sources.
pub(crate) fn render_sources<'a>(
    board: &Board,
    rows: impl IntoIterator<Item = (Point, char, Vec<(&'a str, Sources)>, String)>,
) -> String {
    let mut out = String::new();
    for (p, c, stages, note) in rows {
        let _ = write!(out, "{:>4} {c}", p.to_gtp(board.size()));
        for (label, s) in stages {
            let _ = write!(out, "  {label} {s}");
        }
        if !note.is_empty() {
            let _ = write!(out, "  [{note}]");
        }
        out.push('\n');
    }
    out
}
