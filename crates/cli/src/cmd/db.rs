//! `keisei db lint|fmt|verify|compile`: the eye-shape database.

use crate::args::DbCommand;
use crate::cmd::{Failed, Result};
use crate::out::outln;
use keisei_board::diag::Severity;
use keisei_eyes::builtin::{self, FILES};
use keisei_eyes::db::{EyeDb, render_errors};
use keisei_eyes::format::{format_file, parse_file};
use keisei_eyes::{lint, store, verify};
use serde::Serialize;
use std::path::PathBuf;

pub(crate) fn run(cmd: DbCommand) -> Result<()> {
    match cmd {
        DbCommand::Lint {
            files,
            deny_warnings,
        } => lint_files(&files, deny_warnings),
        DbCommand::Fmt { files, check } => fmt_files(&files, check),
        DbCommand::Verify { files, output } => verify_files(&files, output.json),
        DbCommand::Compile { output } => compile(&output),
    }
}

/// The files named, or the built-in ones: (name, text).
fn texts(files: &[PathBuf]) -> Result<Vec<(String, String)>> {
    if files.is_empty() {
        return Ok(FILES
            .iter()
            .map(|(n, t)| ((*n).to_string(), (*t).to_string()))
            .collect());
    }
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p)
                .map_err(|e| format!("{}: cannot read: {e}", p.display()))?;
            Ok((p.display().to_string(), text))
        })
        .collect()
}

fn load(texts: &[(String, String)]) -> Result<EyeDb> {
    EyeDb::from_texts(texts.iter().map(|(n, t)| (n.as_str(), t.as_str()))).map_err(|errors| {
        let n = errors.len();
        Failed(format!(
            "{errors}\nerror: {n} error(s) in the database files"
        ))
        .into()
    })
}

fn lint_files(files: &[PathBuf], deny_warnings: bool) -> Result<()> {
    let texts = texts(files)?;
    let db = load(&texts)?;
    let pairs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let findings = lint::lint(&db, &pairs);
    let errors = findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    crate::out::write(&render_errors(&findings));
    outln!(
        "{} entries in {} file(s): {errors} error(s), {warnings} warning(s)",
        db.len(),
        texts.len()
    );
    if errors > 0 || (deny_warnings && warnings > 0) {
        return Err(Failed("error: lint found problems".to_string()).into());
    }
    Ok(())
}

fn fmt_files(files: &[PathBuf], check: bool) -> Result<()> {
    let mut changed = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        let parsed = parse_file(&name, &text).map_err(|e| Failed(e.to_string()))?;
        let canonical = format_file(&parsed);
        if canonical != text {
            if !check {
                std::fs::write(path, &canonical)
                    .map_err(|e| format!("{name}: cannot write: {e}"))?;
            }
            changed.push(name);
        }
    }
    for name in &changed {
        outln!(
            "{} {name}",
            if check {
                "not canonical:"
            } else {
                "formatted:"
            }
        );
    }
    outln!(
        "{} file(s), {} {}",
        files.len(),
        changed.len(),
        if check { "not canonical" } else { "rewritten" }
    );
    if check && !changed.is_empty() {
        return Err(Failed("error: run `keisei db fmt` on the files above".to_string()).into());
    }
    Ok(())
}

#[derive(Serialize)]
struct VerifyJson {
    entries: usize,
    shapes: usize,
    nodes: u64,
    disagreements: Vec<DisagreementJson>,
}

#[derive(Serialize)]
struct DisagreementJson {
    file: String,
    line: usize,
    column: usize,
    message: String,
}

fn verify_files(files: &[PathBuf], json: bool) -> Result<()> {
    let texts = texts(files)?;
    let db = load(&texts)?;
    let report = verify::verify(&db, verify::VERIFY_BUDGET);
    let n = report.disagreements.len();
    if json {
        let out = VerifyJson {
            entries: report.entries,
            shapes: report.shapes,
            nodes: report.nodes,
            disagreements: report
                .disagreements
                .iter()
                .map(|d| DisagreementJson {
                    file: d.file().to_string(),
                    line: d.line(),
                    column: d.column(),
                    message: d.message().to_string(),
                })
                .collect(),
        };
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        crate::out::write(&render_errors(&report.disagreements));
        outln!(
            "verified {} entries ({} shapes, {} search nodes): {n} disagreement(s)",
            report.entries,
            report.shapes,
            report.nodes
        );
    }
    if n > 0 {
        return Err(Failed(format!("error: {n} entries disagree with the search")).into());
    }
    Ok(())
}

fn compile(output: &PathBuf) -> Result<()> {
    let db = builtin::load_text().map_err(|e| Failed(e.to_string()))?;
    let bytes = store::compile(&db);
    std::fs::write(output, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", output.display()))?;
    outln!(
        "{}: {} bytes, {} shapes from {} entries",
        output.display(),
        bytes.len(),
        db.shape_count(),
        db.len()
    );
    Ok(())
}
