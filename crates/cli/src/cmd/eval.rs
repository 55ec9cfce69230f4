//! `keisei eval`, `keisei rank` and `keisei maps`, single positions and batches.

use crate::args::{ConfigArgs, FactorArg, PositionArgs, TableArgs};
use crate::cmd::{Failed, Result, load_position};
use crate::out::{out, outln};
use keisei_board::{Board, BoardMap, Color, Game, MapCell, Point, Position};
use keisei_evaluate::config::Counting;
use keisei_evaluate::{Config, Evaluation, Evaluator, Factor, Method, Prior, RankedMove, Terms};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub(crate) fn load_config(args: &ConfigArgs) -> Result<Config> {
    match &args.config {
        None => Ok(Config::default()),
        Some(path) => Config::load(path).map_err(|e| Failed(e.to_string()).into()),
    }
}

/// One position to work on in a batch: the record and the move number.
struct Item {
    file: PathBuf,
    moves: Option<usize>,
}

/// The positions a FILE argument names when it is a directory or a list.
fn batch(args: &PositionArgs) -> Result<Option<Vec<Item>>> {
    let path = &args.file;
    if path.is_dir() {
        let files = keisei_candidates::collect_sgf_files(
            std::slice::from_ref(path),
            keisei_candidates::Split::All,
        )?;
        return Ok(Some(
            files
                .into_iter()
                .map(|file| Item {
                    file,
                    moves: args.move_number,
                })
                .collect(),
        ));
    }
    if path.extension().is_some_and(|e| e == "tsv") {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let mut items = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (file, moves) = match line.split_once('\t') {
                Some((f, m)) => {
                    let m: usize = m.trim().parse().map_err(|_| {
                        // The column (in characters) where the move field's
                        // text starts.
                        let column =
                            f.chars().count() + 2 + m.chars().take_while(|c| c.is_whitespace()).count();
                        format!(
                            "{}:{}:{column}: expected `file<TAB>move`, the move a number; found {m:?}",
                            path.display(),
                            i + 1
                        )
                    })?;
                    (f, Some(m))
                }
                None => (line, None),
            };
            let file = Path::new(file);
            let file = if file.is_relative() {
                path.parent().unwrap_or(Path::new(".")).join(file)
            } else {
                file.into()
            };
            items.push(Item { file, moves });
        }
        return Ok(Some(items));
    }
    Ok(None)
}

fn load(item: &Item) -> std::result::Result<(Game, Position), String> {
    let game = Game::load(&item.file).map_err(|e| e.to_string())?;
    let n = item.moves.unwrap_or_else(|| game.move_count());
    let pos = game.position(n).map_err(|e| e.to_string())?;
    Ok((game, pos))
}

/// Runs `f` on every item on all cores, printing one JSON line per item in
/// input order as soon as it and all before it are done, with a progress bar.
fn run_batch<T: Serialize + Send>(
    items: &[Item],
    what: &str,
    f: impl Fn(&Game, &Position) -> T + Sync,
) {
    let bar = crate::cmd::stats::progress_bar(items.len(), what);
    let chunk = 64.max(rayon::current_num_threads() * 4);
    for part in items.chunks(chunk) {
        let lines: Vec<String> = part
            .par_iter()
            .map(|item| {
                let line = match load(item) {
                    Ok((game, pos)) => serde_json::json!({
                        "file": item.file.display().to_string(),
                        "move": pos.move_number,
                        "result": f(&game, &pos),
                    }),
                    Err(e) => {
                        serde_json::json!({ "file": item.file.display().to_string(), "error": e })
                    }
                };
                bar.inc(1);
                line.to_string()
            })
            .collect();
        for l in lines {
            outln!("{l}");
        }
    }
    bar.finish_and_clear();
}

#[derive(Serialize)]
struct EvalJson<'a> {
    to_move: Color,
    /// Black's point of view.
    total: f64,
    /// Points for Black, komi and captures included.
    score: f64,
    /// Rows top first, each point in [-1, 1] from Black's point of view.
    ownership: &'a BoardMap<f64>,
    /// The stones the ownership and the score count as dead (GTP vertices).
    dead: Vec<String>,
    terms: &'a Terms,
    weighted: &'a Terms,
    weights: &'a keisei_evaluate::config::EffectiveWeights,
    groups: &'a keisei_groups::Groups,
    maps: Maps<'a>,
}

#[derive(Serialize)]
struct Maps<'a> {
    /// `x` Black's territory, `o` White's.
    territory: Vec<String>,
    /// `x` under Black's influence, `o` White's, `*` both.
    influence: Vec<String>,
    /// Signed influence strength (Black +).
    influence_value: &'a BoardMap<f64>,
    /// `x` Black's control block, `o` White's, `*` both.
    control_blocks: Vec<String>,
    /// Attack-ease G on territory points.
    attack_ease: &'a BoardMap<f64>,
    /// Strength of each stone's group.
    strength: BoardMap<f64>,
    /// Danger of each stone's group.
    danger: BoardMap<f64>,
    /// Importance of each stone's group.
    importance: BoardMap<f64>,
}

fn symbol_rows<T: MapCell + Clone>(map: &BoardMap<T>) -> Vec<String> {
    map.rows()
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.render_cell().chars().next().unwrap_or('.'))
                .collect()
        })
        .collect()
}

pub(crate) fn importance_map(e: &Evaluation, size: u8) -> BoardMap<f64> {
    debug_assert_eq!(e.groups.group_of.size(), size);
    e.importance_map()
}

fn eval_json(e: &Evaluation, size: u8) -> serde_json::Value {
    let j = EvalJson {
        to_move: e.to_move,
        total: e.total,
        score: e.score,
        ownership: &e.ownership,
        dead: e.ownership_dead.iter().map(|p| p.to_gtp(size)).collect(),
        terms: &e.terms,
        weighted: &e.weighted,
        weights: &e.weights,
        groups: &e.groups,
        maps: Maps {
            territory: symbol_rows(&e.territory.map),
            influence: symbol_rows(&e.influence.under),
            influence_value: &e.influence.value,
            control_blocks: symbol_rows(&e.blocks.map(size)),
            attack_ease: &e.attack_ease.g,
            strength: e.groups.strength_map(size),
            danger: e.groups.danger_map(size),
            importance: importance_map(e, size),
        },
    };
    serde_json::to_value(j).unwrap_or(serde_json::Value::Null)
}

pub(crate) fn eval(args: &PositionArgs, config_args: &ConfigArgs, json: bool) -> Result<()> {
    let evaluator = Evaluator::new(load_config(config_args)?);
    if let Some(items) = batch(args)? {
        // Each line's result: with `--json`, everything the single form's
        // `--json` gives; without it, the summary.
        run_batch(&items, "eval", |_, pos| {
            let e = evaluator.evaluate(&pos.board, pos.komi);
            if json {
                eval_json(&e, pos.board.size())
            } else {
                serde_json::json!({ "total": e.total, "score": e.score, "terms": e.terms, "weights": e.weights })
            }
        });
        return Ok(());
    }
    let (game, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    let e = evaluator.evaluate(board, pos.komi);
    if json {
        outln!("{}", serde_json::to_string_pretty(&eval_json(&e, size))?);
        return Ok(());
    }
    let c = &evaluator.config;
    outln!(
        "{}: move {} of {}, {} to move, komi {}",
        game.source(),
        pos.move_number,
        game.move_count(),
        e.to_move,
        super::komi_text(&game)
    );
    outln!(
        "composition {:?}; models: territory {:?}, influence {:?}, danger {:?}",
        c.composition,
        c.models.territory,
        c.models.influence,
        c.models.danger
    );
    let w = &e.weights;
    outln!(
        "weights: territory {:.2}, influence {:.2}, danger {:.2} ({:?}; weak groups: {} to move {}, opponent {})",
        w.territory,
        w.influence,
        w.danger,
        w.phase,
        e.to_move,
        w.weak.0,
        w.weak.1
    );
    outln!("\nterm            raw      weighted   (Black's point of view)");
    let t = (&e.terms, &e.weighted);
    for (name, raw, weighted) in [
        ("territory", t.0.territory, t.1.territory),
        ("influence", t.0.influence, t.1.influence),
        ("danger-minus", t.0.danger, t.1.danger),
        ("life", t.0.life, t.1.life),
        ("connection", t.0.connection, t.1.connection),
        ("strength", t.0.strength, t.1.strength),
        ("uninfluenced", t.0.uninfluenced, t.1.uninfluenced),
    ] {
        outln!("{name:<14} {raw:>8.2}  {weighted:>9.2}");
    }
    outln!("total          {:>8}  {:>9.2}", "", e.total);
    // What the score adds up: the ownership of the empty points for each
    // side, two points per dead stone to the side that takes it, the
    // prisoners and komi.
    let empty_points = |sign: f64| -> f64 {
        board
            .points()
            .filter(|&p| board.is_empty(p))
            .map(|p| (e.ownership[p] * sign).max(0.0))
            .sum()
    };
    let dead_of = |c: Color| {
        e.ownership_dead
            .iter()
            .filter(|&p| board.color(p) == Some(c))
            .count()
    };
    let winner = if e.score >= 0.0 { "Black" } else { "White" };
    match c.ownership.counting {
        Counting::Territory => outln!(
            "score estimate: {winner} by {:.1} (territory counting: empty points {:.1} B / {:.1} W; \
             dead stones {} B / {} W, two points each to the taker; prisoners {} B / {} W; komi {})",
            e.score.abs(),
            empty_points(1.0),
            empty_points(-1.0),
            dead_of(Color::Black),
            dead_of(Color::White),
            board.captures(Color::Black),
            board.captures(Color::White),
            super::komi_text(&game)
        ),
        // Every point to its owner: the ownership's sum.
        Counting::Area => {
            let points = |sign: f64| -> f64 {
                board
                    .points()
                    .map(|p| (e.ownership[p] * sign).max(0.0))
                    .sum()
            };
            outln!(
                "score estimate: {winner} by {:.1} (area counting: points {:.1} B / {:.1} W, \
                 stones included, dead stones {} B / {} W to the taker; komi {})",
                e.score.abs(),
                points(1.0),
                points(-1.0),
                dead_of(Color::Black),
                dead_of(Color::White),
                super::komi_text(&game)
            );
        }
    }
    outln!("\nOwnership (Black +1, White -1):");
    out!("{}", e.ownership.render_with_stones(board));
    outln!();
    out!("{}", side_by_side(&e, board));
    Ok(())
}

/// One character per point for each map, maps side by side.
fn side_by_side(e: &Evaluation, board: &Board) -> String {
    let size = board.size();
    let unit = |v: f64| -> char {
        if v <= 0.0 {
            '.'
        } else {
            char::from_digit(((v * 9.0).ceil() as u32).clamp(1, 9), 10).unwrap_or('9')
        }
    };
    let own = |v: f64| -> char {
        match v {
            v if v >= 0.75 => 'X',
            v if v >= 0.25 => 'x',
            v if v > -0.25 => '.',
            v if v > -0.75 => 'o',
            _ => 'O',
        }
    };
    let importance = importance_map(e, size);
    let max_imp = importance.iter().map(|(_, v)| *v).fold(1.0, f64::max);
    let maps: Vec<(&str, BoardMap<char>)> = vec![
        (
            "territory",
            e.territory
                .map
                .map(|o| o.render_cell().chars().next().unwrap_or('.')),
        ),
        (
            "influence",
            e.influence
                .under
                .map(|u| u.render_cell().chars().next().unwrap_or('.')),
        ),
        (
            "blocks",
            e.blocks
                .map(size)
                .map(|b| b.render_cell().chars().next().unwrap_or('.')),
        ),
        ("attack-ease", e.attack_ease.g.map(|&v| unit(v))),
        ("strength", e.groups.strength_map(size).map(|&v| unit(v))),
        ("danger", e.groups.danger_map(size).map(|&v| unit(v))),
        ("importance", importance.map(|&v| unit(v / max_imp))),
        ("ownership", e.ownership.map(|&v| own(v))),
    ];
    let stones = |p: Point, c: char| -> char {
        match board.color(p) {
            Some(col) if c == '.' => col.cell().symbol(),
            _ => c,
        }
    };
    let rendered: Vec<(String, Vec<String>)> = maps
        .iter()
        .map(|(name, m)| {
            let rows: Vec<String> = (0..size)
                .map(|y| {
                    (0..size)
                        .map(|x| stones(Point::new(x, y), m[Point::new(x, y)]))
                        .collect()
                })
                .collect();
            ((*name).to_string(), rows)
        })
        .collect();
    let mut out = String::new();
    let n = usize::from(size);
    for group in rendered.chunks(4) {
        let header: Vec<String> = group
            .iter()
            .map(|(name, _)| format!("{name:<n$}"))
            .collect();
        let _ = writeln!(out, "    {}", header.join("  "));
        for y in 0..n {
            let row: Vec<&str> = group.iter().map(|(_, rows)| rows[y].as_str()).collect();
            let _ = writeln!(out, "{:>3} {}", n - y, row.join("  "));
        }
        out.push('\n');
    }
    out += "territory/influence/blocks: x Black, o White, * both; attack-ease, strength, danger, importance: 1-9 tenths;\nownership: X/x Black, O/o White; stones where a map says nothing.\n";
    out
}

pub(crate) fn maps(args: &PositionArgs, config_args: &ConfigArgs) -> Result<()> {
    let evaluator = Evaluator::new(load_config(config_args)?);
    let (_, pos) = load_position(args)?;
    let e = evaluator.evaluate(&pos.board, pos.komi);
    out!("{}", side_by_side(&e, &pos.board));
    Ok(())
}

/// `keisei rank` options.
pub(crate) struct RankArgs {
    pub(crate) method: u8,
    pub(crate) factor: FactorArg,
    pub(crate) top: usize,
    pub(crate) candidates: Option<usize>,
    pub(crate) prior: bool,
    pub(crate) table: TableArgs,
    pub(crate) json: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    vertex: String,
    value: f64,
    /// The change of the weighted total.
    total: f64,
    /// The change of each weighted term.
    deltas: Terms,
}

fn moves_json(ranked: &[RankedMove], size: u8) -> Vec<MoveJson> {
    ranked
        .iter()
        .map(|m| MoveJson {
            vertex: m.point.to_gtp(size),
            value: m.value,
            total: m.total,
            deltas: m.deltas,
        })
        .collect()
}

pub(crate) fn rank(args: &PositionArgs, config_args: &ConfigArgs, r: &RankArgs) -> Result<()> {
    let evaluator = Evaluator::new(load_config(config_args)?);
    let method = if r.method == 1 {
        Method::One
    } else {
        Method::Two
    };
    let factor = match r.factor {
        FactorArg::All => Factor::All,
        FactorArg::Territory => Factor::Territory,
        FactorArg::Influence => Factor::Influence,
        FactorArg::Danger => Factor::Danger,
        FactorArg::Prior => Factor::Prior,
    };
    if r.factor == FactorArg::Prior && !r.prior {
        return Err("`--factor prior` needs `--prior` (and a table)".into());
    }
    let model = if r.candidates.is_some() || r.prior {
        Some(crate::cmd::candidates::load_model(&r.table)?.1)
    } else {
        None
    };
    let prior_of = |pos: &Position| -> Option<Prior> {
        if r.prior {
            Prior::new(model.as_ref()?, pos)
        } else {
            None
        }
    };
    let restrict = |pos: &Position| -> Option<Vec<Point>> {
        let (k, model) = (r.candidates?, model.as_ref()?);
        let ctx = keisei_candidates::Context::from_position(pos);
        let c = keisei_candidates::candidates(
            model,
            &ctx,
            &keisei_candidates::Method::Combined { count: k },
        );
        Some(c.iter().map(|c| c.point).collect())
    };
    let rank_at = |pos: &Position| {
        let moves = restrict(pos);
        let prior = prior_of(pos);
        evaluator.rank(
            &pos.board,
            pos.komi,
            method,
            factor,
            moves.as_deref(),
            prior.as_ref(),
        )
    };
    if let Some(items) = batch(args)? {
        run_batch(&items, "rank", |_, pos| {
            let ranked = rank_at(pos);
            let size = pos.board.size();
            let next = pos.next_move.and_then(|(_, m)| m.point());
            let played_rank = next
                .and_then(|p| ranked.iter().position(|m| m.point == p))
                .map(|i| i + 1);
            serde_json::json!({
                "next_move": next.map(|p| p.to_gtp(size)),
                "next_move_rank": played_rank,
                "moves": moves_json(&ranked, size),
            })
        });
        return Ok(());
    }
    let (_, pos) = load_position(args)?;
    let size = pos.board.size();
    if r.prior && pos.board.size() != 19 {
        return Err("the move-probability tables are for 19×19 boards only".into());
    }
    let ranked = rank_at(&pos);
    if r.json {
        let j = serde_json::json!({
            "method": r.method,
            "factor": format!("{:?}", r.factor).to_lowercase(),
            "to_move": pos.board.to_move(),
            "moves": moves_json(&ranked, size),
        });
        outln!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    outln!(
        "{} moves ranked by method {} ({:?}), {} to move{}:",
        ranked.len(),
        r.method,
        r.factor,
        pos.board.to_move(),
        r.candidates.map_or(String::new(), |k| format!(
            ", among the best {k} candidates"
        ))
    );
    outln!("rank  move  value     territory influence danger");
    for (i, m) in ranked.iter().take(r.top).enumerate() {
        outln!(
            "{:>4}  {:<4} {:>8.2}  {:>9.2} {:>9.2} {:>6.2}",
            i + 1,
            m.point.to_gtp(size),
            m.value,
            m.deltas.territory,
            m.deltas.influence,
            m.deltas.danger
        );
    }
    if let Some(p) = pos.next_move.and_then(|(_, m)| m.point()) {
        match ranked.iter().position(|m| m.point == p) {
            Some(i) => outln!(
                "the record's next move {} ranks {} of {}",
                p.to_gtp(size),
                i + 1,
                ranked.len()
            ),
            None => outln!(
                "the record's next move {} is not among the ranked moves",
                p.to_gtp(size)
            ),
        }
    }
    Ok(())
}
