//! Compares the built-in database with GNU Go's `analyze_eyegraph` (run by
//! hand, never in CI; needs `/usr/games/gnugo`, from `apt-get install gnugo`).
//!
//! `cargo run --release -p keisei-eyes --example gnugo_compare [PATH-TO-GNUGO]`
//!
//! GNU Go's eye graphs have no board edge, so only entries without edges
//! are compared. Its four-digit value `abcd` maps to ours as: our a = its c
//! (owner first), our b = its b (opponent first), and our `M` = its first
//! digit 2 (two eyes even if the opponent plays twice).

#![allow(clippy::print_stdout)]

use keisei_eyes::builtin::load_text;
use keisei_eyes::shape::{Content, Shape};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// GNU Go's encoding: rows joined by `%`, spaces written `O`; `.` empty,
/// `!` marginal, `X` a stone of the attacker inside.
fn encode(shape: &Shape) -> String {
    let pts = shape.points();
    let min_x = pts.iter().map(|p| p.x).min().unwrap_or(0);
    let max_x = pts.iter().map(|p| p.x).max().unwrap_or(0);
    let min_y = pts.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = pts.iter().map(|p| p.y).max().unwrap_or(0);
    let mut rows = Vec::new();
    for y in min_y..=max_y {
        let mut r = String::new();
        for x in min_x..=max_x {
            r.push(match pts.iter().find(|p| p.x == x && p.y == y) {
                None => 'O',
                Some(p) if p.content == Content::Opponent => 'X',
                Some(p) if p.marginal => '!',
                Some(_) => '.',
            });
        }
        rows.push(r.trim_end_matches('O').to_string());
    }
    rows.join("%")
}

fn main() {
    let gnugo = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/usr/games/gnugo".to_string());
    let db = load_text().unwrap_or_else(|e| panic!("{e}"));
    let mut child = Command::new(&gnugo)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {gnugo}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut compared = 0;
    let mut agree = 0;
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut disagreements = Vec::new();
    let mut failed = 0;
    for e in db.entries() {
        let shape = e.shape();
        if shape.touches_edge() || shape.either_count() > 0 {
            continue;
        }
        let code = encode(&shape);
        writeln!(stdin, "analyze_eyegraph {code}").unwrap();
        stdin.flush().unwrap();
        // The answer: "= abcd" or "? message", then lines up to a blank line.
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let mut line = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line).unwrap() == 0 || line.trim().is_empty() {
                break;
            }
        }
        let Some(digits) = first
            .strip_prefix("= ")
            .map(str::trim)
            .filter(|d| d.len() == 4)
        else {
            failed += 1;
            continue;
        };
        let d: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        let theirs = if d[0] >= 2 {
            "[M,M]".to_string()
        } else {
            format!("[{},{}]", d[2].min(2), d[1].min(2))
        };
        let ours = e.value.to_string();
        compared += 1;
        let kind = e.origin.file.rsplit('/').next().unwrap_or("").to_string();
        let k = by_kind.entry(kind).or_default();
        k.0 += 1;
        if theirs == ours {
            agree += 1;
            k.1 += 1;
        } else {
            disagreements.push(format!(
                "{:<22} ours {ours} GNU Go {digits} ({theirs})  {}",
                e.id, code
            ));
        }
    }
    writeln!(stdin, "quit").unwrap();
    let _ = child.wait();
    println!(
        "compared {compared} shapes without edges: {agree} agree, {} disagree; GNU Go failed on {failed}",
        compared - agree
    );
    for (kind, (n, a)) in by_kind {
        println!("  {kind}: {a} of {n} agree");
    }
    for d in disagreements {
        println!("{d}");
    }
}
