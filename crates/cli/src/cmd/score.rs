//! `keisei bench score DIR…`: keisei's score estimate of the final position
//! of counted games against the counted result, optionally beside GNU Go's
//! `final_score`. The final positions of counted records are not played
//! out: dead stones are still on the board, so the estimate stands or
//! falls with which groups it judges dead. With `--before N`, the position
//! N moves before the end instead (GNU Go's `estimate_score` beside).

use crate::args::{BenchScoreArgs, CountingArg};
use crate::cmd::Result;
use crate::cmd::eval::load_config;
use crate::cmd::stats::progress_bar;
use crate::out::outln;
use crate::peer::{Gtp, ask_each, gnugo};
use keisei_board::Game;
use keisei_candidates::collect_sgf_files;
use keisei_evaluate::config::Counting;
use keisei_evaluate::{Evaluator, area_score, score};
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Instant;

/// A counted result in points for Black: `B+2.5` → 2.5, `W+0.5` → −0.5,
/// `0`, `Draw` or `Jigo` → 0; resignations, time-outs and anything else
/// → `None`.
pub(crate) fn counted_result(text: &str) -> Option<f64> {
    let text = text.trim();
    if ["0", "draw", "jigo", "d"].contains(&text.to_ascii_lowercase().as_str()) {
        return Some(0.0);
    }
    let (sign, rest) = match text.get(..2)?.to_ascii_uppercase().as_str() {
        "B+" => (1.0, &text[2..]),
        "W+" => (-1.0, &text[2..]),
        _ => return None,
    };
    let points: f64 = rest.trim().parse().ok()?;
    points.is_finite().then_some(sign * points)
}

/// One game's figures.
#[derive(Serialize)]
struct Scored {
    file: PathBuf,
    /// The moves of the record.
    moves: usize,
    /// The moves played in the position judged.
    position: usize,
    /// The counted result, points for Black.
    result: f64,
    /// keisei's estimate of the final position, points for Black.
    estimate: f64,
    /// How the estimate counts (`--counting`).
    counting: Counting,
    /// The peer's `final_score` (`estimate_score` before the end) of the
    /// same position, if asked and answered.
    peer: Option<f64>,
    /// The stones keisei's ownership counts as dead (GTP vertices).
    dead: Vec<String>,
    /// The peer's `final_status_list dead`, if asked and answered.
    peer_dead: Option<Vec<String>>,
    /// Seconds for keisei's evaluation.
    seconds: f64,
}

/// How `game`'s result was counted, as `--counting` says (see its help).
fn counting_of(game: &Game, arg: CountingArg) -> Counting {
    match arg {
        CountingArg::Territory => Counting::Territory,
        CountingArg::Area => Counting::Area,
        CountingArg::Auto => {
            let rules = game.rules().unwrap_or_default().to_ascii_lowercase();
            let area_rules = rules == "nz"
                || ["chinese", "aga", "zealand", "tromp"]
                    .iter()
                    .any(|r| rules.contains(r));
            if area_rules || (game.komi() - 7.5).abs() < 1e-9 {
                Counting::Area
            } else {
                Counting::Territory
            }
        }
    }
}

/// How close a judge's scores are to the counted results.
#[derive(Serialize)]
struct Summary {
    judge: String,
    games: usize,
    mean_abs_error: f64,
    median_abs_error: f64,
    p90_abs_error: f64,
    /// Mean of estimate − result (positive: too good for Black).
    mean_error: f64,
    /// Share of games whose winner (or draw) the estimate names, %.
    winner: f64,
    within_2: f64,
    within_5: f64,
    within_10: f64,
}

#[derive(Serialize)]
struct Report {
    split: String,
    /// The positions judged are this many moves before the end.
    before: usize,
    /// Records passed over: unreadable, setup stones or a declared
    /// handicap, no counted result, `before` moves or fewer.
    passed: [usize; 4],
    /// Counted records whose moves could not be replayed to the end (the
    /// error of each).
    not_replayed: Vec<String>,
    summaries: Vec<Summary>,
    /// keisei's mean evaluation time per position, seconds.
    seconds_per_position: f64,
    peer_seconds_per_position: Option<f64>,
    peer_failures: usize,
    peer_first_error: Option<String>,
    /// How keisei's dead stones compare with the peer's, on the games both
    /// answered.
    dead_stones: Option<DeadStones>,
    games: Vec<Scored>,
}

/// keisei's dead stones against the peer's `final_status_list dead`.
#[derive(Serialize, Debug, PartialEq)]
struct DeadStones {
    games: usize,
    /// Stones the peer counts as dead.
    peer: usize,
    /// Dead for keisei only.
    keisei_only: usize,
    /// Dead for the peer only.
    peer_only: usize,
    /// Games where both name the same dead stones.
    identical: usize,
}

fn dead_stones(games: &[Scored]) -> Option<DeadStones> {
    let mut out = DeadStones {
        games: 0,
        peer: 0,
        keisei_only: 0,
        peer_only: 0,
        identical: 0,
    };
    for g in games {
        let Some(peer) = &g.peer_dead else {
            continue;
        };
        let ours: std::collections::BTreeSet<&str> = g.dead.iter().map(String::as_str).collect();
        let theirs: std::collections::BTreeSet<&str> = peer.iter().map(String::as_str).collect();
        out.games += 1;
        out.peer += theirs.len();
        out.keisei_only += ours.difference(&theirs).count();
        out.peer_only += theirs.difference(&ours).count();
        out.identical += usize::from(ours == theirs);
    }
    (out.games > 0).then_some(out)
}

/// The judge of the baseline row: every game estimated a tie.
const TIE: &str = "baseline: a tie (0) every game";

fn summary(judge: &str, pairs: &[(f64, f64)]) -> Summary {
    let n = pairs.len();
    let mut errors: Vec<f64> = pairs.iter().map(|(e, r)| (e - r).abs()).collect();
    errors.sort_by(f64::total_cmp);
    let pct = |k: usize| {
        if n == 0 {
            0.0
        } else {
            100.0 * k as f64 / n as f64
        }
    };
    let at = |q: f64| {
        if n == 0 {
            0.0
        } else {
            errors[((q * n as f64).ceil() as usize).clamp(1, n) - 1]
        }
    };
    let mean = |v: f64| if n == 0 { 0.0 } else { v / n as f64 };
    let within = |d: f64| pct(errors.iter().filter(|&&e| e <= d).count());
    Summary {
        judge: judge.to_string(),
        games: n,
        mean_abs_error: mean(errors.iter().sum()),
        median_abs_error: at(0.5),
        p90_abs_error: at(0.9),
        mean_error: mean(pairs.iter().map(|(e, r)| e - r).sum()),
        winner: pct(pairs
            .iter()
            .filter(|(e, r)| e.total_cmp(&0.0) == r.total_cmp(&0.0))
            .count()),
        within_2: within(2.0),
        within_5: within(5.0),
        within_10: within(10.0),
    }
}

pub(crate) fn run(args: &BenchScoreArgs) -> Result<()> {
    let config = load_config(&args.config)?;
    let evaluator = Evaluator::new(config);
    let files = collect_sgf_files(&args.dirs, args.split)?;
    if files.is_empty() {
        return Err(format!("no .sgf record of the {} split was found", args.split).into());
    }
    // The first G records, in path order, that load, are even games and
    // carry a counted result.
    let mut chosen: Vec<(PathBuf, Game, f64)> = Vec::new();
    let mut passed = [0; 4];
    for f in files {
        if chosen.len() >= args.games {
            break;
        }
        match Game::load(&f) {
            Err(_) => passed[0] += 1,
            Ok(g) if !g.is_even() => passed[1] += 1,
            Ok(g) => match g.result().and_then(counted_result) {
                None => passed[2] += 1,
                Some(_) if g.move_count() <= args.before => passed[3] += 1,
                Some(r) => chosen.push((f, g, r)),
            },
        }
    }
    if chosen.is_empty() {
        return Err(format!(
            "none of the records of the {} split is an even game with a counted result (RE[B+2.5] and the like)",
            args.split
        )
        .into());
    }
    let bar = progress_bar(chosen.len(), "scoring");
    let scored: Vec<std::result::Result<Scored, String>> = chosen
        .par_iter()
        .map(|(file, game, result)| {
            bar.inc(1);
            let moves = game.move_count();
            let position = moves - args.before;
            let pos = game.position(position).map_err(|e| e.to_string())?;
            let start = Instant::now();
            let e = evaluator.evaluate(&pos.board, pos.komi);
            let seconds = start.elapsed().as_secs_f64();
            let counting = counting_of(game, args.counting);
            let estimate = match counting {
                Counting::Territory => score(&pos.board, &e.ownership, &e.ownership_dead),
                Counting::Area => area_score(&e.ownership),
            } - pos.komi;
            Ok(Scored {
                file: file.clone(),
                moves,
                position,
                result: *result,
                estimate,
                counting,
                dead: e
                    .ownership_dead
                    .iter()
                    .map(|p| p.to_gtp(pos.board.size()))
                    .collect(),
                peer_dead: None,
                peer: None,
                seconds,
            })
        })
        .collect();
    bar.finish_and_clear();
    let mut games = Vec::new();
    let mut not_replayed = Vec::new();
    for s in scored {
        match s {
            Ok(g) => games.push(g),
            Err(e) => not_replayed.push(e),
        }
    }
    if games.is_empty() {
        return Err(format!(
            "no counted record could be replayed to its end: {}",
            not_replayed.first().map_or("", String::as_str)
        )
        .into());
    }
    let (mut peer_seconds, mut peer_failures, mut peer_first_error) = (None, 0, None);
    if let Some(spec) = &args.peer {
        let take = args.peer_games.min(games.len());
        let (seconds, failures, first_error) =
            run_peer(spec, args.peer_level, args.before, &mut games[..take])?;
        (peer_seconds, peer_failures, peer_first_error) = (seconds, failures, first_error);
    }
    let pairs: Vec<(f64, f64)> = games.iter().map(|g| (g.estimate, g.result)).collect();
    let mut summaries = vec![summary("keisei", &pairs)];
    if args.peer.is_some() {
        let with_peer: Vec<&Scored> = games.iter().filter(|g| g.peer.is_some()).collect();
        let keisei: Vec<(f64, f64)> = with_peer.iter().map(|g| (g.estimate, g.result)).collect();
        let peer: Vec<(f64, f64)> = with_peer
            .iter()
            .filter_map(|g| Some((g.peer?, g.result)))
            .collect();
        summaries.push(summary("keisei, the peer's games", &keisei));
        summaries.push(summary(&format!("GNU Go level {}", args.peer_level), &peer));
    }
    // The baseline any judge must beat: every game a tie. Counted games
    // are close by selection (a game far behind is resigned), so this is a
    // demanding baseline far from the end.
    let tie: Vec<(f64, f64)> = games.iter().map(|g| (0.0, g.result)).collect();
    summaries.push(summary(TIE, &tie));
    let report = Report {
        split: args.split.to_string(),
        before: args.before,
        passed,
        not_replayed,
        summaries,
        seconds_per_position: games.iter().map(|g| g.seconds).sum::<f64>() / games.len() as f64,
        peer_seconds_per_position: peer_seconds,
        peer_failures,
        peer_first_error,
        dead_stones: dead_stones(&games),
        games,
    };
    if args.output.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(())
}

fn print_report(r: &Report) {
    let which = if r.before == 0 {
        "the final positions".to_string()
    } else {
        format!("the positions {} moves before the end", r.before)
    };
    let short = if r.before == 0 {
        String::new()
    } else {
        format!(", {} of {} moves or fewer", r.passed[3], r.before)
    };
    outln!(
        "score estimates of {which} of counted games ({} split) against the counted results; passed over: {} unreadable, {} with setup stones or a handicap, {} without a counted result{short}",
        r.split,
        r.passed[0],
        r.passed[1],
        r.passed[2],
    );
    let area = r
        .games
        .iter()
        .filter(|g| g.counting == Counting::Area)
        .count();
    outln!(
        "counted by area (Chinese): {area} games; by territory (Japanese): {}",
        r.games.len() - area
    );
    for e in &r.not_replayed {
        outln!("passed over, not replayed to the end: {e}");
    }
    outln!();
    outln!(
        "| judge | games | mean \\|error\\| | median | 90th percentile | mean error (Black +) | winner % | within 2 % | within 5 % | within 10 % |"
    );
    outln!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for s in &r.summaries {
        outln!(
            "| {} | {} | {:.1} | {:.1} | {:.1} | {:+.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            s.judge,
            s.games,
            s.mean_abs_error,
            s.median_abs_error,
            s.p90_abs_error,
            s.mean_error,
            s.winner,
            s.within_2,
            s.within_5,
            s.within_10
        );
    }
    outln!();
    outln!(
        "keisei: {:.0} µs per evaluation (one thread each)",
        1e6 * r.seconds_per_position
    );
    match (r.peer_seconds_per_position, &r.peer_first_error) {
        (Some(s), _) => outln!("peer: {s:.2} s per position, {} failed", r.peer_failures),
        (None, Some(e)) => outln!("peer: not available: {e}"),
        (None, None) => {}
    }
    if let Some(d) = &r.dead_stones {
        outln!(
            "dead stones, {} games: the peer's `final_status_list dead` {}; dead for keisei only {}, for the peer only {}; the same dead stones in {} games",
            d.games,
            d.peer,
            d.keisei_only,
            d.peer_only,
            d.identical
        );
    }
}

/// Asks the peer for the `final_score` of each game's final position (its
/// `estimate_score` of an earlier one) and its dead stones
/// (`final_status_list dead`), one process per thread, counting as
/// keisei counted the game (`--chinese-rules` for the games counted by
/// area): (mean seconds, failures, the first error).
fn run_peer(
    spec: &str,
    level: u8,
    before: usize,
    games: &mut [Scored],
) -> Result<(Option<f64>, usize, Option<String>)> {
    // Fail early, with the reason, if it cannot start.
    let (path, args) = gnugo(spec, level)?;
    let bar = progress_bar(games.len(), "peer");
    let mut seconds = Vec::new();
    let mut first_error = None;
    for counting in [Counting::Territory, Counting::Area] {
        let mut args = args.clone();
        if counting == Counting::Area {
            args.push("--chinese-rules".to_string());
        }
        let mut these: Vec<&mut Scored> = games
            .iter_mut()
            .filter(|g| g.counting == counting)
            .collect();
        if these.is_empty() {
            continue;
        }
        let (answers, error) = ask_each(
            &path,
            &args,
            &these,
            |engine, g| {
                let start = Instant::now();
                ask_peer(engine, g, before).map(|answer| (answer, start.elapsed().as_secs_f64()))
            },
            || bar.inc(1),
        );
        for (g, a) in these.iter_mut().zip(answers) {
            if let Some(((score, dead), s)) = a {
                g.peer = Some(score);
                g.peer_dead = Some(dead);
                seconds.push(s);
            }
        }
        first_error = first_error.or(error);
    }
    bar.finish_and_clear();
    let mean = (!seconds.is_empty()).then(|| seconds.iter().sum::<f64>() / seconds.len() as f64);
    Ok((mean, games.len() - seconds.len(), first_error))
}

/// The peer's score of the position and the stones it counts as dead.
fn ask_peer(
    engine: &mut Gtp,
    g: &Scored,
    before: usize,
) -> std::result::Result<(f64, Vec<String>), String> {
    let file = g.file.display().to_string();
    if file.chars().any(char::is_whitespace) {
        return Err(format!("{file}: GTP cannot pass a path with blanks"));
    }
    // `loadsgf FILE N` stops before move N.
    engine.command(&format!("loadsgf {file} {}", g.position + 1))?;
    let command = if before == 0 {
        "final_score"
    } else {
        "estimate_score"
    };
    let answer = engine.command(command)?;
    // `estimate_score` follows its score with bounds in parentheses.
    let score = answer.split_whitespace().next().unwrap_or_default();
    let score =
        counted_result(score).ok_or_else(|| format!("{file}: `{command}` answered {answer:?}"))?;
    let dead = engine
        .command("final_status_list dead")?
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    Ok((score, dead))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_results_in_points_for_black() {
        assert_eq!(counted_result("B+2.5"), Some(2.5));
        assert_eq!(counted_result("W+0.5"), Some(-0.5));
        assert_eq!(counted_result("w+12"), Some(-12.0));
        assert_eq!(counted_result("0"), Some(0.0));
        assert_eq!(counted_result("Jigo"), Some(0.0));
        for not_counted in ["B+R", "W+Resign", "W+T", "B+F", "?", "", "B+", "B+inf"] {
            assert_eq!(counted_result(not_counted), None, "{not_counted}");
        }
    }

    #[test]
    fn auto_counting_follows_the_rules_then_the_komi() {
        let game = |root: &str| Game::parse(&format!("(;GM[1]SZ[9]{root};B[ee])"), "t").unwrap();
        let auto = |root: &str| counting_of(&game(root), CountingArg::Auto);
        for area in [
            "RU[Chinese]KM[7.5]",
            "RU[chinese]KM[5.5]",
            "RU[AGA]KM[7.5]",
            "RU[NZ]KM[7]",
            "RU[Tromp-Taylor]",
            // tom-9d-counted: RU[Japanese], counted by area with 7.5.
            "RU[Japanese]KM[7.5]",
            "KM[7.5]",
        ] {
            assert_eq!(auto(area), Counting::Area, "{area}");
        }
        for territory in ["RU[Japanese]KM[6.5]", "RU[Korean]KM[6.5]", "KM[6.5]", ""] {
            assert_eq!(auto(territory), Counting::Territory, "{territory}");
        }
        // The flag wins over the record.
        let chinese = game("RU[Chinese]KM[7.5]");
        assert_eq!(
            counting_of(&chinese, CountingArg::Territory),
            Counting::Territory
        );
        assert_eq!(
            counting_of(&game("KM[6.5]"), CountingArg::Area),
            Counting::Area
        );
    }

    #[test]
    fn dead_stones_are_compared_on_the_games_the_peer_answered() {
        let game = |dead: &[&str], peer: Option<&[&str]>| Scored {
            file: PathBuf::from("g.sgf"),
            moves: 10,
            position: 10,
            result: 0.5,
            estimate: 0.5,
            counting: Counting::Territory,
            peer: peer.map(|_| 0.5),
            dead: dead.iter().map(ToString::to_string).collect(),
            peer_dead: peer.map(|p| p.iter().map(ToString::to_string).collect()),
            seconds: 0.0,
        };
        assert_eq!(dead_stones(&[game(&["A1"], None)]), None);
        let d = dead_stones(&[
            game(&["A1", "B2"], Some(&["B2", "C3", "D4"])),
            game(&["E5"], Some(&["E5"])),
            game(&["F6"], None),
        ])
        .unwrap();
        assert_eq!(
            d,
            DeadStones {
                games: 2,
                peer: 4,
                keisei_only: 1,
                peer_only: 2,
                identical: 1,
            }
        );
    }

    #[test]
    fn the_summary_counts_errors_and_winners() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // Errors 1, 3, 8 and 20; the last names the wrong winner.
        let s = summary("k", &[(3.5, 2.5), (-4.5, -1.5), (0.5, 8.5), (10.0, -10.0)]);
        assert_eq!(s.games, 4);
        assert!(close(s.mean_abs_error, 8.0));
        assert!(close(s.median_abs_error, 3.0));
        assert!(close(s.p90_abs_error, 20.0));
        assert!(close(s.mean_error, (1.0 - 3.0 - 8.0 + 20.0) / 4.0));
        assert!(close(s.winner, 75.0));
        assert!(close(s.within_2, 25.0) && close(s.within_5, 50.0) && close(s.within_10, 75.0));
    }
}
