//! The built-in database: parses, is canonical, complete, every entry
//! verified by search, and its compiled index is up to date.

use keisei_eyes::builtin::{self, FILES};
use keisei_eyes::enumerate::{Placement, shapes};
use keisei_eyes::format::{format_file, parse_file};
use keisei_eyes::{lint, store, verify};
use std::fmt::Write as _;

#[test]
fn every_entry_agrees_with_the_search() {
    let db = builtin::load_text().unwrap_or_else(|e| panic!("{e}"));
    let report = verify::verify(&db, verify::VERIFY_BUDGET);
    assert!(report.entries > 1400, "only {} entries", report.entries);
    let text = keisei_eyes::db::render_errors(&report.disagreements);
    assert!(
        report.disagreements.is_empty(),
        "{} disagreements:\n{text}",
        report.disagreements.len()
    );
}

#[test]
fn lint_finds_nothing() {
    let db = builtin::load_text().unwrap_or_else(|e| panic!("{e}"));
    let findings = lint::lint(&db, FILES);
    let text = keisei_eyes::db::render_errors(&findings);
    assert!(findings.is_empty(), "{text}");
}

#[test]
fn files_are_in_canonical_form() {
    for (name, text) in FILES {
        let f = parse_file(name, text).unwrap();
        assert_eq!(
            &format_file(&f),
            text,
            "{name} is not canonical: run `keisei db fmt`"
        );
    }
}

#[test]
fn compiled_index_is_up_to_date() {
    let db = builtin::load_text().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        store::compile(&db) == builtin::COMPILED,
        "{} is stale: run `cargo run -p keisei-cli -- db compile`",
        builtin::COMPILED_PATH
    );
}

#[test]
fn every_shape_of_one_to_seven_points_is_in_the_database() {
    let db = builtin::builtin();
    let mut missing = Vec::new();
    for placement in Placement::ALL {
        for n in 1..=7 {
            for s in shapes(n, placement) {
                if db.get(&s).is_none() {
                    missing.push(format!("{} {n}: {:?}", placement.name(), s.points()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} shapes missing: {:?}",
        missing.len(),
        &missing[..missing.len().min(5)]
    );
}

#[test]
fn classical_shapes_have_their_textbook_values() {
    let db = builtin::load_text().unwrap();
    let by_name = |name: &str| {
        db.entries()
            .find(|e| e.names.iter().any(|n| n == name))
            .unwrap_or_else(|| panic!("no entry named {name}"))
            .value
            .to_string()
    };
    let expected = [
        ("single point", "[1,1]"),
        ("straight two", "[1,1]"),
        ("straight three", "[2,1]"),
        ("bent three", "[2,1]"),
        ("square four", "[1,1]"),
        ("pyramid four", "[2,1]"),
        ("straight four", "[2,2]"),
        ("bent four", "[2,2]"),
        ("bulky five", "[2,1]"),
        ("crossed five", "[2,1]"),
        ("rabbity six", "[2,1]"),
        ("half eye", "[1,0]"),
        ("false eye", "[0,0]"),
    ];
    for (name, value) in expected {
        assert_eq!(by_name(name), value, "{name}");
    }
}

#[test]
fn compiled_errors_are_clear() {
    let cases: [(&str, &[u8]); 4] = [
        ("empty", b""),
        ("not a database", b"GIF89a...."),
        (
            "truncated",
            &builtin::COMPILED[..builtin::COMPILED.len() / 2],
        ),
        ("another version", &{
            let mut v = builtin::COMPILED.to_vec();
            v[8] = 99;
            v
        }),
    ];
    let mut report = String::new();
    for (what, bytes) in cases {
        let e = store::load(bytes).expect_err(what);
        let _ = writeln!(report, "{what}: {e}");
    }
    insta::assert_snapshot!(report);
}
