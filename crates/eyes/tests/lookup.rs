//! Lookups on fixture positions, rendered as board maps: each eye region
//! drawn with its letter (upper case on opponent stones inside it), vital
//! points as `*`, and a legend with each
//! region's value and where it came from.

use crate::{fixtures, read};
use keisei_board::{Board, BoardMap, Color, PointSet};
use keisei_eyes::builtin::builtin;
use keisei_eyes::combine::combine;
use keisei_eyes::db::EyeDb;
use keisei_eyes::region::{EyeLookup, SearchCache, Source};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A fixture: the board, the owner, and the regions by letter.
pub(crate) fn load_board(name: &str) -> (Board, Color, BTreeMap<char, PointSet>) {
    let (_, text) = read(&format!("boards/{name}"));
    let mut owner = None;
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(o) = line.strip_prefix("owner:") {
            owner = Some(if o.trim() == "white" {
                Color::White
            } else {
                Color::Black
            });
            continue;
        }
        rows.push(
            line.split_whitespace()
                .map(|c| c.chars().next().unwrap())
                .collect::<Vec<char>>(),
        );
    }
    let owner = owner.expect("an owner: line");
    let opp = if owner == Color::Black { 'O' } else { 'X' };
    let mut regions: BTreeMap<char, PointSet> = BTreeMap::new();
    let mut diagram = String::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let cell = match c {
                'X' | 'O' | '.' => c,
                c if c.is_ascii_lowercase() => {
                    regions
                        .entry(c)
                        .or_default()
                        .insert(keisei_board::Point::new(x as u8, y as u8));
                    '.'
                }
                c if c.is_ascii_uppercase() => {
                    regions
                        .entry(c.to_ascii_lowercase())
                        .or_default()
                        .insert(keisei_board::Point::new(x as u8, y as u8));
                    opp
                }
                other => panic!("unexpected {other:?} in {name}"),
            };
            diagram.push(cell);
            diagram.push(' ');
        }
        diagram.push('\n');
    }
    (Board::from_diagram(&diagram).unwrap(), owner, regions)
}

fn check(name: &str) -> String {
    let (board, owner, regions) = load_board(name);
    let cache = SearchCache::default();
    let db = builtin();
    let size = board.size();
    let mut lookups: Vec<(char, EyeLookup)> = Vec::new();
    for (&letter, points) in &regions {
        lookups.push((letter, db.lookup(&board, owner, points, &cache).unwrap()));
    }
    let map = BoardMap::from_fn(size, |p| {
        for (letter, l) in &lookups {
            if l.defence.contains(&p) || l.attack.contains(&p) {
                return '*';
            }
            if regions[letter].contains(p) {
                // Opponent stones inside the region in upper case.
                return if board.color(p).is_some() {
                    letter.to_ascii_uppercase()
                } else {
                    *letter
                };
            }
        }
        '.'
    });
    let mut out = format!("{name}: eye regions of {owner}\n");
    out += &map.render_with_stones(&board);
    for (letter, l) in &lookups {
        let v = |ps: &[keisei_board::Point]| {
            ps.iter()
                .map(|p| p.to_gtp(size))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let source = match &l.source {
            Source::Database { file, id } => {
                format!("{} {id}", file.rsplit('/').next().unwrap_or(file))
            }
            Source::Search => "search".to_string(),
            Source::Large => "10 points or more".to_string(),
            Source::Unknown => "unknown".to_string(),
        };
        let _ = writeln!(
            out,
            "{letter}: {} ({} points) defence [{}] attack [{}] from {source}",
            l.value,
            regions[letter].len(),
            v(&l.defence),
            v(&l.attack)
        );
    }
    let values: Vec<_> = lookups.iter().map(|(_, l)| l.value).collect();
    let _ = writeln!(out, "all regions together: {}", combine(&values));
    out
}

#[test]
fn fixture_boards() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures().join("boards"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for name in names {
        let snapshot = name.trim_end_matches(".txt").replace('-', "_");
        insta::assert_snapshot!(snapshot, check(&name));
    }
}

/// `lookup_value` gives `lookup`'s value and source on every fixture
/// region, from the built-in database and from an empty one (every region
/// searched): with a fresh cache, with a cache that `lookup_value` filled
/// first (the vital points then searched on demand), and with one that
/// `lookup` filled first.
#[test]
fn value_lookups_agree_with_full_lookups() {
    let mut with_vitals = 0;
    for db in [builtin(), &EyeDb::new()] {
        for name in [
            "corner-bent-three.txt",
            "nakade.txt",
            "false-and-half-eyes.txt",
        ] {
            let (board, owner, regions) = load_board(name);
            let (value_first, full_first) = (SearchCache::default(), SearchCache::default());
            for (letter, points) in &regions {
                let full = db
                    .lookup(&board, owner, points, &SearchCache::default())
                    .unwrap();
                let alone = db
                    .lookup_value(&board, owner, points, &value_first)
                    .unwrap();
                assert_eq!(alone, (full.value, full.source.clone()), "{name} {letter}");
                let later = db.lookup(&board, owner, points, &value_first).unwrap();
                assert_eq!(
                    later, full,
                    "{name} {letter}: vital points after a value-only search"
                );
                db.lookup(&board, owner, points, &full_first).unwrap();
                let cached = db.lookup_value(&board, owner, points, &full_first).unwrap();
                assert_eq!(cached, alone, "{name} {letter}");
                with_vitals +=
                    usize::from(full.source == Source::Search && !full.defence.is_empty());
            }
        }
    }
    // Searched shapes with vital points were among them.
    assert!(with_vitals > 0);
}
