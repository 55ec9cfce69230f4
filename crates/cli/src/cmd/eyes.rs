//! `keisei eyes value`: the value and vital points of one drawn eye space.

use crate::args::EyesCommand;
use crate::cmd::{Failed, Result};
use crate::out::{out, outln};
use keisei_eyes::builtin::builtin;
use keisei_eyes::format::{diagram_text, draw, parse_drawing, shape_of};
use keisei_eyes::verify::VERIFY_BUDGET;
use serde::Serialize;
use std::io::Read as _;

#[derive(Serialize)]
struct ValueJson {
    value: String,
    /// Whether the built-in database has the shape (and which entry).
    database: Option<String>,
    /// Vital points as [row, column] of the drawing, from 1.
    defence: Vec<[usize; 2]>,
    attack: Vec<[usize; 2]>,
    /// The drawing with the vital points marked.
    diagram: Vec<String>,
}

pub(crate) fn run(cmd: EyesCommand) -> Result<()> {
    let EyesCommand::Value { output } = cmd;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("<stdin>: cannot read: {e}"))?;
    let diagram = parse_drawing("<stdin>", &text).map_err(|e| Failed(e.to_string()))?;
    let shape = shape_of(&diagram);
    let analysis = shape
        .to_space(0)
        .and_then(|s| s.analyse(VERIFY_BUDGET))
        .map_err(|e| Failed(format!("error: cannot value the drawing: {e}")))?;
    let at = |i: usize| (shape.points()[i].x, shape.points()[i].y);
    let defence: Vec<(i8, i8)> = analysis.defence.iter().map(|&i| at(i)).collect();
    let attack: Vec<(i8, i8)> = analysis.attack.iter().map(|&i| at(i)).collect();
    let marked = draw(&shape, &defence, &attack);
    let database = builtin().get(&shape).map(|ix| {
        let l = builtin().label(ix.entry);
        format!("{} {}", l.file, l.id)
    });
    // Coordinates of the drawing as the user wrote it (edges included).
    let rc = |&(x, y): &(i8, i8)| [y as usize + 1, x as usize + 1];
    let json = ValueJson {
        value: analysis.value.to_string(),
        database,
        defence: defence.iter().map(rc).collect(),
        attack: attack.iter().map(rc).collect(),
        diagram: diagram_text(&marked).lines().map(str::to_string).collect(),
    };
    if output.json {
        outln!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    outln!("value: {}", json.value);
    let list = |v: &[[usize; 2]]| {
        v.iter()
            .map(|[r, c]| format!("row {r} column {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !json.defence.is_empty() || !json.attack.is_empty() {
        outln!("vital for the owner: {}", list(&json.defence));
        outln!("vital for the opponent: {}", list(&json.attack));
    }
    match &json.database {
        Some(e) => outln!("database: {e}"),
        None => outln!("database: not in the built-in database (valued by search)"),
    }
    out!("{}", diagram_text(&marked));
    Ok(())
}
