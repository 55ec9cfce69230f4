//! `keisei influence FILE.sgf [--move N] [--model ellipse|projection|dots] [--json]`.

use crate::args::{ModelArg, PositionArgs};
use crate::cmd::{Result, load_position};
use crate::out::{out, outln};
use keisei_board::BoardMap;
use keisei_influence::{ModelKind, StandaloneInputs, model};
use serde::Serialize;

#[derive(Serialize)]
struct InfluenceJson {
    size: u8,
    move_number: usize,
    model: ModelKind,
    /// The seed and section of the model.
    source: &'static str,
    /// Black's influence score as the model defines it.
    black: f64,
    /// White's influence score as the model defines it.
    white: f64,
    /// `black - white`.
    net: f64,
    /// Signed influence per point (Black +, White −), rows top first.
    value: BoardMap<f64>,
    /// Rows top first: `x` under Black, `o` under White, `*` both, `.` nobody.
    under: Vec<String>,
    /// How the inputs the groups crate will provide were stood in for.
    inputs: &'static str,
    /// The stones treated as unattackable (the tactical reader finds them safe).
    unattackable: Vec<String>,
}

/// What the stand-in inputs are, in one line.
const STAND_IN: &str = "stand-in inputs: group strength 0.5 for every stone, unattackable = stones the tactical reader finds safe, no dead stones, territory from connections";

pub(crate) fn run(args: &PositionArgs, which: ModelArg, json: bool) -> Result<()> {
    let (_, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    let kind = match which {
        ModelArg::Ellipse => ModelKind::Ellipse,
        ModelArg::Projection => ModelKind::Projection,
        ModelArg::Dots => ModelKind::Dots,
    };
    let inputs = StandaloneInputs::new(board);
    let inf = model(kind).influence(&inputs.context(board));
    if json {
        let j = InfluenceJson {
            size,
            move_number: pos.move_number,
            model: kind,
            source: kind.source(),
            black: inf.black,
            white: inf.white,
            net: inf.net(),
            under: inf
                .under
                .rows()
                .iter()
                .map(|r| r.iter().map(|u| u.symbol()).collect())
                .collect(),
            value: inf.value,
            inputs: STAND_IN,
            unattackable: inputs.unattackable.iter().map(|p| p.to_gtp(size)).collect(),
        };
        outln!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    outln!("Influence, {kind} model ({}); {STAND_IN}.", kind.source());
    outln!(
        "Black {:.2}  White {:.2}  net {:+.2}",
        inf.black,
        inf.white,
        inf.net()
    );
    outln!("\nUnder influence (x Black, o White, * both):");
    out!("{}", inf.under.render_with_stones(board));
    outln!("\nInfluence value (Black +, White -):");
    // Every model's values are whole numbers; print them as such.
    if inf.value.iter().all(|(_, v)| v.fract() == 0.0) {
        out!("{}", inf.value.map(|v| *v as i64).render_with_stones(board));
    } else {
        out!("{}", inf.value.render_with_stones(board));
    }
    Ok(())
}
