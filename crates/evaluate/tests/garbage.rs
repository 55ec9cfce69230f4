//! Bad input never panics: every text format the library reads (SGF
//! records, pattern files of every factor, the eye database, drawings, the
//! evaluator's TOML and JSON configuration), fed real files with random
//! edits, gives a value or an error whose place lies in the text.

use crate::fixtures;
use keisei_board::Game;
use keisei_board::diag::{Location, SourceError};
use keisei_board::pattern::{PatternFile, PatternSet};
use keisei_candidates::Efficiency;
use keisei_evaluate::Config;
use keisei_eyes::format::{parse_drawing, parse_file};
use keisei_groups::RoomPatterns;
use keisei_influence::ReinforcementRules;
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use proptest::prelude::*;

fn read(rel: &str) -> String {
    let path = fixtures().join("..").join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One edit of a text, on character boundaries.
#[derive(Clone, Debug)]
enum Edit {
    /// Deletes `len` characters at `at` (a fraction of the length).
    Delete { at: f64, len: usize },
    /// Inserts a string at `at`.
    Insert { at: f64, text: String },
    /// Cuts the text at `at`.
    Truncate { at: f64 },
    /// Copies `len` characters from `from` to `to`.
    Copy { from: f64, len: usize, to: f64 },
}

/// Characters that mean something in one of the formats, and a few that
/// mean nothing anywhere.
const ALPHABET: &str = "()[];\\:=#+-|.xoXO*!?@abcdeBWAEGMSZKHLP0123456789 \n\t\"{},é黒\u{0}";

fn edit() -> impl Strategy<Value = Edit> {
    let piece = prop::collection::vec(
        prop::sample::select(ALPHABET.chars().collect::<Vec<_>>()),
        1..6,
    )
    .prop_map(|cs| cs.into_iter().collect::<String>());
    prop_oneof![
        (0.0..1.0f64, 1..8usize).prop_map(|(at, len)| Edit::Delete { at, len }),
        (0.0..1.0f64, piece).prop_map(|(at, text)| Edit::Insert { at, text }),
        (0.0..1.0f64).prop_map(|at| Edit::Truncate { at }),
        (0.0..1.0f64, 1..40usize, 0.0..1.0f64).prop_map(|(from, len, to)| Edit::Copy {
            from,
            len,
            to
        }),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut cs: Vec<char> = text.chars().collect();
    let index = |cs: &Vec<char>, at: f64| ((cs.len() as f64) * at) as usize;
    for e in edits {
        match e {
            Edit::Delete { at, len } => {
                let i = index(&cs, *at);
                let j = (i + len).min(cs.len());
                cs.drain(i..j);
            }
            Edit::Insert { at, text } => {
                let i = index(&cs, *at);
                cs.splice(i..i, text.chars());
            }
            Edit::Truncate { at } => {
                let i = index(&cs, *at);
                cs.truncate(i);
            }
            Edit::Copy { from, len, to } => {
                let i = index(&cs, *from);
                let piece: Vec<char> = cs[i..(i + len).min(cs.len())].to_vec();
                let k = index(&cs, *to);
                cs.splice(k..k, piece);
            }
        }
    }
    cs.into_iter().collect()
}

/// A place is in a text when its line exists (or is the one after the last,
/// for an error at the end) and its column is at most one past the line.
fn in_text(text: &str, at: Location) -> bool {
    let lines: Vec<&str> = text.split('\n').collect();
    at.line >= 1
        && at.column >= 1
        && match lines.get(at.line - 1) {
            Some(line) => at.column <= line.chars().count() + 1,
            None => at.line == lines.len() + 1 && at.column == 1,
        }
}

fn check_error(text: &str, e: &SourceError) -> Result<(), TestCaseError> {
    prop_assert!(
        in_text(text, e.location()),
        "{}:{}: outside the text",
        e.line(),
        e.column()
    );
    prop_assert!(!e.message().is_empty());
    Ok(())
}

/// The texts edited: the fixtures and built-in files of each format.
struct Texts {
    sgf: Vec<String>,
    patterns: Vec<String>,
    connections: String,
    removal: String,
    reinforcement: String,
    room: String,
    efficiency: String,
    eyes: Vec<String>,
    drawing: String,
    toml: String,
    json: String,
}

fn texts() -> &'static Texts {
    static T: std::sync::OnceLock<Texts> = std::sync::OnceLock::new();
    T.get_or_init(|| Texts {
        sgf: [
            "fixtures/positions/midgame-19.sgf",
            "fixtures/positions/handicap-9.sgf",
            "fixtures/positions/ko-9.sgf",
            "fixtures/candidates/pass-b.sgf",
        ]
        .map(read)
        .to_vec(),
        patterns: [
            "fixtures/patterns/sample.pat",
            "fixtures/patterns/connections.pat",
        ]
        .map(read)
        .to_vec(),
        connections: read("crates/territory/patterns/connections.pat"),
        removal: read("crates/territory/patterns/block-removal.pat"),
        reinforcement: read("crates/influence/patterns/reinforcement.pat"),
        room: read("crates/groups/patterns/room.pat"),
        efficiency: read("crates/candidates/patterns/efficiency.pat"),
        eyes: ["fixtures/eyes/sample.eyes", "crates/eyes/db/corner.eyes"]
            .map(read)
            .to_vec(),
        drawing: "# a bent four\n. . .\n.\n".to_string(),
        toml: keisei_evaluate::config::DEFAULT_TOML.to_string(),
        json: serde_json::to_string_pretty(&Config::default()).unwrap(),
    })
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(edit(), 1..5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// An edited record loads or fails with its place; a record that loads
    /// replays to its end or fails at a node.
    #[test]
    fn edited_sgf_never_panics(which in 0..4usize, e in edits()) {
        let text = apply(&texts().sgf[which], &e);
        match Game::parse(&text, "edited.sgf") {
            Ok(game) => {
                for pos in game.positions() {
                    if let Err(err) = pos {
                        prop_assert!(err.node.is_some(), "{err}");
                        if let Some(at) = err.at {
                            prop_assert!(in_text(&text, at), "{err}");
                        }
                        break;
                    }
                }
            }
            Err(err) => {
                if let Some(at) = err.at {
                    prop_assert!(in_text(&text, at), "{err}");
                }
                prop_assert!(err.to_string().starts_with("edited.sgf"));
            }
        }
    }

    /// Edited pattern files of the pattern language and of every factor.
    #[test]
    fn edited_pattern_files_never_panic(which in 0..7usize, e in edits()) {
        let t = texts();
        let base = match which {
            0 | 1 => &t.patterns[which],
            2 => &t.connections,
            3 => &t.removal,
            4 => &t.reinforcement,
            5 => &t.room,
            _ => &t.efficiency,
        };
        let text = apply(base, &e);
        let errors = match which {
            0 | 1 => PatternFile::parse("edited.pat", &text).err().into_iter()
                .chain(PatternSet::parse("edited.pat", &text).err()).flatten().collect(),
            2 => ConnectionPatterns::parse("edited.pat", &text).err().into_iter().flatten().collect(),
            3 => RemovalRules::parse("edited.pat", &text).err().into_iter().flatten().collect(),
            4 => ReinforcementRules::parse("edited.pat", &text).err().into_iter().flatten().collect(),
            5 => RoomPatterns::parse("edited.pat", &text).err().into_iter().flatten().collect(),
            _ => Efficiency::parse("edited.pat", &text).err().into_iter().flatten().collect::<Vec<_>>(),
        };
        for err in &errors {
            check_error(&text, err)?;
        }
    }

    /// Edited eye-database files and drawings.
    #[test]
    fn edited_eye_files_never_panic(which in 0..3usize, e in edits()) {
        let t = texts();
        if which < 2 {
            let text = apply(&t.eyes[which], &e);
            if let Err(err) = parse_file("edited.eyes", &text) {
                check_error(&text, &err)?;
            }
        } else {
            let text = apply(&t.drawing, &e);
            if let Err(err) = parse_drawing("edited", &text) {
                check_error(&text, &err)?;
            }
        }
    }

    /// Edited configurations, TOML and JSON.
    #[test]
    fn edited_configurations_never_panic(json in any::<bool>(), e in edits()) {
        let t = texts();
        let (text, result) = if json {
            let text = apply(&t.json, &e);
            let r = Config::from_json("edited.json", &text);
            (text, r)
        } else {
            let text = apply(&t.toml, &e);
            let r = Config::from_toml("edited.toml", &text);
            (text, r)
        };
        if let Err(err) = result {
            check_error(&text, &err)?;
        }
    }
}

#[test]
fn the_edits_change_the_texts_they_are_given() {
    let text = "abcdef";
    assert_eq!(apply(text, &[Edit::Delete { at: 0.5, len: 2 }]), "abcf");
    assert_eq!(
        apply(
            text,
            &[Edit::Insert {
                at: 0.0,
                text: "(;".into()
            }]
        ),
        "(;abcdef"
    );
    assert_eq!(apply(text, &[Edit::Truncate { at: 0.5 }]), "abc");
    assert_eq!(
        apply(
            text,
            &[Edit::Copy {
                from: 0.0,
                len: 2,
                to: 1.0
            }]
        ),
        "abcdefab"
    );
    assert!(in_text("ab\ncd", Location::new(2, 3)));
    assert!(in_text("ab\n", Location::new(2, 1)));
    assert!(!in_text("ab\ncd", Location::new(1, 4)));
    assert!(!in_text("ab\ncd", Location::new(4, 1)));
}
