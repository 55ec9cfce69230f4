//! The sample database: its parsed form, its canonical form, lint and verify.

use crate::read;
use keisei_eyes::db::EyeDb;
use keisei_eyes::format::{diagram_text, format_file, parse_file};
use keisei_eyes::{lint, verify};
use std::fmt::Write as _;

#[test]
fn parsed_form() {
    let (path, text) = read("sample.eyes");
    let f = parse_file(&path, &text).unwrap();
    let mut out = String::new();
    let _ = writeln!(out, "header comments: {:?}", f.header_comments);
    for e in &f.entries {
        let s = e.shape();
        let v = e.vital_points();
        let _ = writeln!(
            out,
            "\n{} (line {}) value {} names {:?}",
            e.id, e.origin.header.line, e.value, e.names
        );
        let _ = writeln!(out, "  note: {:?}", e.note);
        let _ = writeln!(
            out,
            "  leading comments: {:?}; body comments: {:?}",
            e.leading_comments, e.body_comments
        );
        for p in s.points() {
            let _ = writeln!(
                out,
                "  point ({},{}) {:?}{}{}",
                p.x,
                p.y,
                p.content,
                if p.marginal { " marginal" } else { "" },
                if p.off_board != 0 {
                    format!(" edges {:04b}", p.off_board)
                } else {
                    String::new()
                }
            );
        }
        let _ = writeln!(
            out,
            "  vital: defence {:?} attack {:?}",
            v.defence, v.attack
        );
        let _ = write!(out, "{}", diagram_text(&e.diagram));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn canonical_form_round_trips() {
    let (path, text) = read("sample.eyes");
    let f = parse_file(&path, &text).unwrap();
    let once = format_file(&f);
    let g = parse_file(&path, &once).unwrap();
    let twice = format_file(&g);
    assert_eq!(once, twice, "formatting is idempotent");
    // Nothing is lost: same entries, values, diagrams, names and comments.
    assert_eq!(f.header_comments, g.header_comments);
    for (a, b) in f.entries.iter().zip(&g.entries) {
        assert_eq!(
            (&a.id, a.value, &a.names, &a.note, &a.diagram),
            (&b.id, b.value, &b.names, &b.note, &b.diagram)
        );
        assert_eq!(
            (&a.leading_comments, &a.body_comments),
            (&b.leading_comments, &b.body_comments)
        );
    }
    insta::assert_snapshot!(once);
}

#[test]
fn sample_verifies_and_lints() {
    let (path, text) = read("sample.eyes");
    let db = EyeDb::from_texts([(path.as_str(), text.as_str())]).unwrap();
    let report = verify::verify(&db, verify::VERIFY_BUDGET);
    assert_eq!(report.entries, 4);
    assert_eq!(report.shapes, 5, "the `o` entry stands for two shapes");
    assert!(
        report.disagreements.is_empty(),
        "{:?}",
        report.disagreements
    );
    let findings = lint::lint(&db, &[(path.as_str(), text.as_str())]);
    let rendered = keisei_eyes::db::render_errors(&findings);
    insta::assert_snapshot!(rendered);
}

#[test]
fn verify_reports_a_wrong_value_and_a_wrong_vital_point() {
    let text = "shape wrong\n  value: [2,2]\n  . . *\n";
    let db = EyeDb::from_texts([("wrong.eyes", text)]).unwrap();
    let report = verify::verify(&db, verify::VERIFY_BUDGET);
    let rendered = keisei_eyes::db::render_errors(&report.disagreements);
    insta::assert_snapshot!(rendered);
}
