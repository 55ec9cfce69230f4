//! Writes the eye-shape database files under `crates/eyes/db/` from the
//! enumeration and the local search. Run from the repository root:
//!
//! `cargo run --release -p keisei-eyes --example generate`
//!
//! The committed files are the readable source maintainers edit; this tool
//! only produced their first version. Re-running it overwrites hand edits.

#![allow(clippy::print_stdout)] // a tool reports what it wrote

use keisei_eyes::enumerate::{Placement, place, shapes};
use keisei_eyes::format::{EyeEntry, EyeFile, Origin, draw, format_file};
use keisei_eyes::shape::{Content, Shape, ShapePoint};
use keisei_eyes::space::Analysis;
use std::collections::BTreeSet;

const BUDGET: u64 = 50_000_000;

/// Classical names of centre shapes, drawn as pictures (`.` eye point).
const NAMES: &[(&[&str], &str)] = &[
    (&["."], "single point"),
    (&[".."], "straight two"),
    (&["..."], "straight three"),
    (&["..", ". "], "bent three"),
    (&["...."], "straight four"),
    (&["...", ".  "], "bent four"),
    (&["..", ".."], "square four"),
    (&["...", " . "], "pyramid four"),
    (&["..", " .."], "zigzag four"),
    (&["....."], "straight five"),
    (&["..", "..", ". "], "bulky five"),
    (&[" . ", "...", " . "], "crossed five"),
    (&[" . ", "...", ".. "], "rabbity six"),
    (&["...", "..."], "six in a rectangle"),
];

fn picture(rows: &[&str]) -> Shape {
    let cells: Vec<(i8, i8)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, r)| {
            r.chars()
                .enumerate()
                .filter(|(_, c)| *c == '.')
                .map(move |(x, _)| (x as i8, y as i8))
        })
        .collect();
    place(&cells, Placement::Centre)
}

/// The orientation a reader expects: an edge on top, a corner at the top left.
fn readable(shape: &Shape) -> Shape {
    keisei_board::Symmetry::ALL
        .iter()
        .map(|&sym| shape.transformed(sym).normalized())
        .min_by_key(|t| {
            let has = |bit: u8| t.points().iter().any(|p| p.off_board & bit != 0);
            (
                !has(1) && (has(2) || has(4) || has(8)),
                !has(8) && (has(2)),
                t.canonical().0.clone(),
                format!("{t:?}"),
            )
        })
        .expect("eight symmetries")
}

fn analyse(shape: &Shape) -> Analysis {
    shape
        .to_space(0)
        .expect("valid space")
        .analyse(BUDGET)
        .expect("within budget")
}

fn entry(id: String, names: Vec<String>, shape: &Shape, note: Option<String>) -> EyeEntry {
    let shape = &readable(shape);
    let a = analyse(shape);
    let coords = |idx: &[usize]| -> Vec<(i8, i8)> {
        idx.iter()
            .map(|&i| (shape.points()[i].x, shape.points()[i].y))
            .collect()
    };
    let mut diagram = draw(shape, &coords(&a.defence), &coords(&a.attack));
    // Drawn in the shape's own frame: the diagram starts at its bounding box.
    diagram.retain(|r| !r.is_empty());
    EyeEntry {
        id,
        names,
        value: a.value,
        note,
        diagram,
        leading_comments: vec![],
        body_comments: vec![],
        origin: Origin {
            file: String::new(),
            header: keisei_board::diag::Location::new(1, 1),
            value: keisei_board::diag::Location::new(1, 1),
            diagram: keisei_board::diag::Location::new(1, 1),
            lines: Default::default(),
            rows: Vec::new(),
        },
    }
}

fn name_of(shape: &Shape) -> Vec<String> {
    let key = shape.canonical().0;
    NAMES
        .iter()
        .filter(|(pic, _)| picture(pic).canonical().0 == key)
        .map(|(_, n)| (*n).to_string())
        .collect()
}

fn write(path: &str, header: &[&str], entries: Vec<EyeEntry>) {
    let n = entries.len();
    let file = EyeFile {
        name: path.to_string(),
        header_comments: header.iter().map(|s| (*s).to_string()).collect(),
        entries,
        trailing_comments: vec![],
    };
    std::fs::write(path, format_file(&file)).expect("write the database file");
    println!("{path}: {n} entries");
}

fn main() {
    let common = [
        "",
        "Values [a,b]: eyes if the owner plays first / if the opponent does; M = two",
        "eyes even after two opponent moves in a row. Symbols: . eye point, ! marginal",
        "point, @ marginal point vital for both, O dead opponent stone, o either,",
        "* vital for both, d vital for the owner, a vital for the opponent, X the",
        "owner's wall, - | + the board edge.",
        "First written by `cargo run --release -p keisei-eyes --example generate`;",
        "every value is checked by `keisei db verify` (and by `cargo test`).",
    ];

    // Empty shapes of 1..7 points by placement.
    for placement in Placement::ALL {
        let mut entries = Vec::new();
        for n in 1..=7 {
            for (i, s) in shapes(n, placement).into_iter().enumerate() {
                let names = if placement == Placement::Centre {
                    name_of(&s)
                } else {
                    vec![]
                };
                entries.push(entry(
                    format!("{}-{n}-{:03}", placement.name(), i + 1),
                    names,
                    &s,
                    None,
                ));
            }
        }
        let title = format!(
            "Eye spaces of 1 to 7 empty points, {}.",
            match placement {
                Placement::Centre => "away from the edge",
                Placement::Edge => "against one edge of the board",
                Placement::Corner => "in a corner of the board",
            }
        );
        let mut header = vec![title.as_str()];
        header.extend(common);
        write(
            &format!("crates/eyes/db/{}.eyes", placement.name()),
            &header,
            entries,
        );
    }

    // Marginal points: centre shapes of 1..4 points, every non-empty set of
    // marginal points among those touching the wall.
    let mut seen = BTreeSet::new();
    let mut entries = Vec::new();
    for n in 1..=4 {
        for s in shapes(n, Placement::Centre) {
            let candidates: Vec<usize> = (0..s.len()).filter(|&i| s.touches_wall(i)).collect();
            for mask in 1u32..(1 << candidates.len()) {
                let pts: Vec<ShapePoint> = s
                    .points()
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let k = candidates.iter().position(|&c| c == i);
                        ShapePoint {
                            marginal: k.is_some_and(|k| mask & (1 << k) != 0),
                            ..*p
                        }
                    })
                    .collect();
                let m = Shape::new(pts);
                let (key, sym) = m.canonical();
                if !seen.insert(key) {
                    continue;
                }
                let m = m.transformed(sym).normalized();
                let marginals = m.points().iter().filter(|p| p.marginal).count();
                let names = match (n, marginals) {
                    (1, 1) => vec!["false eye".to_string()],
                    (2, 1) => vec!["half eye".to_string()],
                    _ => vec![],
                };
                entries.push(entry(
                    format!("marginal-{n}-{:03}", entries.len() + 1),
                    names,
                    &m,
                    None,
                ));
            }
        }
    }
    let mut header = vec!["Eye spaces with marginal points (the opponent's outside touches them)."];
    header.extend(common);
    write("crates/eyes/db/marginal.eyes", &header, entries);

    // Killing shapes: the shapes the opponent can reduce (a > b), with its
    // stone on a vital point, and filled with stones on all points but one.
    let mut seen = BTreeSet::new();
    let mut entries = Vec::new();
    for placement in Placement::ALL {
        for n in 3..=6 {
            for s in shapes(n, placement) {
                let a = analyse(&s);
                if a.value.a.count() <= a.value.b.count() {
                    continue;
                }
                let base = name_of(&s).into_iter().next();
                let mut fillings: Vec<(u32, String)> = a
                    .attack
                    .iter()
                    .map(|&v| (1u32 << v, "the opponent on the vital point".to_string()))
                    .collect();
                for empty in 0..n {
                    let mask = ((1u32 << n) - 1) & !(1 << empty);
                    fillings.push((mask, "filled by the opponent but for one point".to_string()));
                }
                for (mask, what) in fillings {
                    let pts: Vec<ShapePoint> = s
                        .points()
                        .iter()
                        .enumerate()
                        .map(|(i, p)| ShapePoint {
                            content: if mask & (1 << i) != 0 {
                                Content::Opponent
                            } else {
                                Content::Empty
                            },
                            ..*p
                        })
                        .collect();
                    let k = Shape::new(pts);
                    let stones = Shape::new(
                        k.points()
                            .iter()
                            .filter(|p| p.content == Content::Opponent)
                            .copied()
                            .collect(),
                    );
                    if !stones.is_connected() {
                        continue;
                    }
                    let (key, sym) = k.canonical();
                    if !seen.insert(key) {
                        continue;
                    }
                    let k = k.transformed(sym).normalized();
                    let note = Some(match &base {
                        Some(b) => format!("{b}, {what}"),
                        None => format!("{} {n}-point shape, {what}", placement.name()),
                    });
                    entries.push(entry(
                        format!("killing-{}-{n}-{:03}", placement.name(), entries.len() + 1),
                        vec![],
                        &k,
                        note,
                    ));
                }
            }
        }
    }
    let mut header = vec!["Killing shapes: reducible eye spaces with opponent stones inside."];
    header.extend(common);
    write("crates/eyes/db/killing.eyes", &header, entries);
}
