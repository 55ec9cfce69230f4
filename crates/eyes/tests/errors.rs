//! Broken database files: each gives a located, rustc-style error.

use crate::{fixtures, read};
use keisei_eyes::db::EyeDb;
use std::fmt::Write as _;

#[test]
fn broken_files() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures().join("broken"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 12, "a dozen broken files expected");
    let mut report = String::new();
    for name in names {
        let (path, text) = read(&format!("broken/{name}"));
        let errors = EyeDb::from_texts([(path.as_str(), text.as_str())])
            .expect_err(&format!("{name} should not load"));
        let _ = writeln!(report, "== {name}\n{errors}");
    }
    insta::assert_snapshot!(report);
}
