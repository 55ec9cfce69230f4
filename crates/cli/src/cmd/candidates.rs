//! `keisei candidates FILE.sgf [--move N] [--table FILE] [--method M] [--count K] [--json]`.

use crate::args::{EfficiencyArgs, GeneratorArgs, MethodName, PositionArgs, TableArgs};
use crate::cmd::{Failed, Result, load_position};
use crate::out::{out, outln};
use keisei_board::BoardMap;
use keisei_candidates::{
    Context, Efficiency, EfficiencyError, Method, Model, Tables, Thresholds, Weights,
    candidates_with, store,
};
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The table the arguments name (or `$KEISEI_TABLE`), loaded and
/// normalised; with the time loading took.
pub(crate) fn load_model(args: &TableArgs) -> Result<(Tables, Model, PathBuf, Duration)> {
    let path = args
        .table
        .clone()
        .or_else(|| std::env::var_os("KEISEI_TABLE").map(PathBuf::from))
        .ok_or(
            "no candidate table: build one with `keisei stats build DIR -o FILE` and pass \
             `--table FILE` (or set KEISEI_TABLE)",
        )?;
    let start = Instant::now();
    let tables = store::load(&path)?;
    let mut weights = Weights::default();
    if let Some([pm, pp, pb]) = args.weights {
        weights = Weights {
            pm,
            pp,
            pb,
            ..weights
        };
    }
    if let Some(decay) = args.decay {
        weights.decay = decay;
    }
    let model = Model::new(&tables, args.reading, weights);
    Ok((tables, model, path, start.elapsed()))
}

/// The efficiency patterns the arguments ask for, if any. Located errors in
/// a pattern file are printed as they are (they already say `error:`).
pub(crate) fn load_efficiency(args: &EfficiencyArgs) -> Result<Option<Efficiency>> {
    if !args.efficiency && args.efficiency_file.is_none() {
        return Ok(None);
    }
    let Some(path) = &args.efficiency_file else {
        return Ok(Some(Efficiency::builtin().clone()));
    };
    match Efficiency::load(path) {
        Ok(e) => Ok(Some(e)),
        Err(EfficiencyError::Source(errors)) => Err(Box::new(Failed(errors.to_string()))),
        Err(e) => Err(e.into()),
    }
}

#[derive(Serialize)]
struct CandidatesJson {
    source: String,
    move_number: usize,
    to_move: keisei_board::Color,
    method: String,
    table: String,
    candidates: Vec<CandidateJson>,
}

#[derive(Serialize)]
struct CandidateJson {
    #[serde(rename = "move")]
    vertex: String,
    score: f32,
    rank: usize,
    pm: f32,
    pp: f32,
    pb: f32,
    efficiency: f64,
}

pub(crate) fn run(
    position: &PositionArgs,
    table: &TableArgs,
    generator: &GeneratorArgs,
    json: bool,
) -> Result<()> {
    let (game, pos) = load_position(position)?;
    let size = pos.board.size();
    if usize::from(size) != keisei_candidates::SIZE {
        return Err(format!(
            "{}: the position is {size}x{size}, but candidate tables are for 19x19 boards",
            game.source()
        )
        .into());
    }
    let (_, model, table_path, _) = load_model(table)?;
    let efficiency = load_efficiency(&generator.efficiency)?;
    let method = match generator.method {
        MethodName::Combined => Method::Combined {
            count: generator.count,
        },
        MethodName::Topxyz => {
            let [x, y, z] = generator.top;
            Method::TopXyz { x, y, z }
        }
        MethodName::Threshold => {
            let [pm, pp, pb] = generator.thresholds;
            Method::Threshold(Thresholds { pm, pp, pb })
        }
    };
    let method_name = match method {
        Method::Combined { count } => format!("combined, {count} best"),
        Method::TopXyz { x, y, z } => format!("topxyz, X={x} Y={y} Z={z}"),
        Method::Threshold(t) => format!("threshold, Pm>={} Pp>={} Pb>={}", t.pm, t.pp, t.pb),
    } + if efficiency.is_some() {
        ", with efficiency"
    } else {
        ""
    };
    let ctx = Context::from_position(&pos);
    let list = candidates_with(&model, &ctx, &method, efficiency.as_ref());
    let out = CandidatesJson {
        source: game.source().to_string(),
        move_number: pos.move_number,
        to_move: ctx.player(),
        method: method_name,
        table: table_path.display().to_string(),
        candidates: list
            .iter()
            .map(|c| CandidateJson {
                vertex: c.point.to_gtp(size),
                score: c.score,
                rank: c.rank,
                pm: c.pm,
                pp: c.pp,
                pb: c.pb,
                efficiency: c.efficiency,
            })
            .collect(),
    };
    if json {
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!(
        "{}: after move {}, {} to move: {} candidate(s) ({})",
        out.source,
        out.move_number,
        out.to_move,
        out.candidates.len(),
        out.method
    );
    let eff_column = efficiency.is_some();
    outln!(
        " rank  move     score        Pm        Pp        Pb{}",
        if eff_column { "   eff" } else { "" }
    );
    for c in &out.candidates {
        let eff = if eff_column {
            format!(" {:>5.2}", c.efficiency)
        } else {
            String::new()
        };
        outln!(
            "{:>5}  {:<4} {:>9.3} {:>9.5} {:>9.4} {:>9.4}{eff}",
            c.rank,
            c.vertex,
            c.score,
            c.pm,
            c.pp,
            c.pb
        );
    }
    let mut ranks = BoardMap::new(size, 0usize);
    for c in &list {
        ranks[c.point] = c.rank;
    }
    outln!("rank map (X, O: stones; .: not a candidate):");
    out!("{}", ranks.render_with_stones(&pos.board));
    Ok(())
}
