//! `keisei db lint`: problems a maintainer should fix that are not parse
//! errors — duplicate shapes, unreachable entries, files not in canonical
//! form, vital points that say nothing.

use crate::db::EyeDb;
use crate::format::{EyeFile, format_file};
use keisei_board::diag::{Location, Severity, SourceError};

/// Lints a database built from text and the text of its files (name, text),
/// which it compares with their canonical form.
pub fn lint(db: &EyeDb, texts: &[(&str, &str)]) -> Vec<SourceError> {
    let mut out = Vec::new();
    for c in db.collisions() {
        let kept = db.entry(c.kept);
        let other = db.entry(c.other);
        if c.duplicate {
            out.push(other.origin.error_at_header(format!(
                "duplicate shape: {:?} draws the same eye space as {:?} ({}:{}), under a symmetry",
                other.id, kept.id, kept.origin.file, kept.origin.header.line
            )));
        }
    }
    for id in db.unreachable() {
        let e = db.entry(id);
        out.push(
            e.origin
                .error_at_header(format!(
                    "unreachable entry: every shape {:?} draws is answered by a more specific or earlier entry",
                    e.id
                ))
                .with_severity(Severity::Warning),
        );
    }
    for e in db.entries() {
        let vital = e.vital_points();
        let marked = !vital.defence.is_empty() || !vital.attack.is_empty();
        let settled = e.value.a.count() == e.value.b.count();
        if settled && marked {
            out.push(
                e.origin
                    .error_at_diagram(format!(
                        "{:?} is settled ({}) but marks vital points; a vital point changes the value",
                        e.id, e.value
                    ))
                    .with_severity(Severity::Warning),
            );
        }
        if !settled && !marked {
            out.push(
                e.origin
                    .error_at_diagram(format!(
                        "{:?} is worth {} but marks no vital point (`*`, `d` or `a`)",
                        e.id, e.value
                    ))
                    .with_severity(Severity::Warning),
            );
        }
    }
    for f in db.files() {
        if let Some((_, text)) = texts.iter().find(|(n, _)| *n == f.name) {
            if let Some(e) = canonical_difference(f, text) {
                out.push(e);
            }
        }
    }
    out
}

/// A warning at the first line where `text` differs from the canonical form of `file`.
fn canonical_difference(file: &EyeFile, text: &str) -> Option<SourceError> {
    let canonical = format_file(file);
    if canonical == text {
        return None;
    }
    let mut a = text.lines();
    let mut b = canonical.lines();
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (x, y) => {
                let found = x.unwrap_or("");
                return Some(
                    SourceError::new(
                        &file.name,
                        Location::new(line, 1),
                        found,
                        "the file is not in canonical form; `keisei db fmt` rewrites it",
                    )
                    .with_label(format!("canonical: {:?}", y.unwrap_or("(end of file)")))
                    .with_severity(Severity::Warning),
                );
            }
        }
    }
}
