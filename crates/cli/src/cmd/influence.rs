//! `keisei influence FILE.sgf [--move N] [--model ellipse|projection|dots]
//! [--inputs groups|stand-in] [--json]`.

use crate::args::{InputsArg, ModelArg, PositionArgs};
use crate::cmd::{Result, load_position};
use crate::out::{out, outln};
use keisei_board::{BoardMap, PointSet};
use keisei_evaluate::config::InfluenceModel;
use keisei_evaluate::{Config, Evaluator};
use keisei_influence::{Influence, ModelKind, StandaloneInputs, model};
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
    /// Where group strength, unattackable and dead stones came from.
    inputs: String,
    /// The stones treated as unattackable.
    unattackable: Vec<String>,
    /// The stones treated as dead.
    dead: Vec<String>,
}

/// What the stand-in inputs are, in one line.
const STAND_IN: &str = "stand-in inputs: group strength 0.5 for every stone, unattackable = stones the tactical reader finds safe, no dead stones, territory from connections";

/// The influence and the inputs it was computed from.
struct Computed {
    influence: Influence,
    inputs: String,
    unattackable: PointSet,
    dead: PointSet,
}

fn compute(board: &keisei_board::Board, komi: f64, kind: ModelKind, inputs: InputsArg) -> Computed {
    match inputs {
        InputsArg::StandIn => {
            let s = StandaloneInputs::new(board);
            Computed {
                influence: model(kind).influence(&s.context(board)),
                inputs: STAND_IN.to_string(),
                unattackable: s.unattackable,
                dead: s.dead,
            }
        }
        InputsArg::Groups => {
            let mut config = Config::default();
            config.models.influence = match kind {
                ModelKind::Ellipse => InfluenceModel::Ellipse,
                ModelKind::Projection => InfluenceModel::Projection,
                ModelKind::Dots => InfluenceModel::Dots,
            };
            let g = config.groups;
            let e = Evaluator::new(config).evaluate(board, komi);
            Computed {
                inputs: format!(
                    "inputs from the groups crate: group strength (seed 000 eq. 4), unattackable = group danger below {}, dead = danger {} or more, territory without the dead stones",
                    g.unattackable_below, g.dead_above
                ),
                unattackable: e.groups.unattackable(),
                dead: e.dead,
                influence: e.influence,
            }
        }
    }
}

pub(crate) fn run(
    args: &PositionArgs,
    which: ModelArg,
    inputs: InputsArg,
    json: bool,
) -> Result<()> {
    let (game, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    let kind = match which {
        ModelArg::Ellipse => ModelKind::Ellipse,
        ModelArg::Projection => ModelKind::Projection,
        ModelArg::Dots => ModelKind::Dots,
    };
    let c = compute(board, game.komi(), kind, inputs);
    let inf = c.influence;
    let vertices = |set: &PointSet| set.iter().map(|p| p.to_gtp(size)).collect::<Vec<_>>();
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
            inputs: c.inputs,
            unattackable: vertices(&c.unattackable),
            dead: vertices(&c.dead),
        };
        outln!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    outln!("Influence, {kind} model ({}); {}.", kind.source(), c.inputs);
    if !c.dead.is_empty() {
        outln!("Dead stones: {}", vertices(&c.dead).join(" "));
    }
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
