//! `keisei db verify`: every entry's value and vital points recomputed by the
//! local search of [`crate::space`] and compared with what the file says.

use crate::db::EyeDb;
use crate::format::EyeEntry;
use keisei_board::diag::SourceError;

/// Node budget per shape for verification.
pub const VERIFY_BUDGET: u64 = 50_000_000;

/// What verification found for the whole database.
#[derive(Debug, Default)]
pub struct Report {
    /// Entries checked.
    pub entries: usize,
    /// Shapes searched (an entry with k `o` points stands for 2^k shapes).
    pub shapes: usize,
    /// Search nodes used in all.
    pub nodes: u64,
    /// One diagnostic per disagreement.
    pub disagreements: Vec<SourceError>,
}

/// Checks one entry; returns its disagreements and the nodes used.
pub fn verify_entry(entry: &EyeEntry, budget: u64) -> (Vec<SourceError>, usize, u64) {
    let shape = entry.shape();
    let vital = entry.vital_points();
    let mut out = Vec::new();
    let mut nodes = 0;
    let either = shape.either_count();
    let assignments = 1usize << either;
    for mask in 0..assignments {
        let resolved = shape.resolved(mask as u32);
        let which = if either == 0 {
            String::new()
        } else {
            format!(" (with the `o` points as {})", describe_mask(mask, either))
        };
        let analysis = match resolved.to_space(0).and_then(|s| s.analyse(budget)) {
            Ok(a) => a,
            Err(e) => {
                out.push(
                    entry
                        .origin
                        .error_at_diagram(format!("cannot verify {:?}{which}: {e}", entry.id)),
                );
                continue;
            }
        };
        nodes += analysis.nodes;
        if analysis.value != entry.value {
            out.push(
                entry
                    .origin
                    .error_at_value(format!(
                        "{:?} says {} but the search finds {}{which}",
                        entry.id, entry.value, analysis.value
                    ))
                    .with_label(format!("search: {}", analysis.value)),
            );
        }
        let at = |i: usize| (resolved.points()[i].x, resolved.points()[i].y);
        let defence: Vec<(i8, i8)> = analysis.defence.iter().map(|&i| at(i)).collect();
        let attack: Vec<(i8, i8)> = analysis.attack.iter().map(|&i| at(i)).collect();
        for (marked, good, who) in [
            (&vital.defence, &defence, "owner"),
            (&vital.attack, &attack, "opponent"),
        ] {
            for p in marked {
                if !good.contains(p) {
                    out.push(entry.origin.error_at_cell(*p, format!(
                        "{:?}: the point at row {}, column {} is marked vital for the {who}, but the search finds {}{which}",
                        entry.id,
                        p.1 + 1,
                        p.0 + 1,
                        if good.is_empty() {
                            "no such point".to_string()
                        } else {
                            format!("only {}", good.iter().map(|q| format!("row {}, column {}", q.1 + 1, q.0 + 1)).collect::<Vec<_>>().join("; "))
                        }
                    )));
                }
            }
        }
    }
    (out, assignments, nodes)
}

fn describe_mask(mask: usize, n: usize) -> String {
    (0..n)
        .map(|k| if mask & (1 << k) != 0 { 'O' } else { '.' })
        .collect()
}

/// Verifies every entry of a database built from text.
pub fn verify(db: &EyeDb, budget: u64) -> Report {
    let mut report = Report::default();
    for e in db.entries() {
        let (errs, shapes, nodes) = verify_entry(e, budget);
        report.entries += 1;
        report.shapes += shapes;
        report.nodes += nodes;
        report.disagreements.extend(errs);
    }
    report
}
