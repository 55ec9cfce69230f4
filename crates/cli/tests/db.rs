//! `keisei db …` and `keisei eyes value`.

use crate::{keisei, keisei_with_input, root};

#[test]
fn the_built_in_database_lints_and_verifies_clean() {
    let (code, out, err) = keisei(&["db", "lint", "--deny-warnings"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("0 error(s), 0 warning(s)\n"), "{out}");
    let (code, out, err) = keisei(&["db", "verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(": 0 disagreement(s)"), "{out}");
}

#[test]
fn a_broken_file_is_reported_with_its_location() {
    let (code, out, err) = keisei(&["db", "lint", "fixtures/eyes/broken/unknown-symbol.eyes"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    insta::assert_snapshot!(err);
}

#[test]
fn fmt_rewrites_canonically_and_is_idempotent() {
    let dir = std::env::temp_dir().join(format!("keisei-db-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.eyes");
    std::fs::copy(root().join("fixtures/eyes/sample.eyes"), &file).unwrap();
    let path = file.to_str().unwrap();
    let (code, _, _) = keisei(&["db", "fmt", "--check", path]);
    assert_eq!(code, 1, "the sample is deliberately not canonical");
    let (code, out, err) = keisei(&["db", "fmt", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 rewritten"), "{out}");
    let once = std::fs::read_to_string(&file).unwrap();
    let (code, out, _) = keisei(&["db", "fmt", path]);
    assert_eq!(code, 0);
    assert!(out.contains("0 rewritten"), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), once);
    let (code, _, _) = keisei(&["db", "fmt", "--check", path]);
    assert_eq!(code, 0);
    let (code, out, err) = keisei(&["db", "verify", path]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn eyes_value_reads_a_drawing() {
    let (code, out, err) = keisei_with_input(&["eyes", "value"], "# a bulky five\n. .\n. .\n. X\n");
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
    let (code, out, _) = keisei_with_input(&["eyes", "value", "--json"], "+ - - -\n| . . .\n");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "[2,1]");
    assert_eq!(v["defence"][0], serde_json::json!([2, 3]));
}

#[test]
fn eyes_value_rejects_bad_drawings() {
    for (input, expected) in [
        ("", "found nothing"),
        (". q .\n", "unknown symbol 'q'"),
        (". .\n.\n", "ragged diagram"),
        ("X X\n", "no eye point"),
        (". X .\n", "not connected"),
    ] {
        let (code, out, err) = keisei_with_input(&["eyes", "value"], input);
        assert_eq!(code, 1, "{input:?}");
        assert!(out.is_empty());
        assert!(err.contains(expected), "{input:?}: {err}");
        assert!(err.contains("<stdin>:"), "{err}");
    }
}
