//! Broken configuration files give located errors.

use crate::fixtures;
use keisei_evaluate::Config;
use std::fmt::Write as _;

#[test]
fn broken_configs() {
    let dir = fixtures().join("evaluate/broken");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    let mut out = String::new();
    for name in names {
        let e = Config::load(&dir.join(&name)).expect_err(&name);
        let text = e
            .to_string()
            .replace(&dir.display().to_string(), "fixtures/evaluate/broken");
        let _ = writeln!(out, "== {name}\n{text}");
    }
    insta::assert_snapshot!(out);
}

#[test]
fn json_and_toml_agree() {
    let toml =
        "composition = \"seed001\"\n[weights]\ndanger = 0.7\n[models]\ninfluence = \"dots\"\n";
    let json = r#"{"composition": "seed001", "weights": {"danger": 0.7}, "models": {"influence": "dots"}}"#;
    assert_eq!(
        Config::from_toml("a.toml", toml).unwrap(),
        Config::from_json("a.json", json).unwrap()
    );
}
