//! Tactical reading: data-driven cases from `fixtures/reading/*.txt`, status
//! map snapshots, and properties (symmetry, colour swap, no mutation, key
//! moves that really work).
//!
//! # Fixture format
//!
//! A fixture file holds many cases. `#` starts a comment line; blank lines
//! are ignored. Each case is a block of `key: value` lines:
//!
//! ```text
//! case: ladder-centre            # a unique name; starts a new case
//! board:                         # the diagram follows, one row per line,
//! . . . . .                      # `Board::from_diagram` syntax (X, O, .)
//! ...
//! play: X C3 O D4                # optional: moves played after the setup
//! target: D4                     # a stone of the target chain (GTP vertex)
//! budget: 50                     # optional node budget
//! safe-liberties: 4              # optional liberty threshold
//! attack: success C3 D5          # success [accepted key moves] | failure | unknown
//! defend: failure                # same; `pass` is a key move meaning "safe already"
//! ladder: success                # optional: the ladder reader's answer
//! status: dead                   # optional: safe | unsettled | dead | unknown
//! ```
//!
//! Every case is checked as written, under the 8 board symmetries and with
//! colours swapped (answers must not change; cases with a `budget` are only
//! checked as written). The accepted key moves are checked as written. In
//! every orientation each successful key move is replayed: after the
//! attacker's key move the defender must fail to save the chain, after the
//! defender's key move the attacker must fail to capture it.

use keisei_board::footprint::Footprint;
use keisei_board::reading::{self, Limits, Outcome, Reader, Status};
use keisei_board::{Board, Color, Move, Point, Symmetry, render_board};
use proptest::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// ----- fixture cases ---------------------------------------------------------

/// An expected answer: its kind and, for a success, the accepted key moves
/// (any key move is accepted when the list is empty).
#[derive(Clone, Debug)]
struct Expect {
    kind: Kind,
    moves: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Success,
    Failure,
    Unknown,
}

#[derive(Clone, Debug)]
struct Case {
    name: String,
    location: String,
    diagram: String,
    play: Vec<(Color, String)>,
    target: String,
    limits: Limits,
    budgeted: bool,
    attack: Option<Expect>,
    defend: Option<Expect>,
    ladder: Option<Expect>,
    status: Option<String>,
}

fn kind_of(o: Outcome) -> Kind {
    match o {
        Outcome::Success(_) => Kind::Success,
        Outcome::Failure => Kind::Failure,
        Outcome::Unknown => Kind::Unknown,
    }
}

fn parse_expect(value: &str, at: &str) -> Expect {
    let mut words = value.split_whitespace();
    let kind = match words.next() {
        Some("success") => Kind::Success,
        Some("failure") => Kind::Failure,
        Some("unknown") => Kind::Unknown,
        other => panic!("{at}: expected success|failure|unknown, found {other:?}"),
    };
    Expect {
        kind,
        moves: words.map(str::to_ascii_uppercase).collect(),
    }
}

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/reading")
}

fn load_cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixture_dir())
        .expect("fixtures/reading exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable fixture");
        let fname = file.file_name().unwrap().to_string_lossy().to_string();
        parse_file(&fname, &text, &mut cases);
    }
    cases
}

fn parse_file(fname: &str, text: &str, cases: &mut Vec<Case>) {
    let mut current: Option<Case> = None;
    let mut in_board = false;
    for (i, raw) in text.lines().enumerate() {
        let at = format!("{fname}:{}", i + 1);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            assert!(in_board, "{at}: expected `key: value`, found {line:?}");
            let case = current.as_mut().expect("board rows inside a case");
            case.diagram.push_str(line);
            case.diagram.push('\n');
            continue;
        };
        in_board = false;
        let value = value.trim();
        if key == "case" {
            if let Some(c) = current.take() {
                cases.push(c);
            }
            current = Some(Case {
                name: value.to_string(),
                location: at.clone(),
                diagram: String::new(),
                play: Vec::new(),
                target: String::new(),
                limits: Limits::DEFAULT,
                budgeted: false,
                attack: None,
                defend: None,
                ladder: None,
                status: None,
            });
            continue;
        }
        let case = current
            .as_mut()
            .unwrap_or_else(|| panic!("{at}: `{key}` before `case:`"));
        match key {
            "board" => in_board = true,
            "target" => case.target = value.to_ascii_uppercase(),
            "play" => {
                let words: Vec<&str> = value.split_whitespace().collect();
                for pair in words.chunks(2) {
                    let color = match pair[0] {
                        "X" | "B" => Color::Black,
                        "O" | "W" => Color::White,
                        other => panic!("{at}: unknown colour {other:?}"),
                    };
                    let v = pair
                        .get(1)
                        .unwrap_or_else(|| panic!("{at}: colour without a move"));
                    case.play.push((color, v.to_ascii_uppercase()));
                }
            }
            "budget" => {
                case.limits.node_budget = value.parse().expect("budget is a number");
                case.budgeted = true;
            }
            "safe-liberties" => {
                case.limits.safe_liberties = value.parse().expect("a number");
            }
            "attack" => case.attack = Some(parse_expect(value, &at)),
            "defend" => case.defend = Some(parse_expect(value, &at)),
            "ladder" => case.ladder = Some(parse_expect(value, &at)),
            "status" => case.status = Some(value.to_string()),
            other => panic!("{at}: unknown key {other:?}"),
        }
    }
    if let Some(c) = current.take() {
        cases.push(c);
    }
}

/// The case's board (after `play:`) and target.
fn setup(case: &Case) -> (Board, Point) {
    let mut board = Board::from_diagram(&case.diagram)
        .unwrap_or_else(|e| panic!("{} ({}): bad diagram: {e}", case.name, case.location));
    let size = board.size();
    for (color, v) in &case.play {
        let p = Point::from_gtp(v, size).unwrap_or_else(|| panic!("{}: bad vertex {v}", case.name));
        board
            .play(*color, p)
            .unwrap_or_else(|e| panic!("{}: cannot play {v}: {}", case.name, e.describe(size)));
    }
    let target = Point::from_gtp(&case.target, size)
        .unwrap_or_else(|| panic!("{}: bad target {:?}", case.name, case.target));
    assert!(
        board.color(target).is_some(),
        "{}: no stone on the target",
        case.name
    );
    (board, target)
}

fn move_name(m: Move, size: u8) -> String {
    m.to_gtp(size).to_ascii_uppercase()
}

/// Checks one outcome against an expectation; `accepted` lists the key moves
/// allowed (already mapped to this orientation).
fn check_outcome(
    what: &str,
    got: Outcome,
    expect: &Expect,
    accepted: &[String],
    size: u8,
    errors: &mut Vec<String>,
) {
    if kind_of(got) != expect.kind {
        errors.push(format!("{what}: expected {:?}, got {got:?}", expect.kind));
        return;
    }
    if let Outcome::Success(m) = got {
        let name = move_name(m, size);
        if !accepted.is_empty() && !accepted.contains(&name) {
            errors.push(format!("{what}: key move {name} not among {accepted:?}"));
        }
    }
}

/// Replays key moves: a winning attack must leave a chain that cannot be
/// saved; a winning defence must leave a chain that cannot be captured.
fn verify_keys(
    board: &Board,
    target: Point,
    limits: &Limits,
    attack: Outcome,
    defend: Outcome,
    errors: &mut Vec<String>,
) {
    let Some(defender) = board.color(target) else {
        return;
    };
    let size = board.size();
    if let Outcome::Success(Move::Play(a)) = attack {
        let mut b = board.clone();
        if b.play(defender.opponent(), a).is_err() {
            errors.push(format!("attack key {} is illegal", a.to_gtp(size)));
        } else if b.color(target) == Some(defender) {
            let d = reading::defend(&b, target, limits).outcome;
            // A defence by passing is the known exception: inside a search
            // the defender always answers (no tenuki), so an attack key can
            // be one the defender need not answer at all (see
            // `attack_keys_hold_against_a_tenuki`, docs/algorithms.md §2).
            if d.is_success() && d != Outcome::Success(Move::Pass) {
                errors.push(format!(
                    "after attack key {} the defence {d:?} still saves the chain",
                    a.to_gtp(size)
                ));
            }
        }
    }
    if let Outcome::Success(Move::Play(d)) = defend {
        let mut b = board.clone();
        if b.play(defender, d).is_err() {
            errors.push(format!("defence key {} is illegal", d.to_gtp(size)));
        } else {
            let a = reading::attack(&b, target, limits).outcome;
            if a.is_success() {
                errors.push(format!(
                    "after defence key {} the attack {a:?} still captures",
                    d.to_gtp(size)
                ));
            }
        }
    }
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Safe => "safe",
        Status::Unsettled { .. } => "unsettled",
        Status::Dead => "dead",
        Status::Unknown => "unknown",
    }
}

/// Runs every check of `case` on one orientation of its board; `map` sends a
/// vertex of the written board to this orientation.
fn check_orientation(
    case: &Case,
    board: &Board,
    target: Point,
    map: &dyn Fn(&str) -> String,
    as_written: bool,
    errors: &mut Vec<String>,
) {
    let size = board.size();
    let limits = case.limits;
    let mut reader = Reader::new();
    // Accepted key moves are checked as written; other orientations may
    // break ties differently, so there every key move is replayed instead.
    let accepted = |e: &Expect| -> Vec<String> {
        if as_written {
            e.moves.iter().map(|m| map(m)).collect()
        } else {
            Vec::new()
        }
    };
    let attack = reading::attack(board, target, &limits).outcome;
    let defend = reading::defend(board, target, &limits).outcome;
    if let Some(e) = &case.attack {
        check_outcome("attack", attack, e, &accepted(e), size, errors);
    }
    if let Some(e) = &case.defend {
        check_outcome("defend", defend, e, &accepted(e), size, errors);
    }
    // A reused reader must give the same answers as fresh ones.
    for _ in 0..2 {
        let a = reader.attack(board, target, &limits).outcome;
        let d = reader.defend(board, target, &limits).outcome;
        if !case.budgeted && (kind_of(a) != kind_of(attack) || kind_of(d) != kind_of(defend)) {
            errors.push(format!(
                "cached reader disagrees: attack {a:?}, defend {d:?}"
            ));
        }
    }
    if let Some(e) = &case.ladder {
        let l = reading::ladder(board, target, &limits).outcome;
        check_outcome("ladder", l, e, &accepted(e), size, errors);
    }
    if let Some(s) = &case.status {
        let got = reading::chain_status(board, target, &limits);
        if status_name(got) != s {
            errors.push(format!("status: expected {s}, got {got:?}"));
        }
    }
    verify_keys(board, target, &limits, attack, defend, errors);
}

fn check_case(case: &Case) -> Vec<String> {
    let (board, target) = setup(case);
    let size = board.size();
    let mut errors = Vec::new();
    check_orientation(case, &board, target, &|v| v.to_string(), true, &mut errors);
    if case.budgeted {
        return errors;
    }
    for sym in Symmetry::ALL {
        for swap in [false, true] {
            if sym == Symmetry::Identity && !swap {
                continue;
            }
            let mut b = board.transformed(sym);
            if swap {
                b = b.swapped_colors();
            }
            let t = sym.apply(target, size);
            let map = |v: &str| -> String {
                if v == "PASS" {
                    return v.to_string();
                }
                Point::from_gtp(v, size)
                    .map_or_else(|| v.to_string(), |p| sym.apply(p, size).to_gtp(size))
            };
            let mut errs = Vec::new();
            check_orientation(case, &b, t, &map, false, &mut errs);
            for e in errs {
                errors.push(format!(
                    "[{sym:?}{}] {e}",
                    if swap { ", colours swapped" } else { "" }
                ));
            }
        }
    }
    errors
}

#[test]
fn fixture_cases() {
    let cases = load_cases();
    assert!(cases.len() >= 40, "only {} reading cases", cases.len());
    let mut names = std::collections::HashSet::new();
    let mut report = String::new();
    for case in &cases {
        assert!(
            names.insert(case.name.clone()),
            "duplicate case name {}",
            case.name
        );
        assert!(
            case.attack.is_some() && case.defend.is_some(),
            "{}: every case states attack and defend",
            case.name
        );
        let errors = check_case(case);
        if !errors.is_empty() {
            let (board, target) = setup(case);
            let _ = writeln!(
                report,
                "case {} ({}), target {} ({}):\n{}",
                case.name,
                case.location,
                case.target,
                board
                    .color(target)
                    .map_or("none", |c| if c == Color::Black { "X" } else { "O" }),
                render_board(&board)
            );
            for e in errors {
                let _ = writeln!(report, "  - {e}");
            }
        }
    }
    assert!(report.is_empty(), "reading fixture failures:\n{report}");
}

// ----- status map snapshots ---------------------------------------------------

/// `insta::assert_snapshot!` named without the module path, so the file is
/// the same whether this module is compiled into `tests.rs` or on its own.
macro_rules! assert_status_snapshot {
    ($value:expr) => {
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($value);
        })
    };
}

/// The status of every chain, one letter per stone: `S` safe, `U`
/// unsettled, `D` dead, `?` unknown.
fn status_snapshot(diagram: &str) -> String {
    let board = Board::from_diagram(diagram).expect("valid diagram");
    let map = Reader::new().status_map(&board, &Limits::DEFAULT);
    format!(
        "{}\n{}",
        render_board(&board),
        map.render_with_stones(&board)
    )
}

fn fixture_diagram(name: &str) -> String {
    let case = load_cases()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    case.diagram
}

#[test]
fn status_map_capture_choice() {
    assert_status_snapshot!(status_snapshot(&fixture_diagram(
        "capture-choice-avoids-snapback"
    )));
}

#[test]
fn status_map_throw_in() {
    assert_status_snapshot!(status_snapshot(&fixture_diagram("throw-in-twice")));
}

#[test]
fn status_map_net() {
    assert_status_snapshot!(status_snapshot(&fixture_diagram("net-centre")));
}

#[test]
fn status_map_middle_game() {
    let text = std::fs::read_to_string(fixture_dir().join("middle-game.diagram"))
        .expect("fixtures/reading/middle-game.diagram");
    assert_status_snapshot!(status_snapshot(&text));
}

// ----- properties ---------------------------------------------------------------

/// A position reached by playing the legal moves among `moves` (column, row)
/// alternately on a board of `size`.
fn random_position(size: u8, moves: &[(u8, u8)]) -> Board {
    let mut board = Board::new(u32::from(size)).expect("valid size");
    for &(x, y) in moves {
        let p = Point::new(x % size, y % size);
        let color = board.to_move();
        if board.play(color, p).is_err() {
            board.pass(color);
        }
    }
    board
}

const PROPERTY_LIMITS: Limits = Limits::DEFAULT.with_budget(3_000);

fn position_strategy() -> impl Strategy<Value = (u8, Vec<(u8, u8)>)> {
    (
        prop_oneof![Just(7u8), Just(9u8), Just(11u8)],
        prop::collection::vec((0u8..25, 0u8..25), 10..90),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Answers do not depend on orientation or colours (when both are proven).
    #[test]
    fn answers_invariant_under_symmetry_and_colour_swap(
        (size, moves) in position_strategy(),
        sym_index in 0usize..8,
        swap in any::<bool>(),
    ) {
        let board = random_position(size, &moves);
        let sym = Symmetry::ALL[sym_index];
        let mut other = board.transformed(sym);
        if swap {
            other = other.swapped_colors();
        }
        for head in board.chain_heads().collect::<Vec<_>>() {
            let t = sym.apply(head, size);
            for (a, b) in [
                (reading::attack(&board, head, &PROPERTY_LIMITS), reading::attack(&other, t, &PROPERTY_LIMITS)),
                (reading::defend(&board, head, &PROPERTY_LIMITS), reading::defend(&other, t, &PROPERTY_LIMITS)),
            ] {
                if !a.outcome.is_unknown() && !b.outcome.is_unknown() {
                    prop_assert_eq!(kind_of(a.outcome), kind_of(b.outcome), "chain {:?}\n{:?}", head, board);
                }
            }
        }
    }

    /// Reading never mutates its input, and key moves really work.
    #[test]
    fn key_moves_work_and_input_is_untouched((size, moves) in position_strategy()) {
        let board = random_position(size, &moves);
        let before = board.clone();
        let mut reader = Reader::new();
        for head in board.chain_heads().collect::<Vec<_>>() {
            let attack = reader.attack(&board, head, &PROPERTY_LIMITS).outcome;
            let defend = reader.defend(&board, head, &PROPERTY_LIMITS).outcome;
            let ladder = reader.ladder(&board, head, &PROPERTY_LIMITS).outcome;
            let _ = reader.chain_status(&board, head, &PROPERTY_LIMITS);
            prop_assert!(board == before && board.hash() == before.hash());
            // A ladder capture is a capture.
            if ladder.is_success() {
                prop_assert!(!attack.is_failure(), "ladder {:?} but attack fails\n{:?}", ladder, board);
            }
            if attack.is_success() && defend.is_success() {
                prop_assert!(defend != Outcome::Success(Move::Pass));
            }
            let mut errors = Vec::new();
            verify_keys(&board, head, &PROPERTY_LIMITS, attack, defend, &mut errors);
            prop_assert!(errors.is_empty(), "chain {:?}: {:?}\n{:?}", head, errors, board);
        }
    }

    /// A traced attack's answer holds on every board that differs from the
    /// traced one only outside the footprint: replayed there without a cache,
    /// the search gives the same outcome in the same number of nodes (it
    /// walks the same tree). Every legal move of either colour is tried as
    /// the difference; moves that touch the footprint must be re-read, and
    /// some must exist (the footprint is not the whole board).
    #[test]
    fn traced_answers_hold_off_their_footprint((size, moves) in position_strategy()) {
        let board = random_position(size, &moves);
        let mut traced = Reader::new();
        let mut plain = Reader::with_cache_bits(0);
        for head in board.chain_heads().collect::<Vec<_>>() {
            let mut fp = Footprint::new();
            let a = traced.attack_traced(&board, head, &PROPERTY_LIMITS, &mut fp);
            let fresh = plain.attack(&board, head, &PROPERTY_LIMITS);
            prop_assert_eq!(a, fresh, "traced and plain disagree on {:?}\n{:?}", head, board);
            for color in Color::BOTH {
                for m in board.legal_moves(color).collect::<Vec<_>>() {
                    let mut child = board.clone();
                    child.play(color, m).unwrap();
                    if fp.unchanged_by(&board.changed_points(&child)) {
                        prop_assert_eq!(
                            plain.attack(&child, head, &PROPERTY_LIMITS), a,
                            "chain {:?}, {:?} at {:?} is outside the footprint\n{:?}", head, color, m, board
                        );
                    }
                }
            }
        }
    }

    /// Reading the stone a move plays on the reader's working board gives
    /// what reading a copy of the board with that move played gives: the
    /// same reading (outcome and nodes), the same footprint, `None` exactly
    /// when the move is illegal, and the input board untouched.
    #[test]
    fn attack_after_a_move_reads_as_a_copy_with_the_move((size, moves) in position_strategy()) {
        let board = random_position(size, &moves);
        let before = board.clone();
        let (mut after_reader, mut copy_reader) = (Reader::new(), Reader::new());
        for color in Color::BOTH {
            for p in board.points().filter(|&p| board.is_empty(p)) {
                let (mut fp_after, mut fp_copy) = (Footprint::new(), Footprint::new());
                let got = after_reader.attack_after(&board, color, p, &PROPERTY_LIMITS, Some(&mut fp_after));
                let mut copy = board.clone();
                let want = copy.play(color, p).ok().map(|_| {
                    copy_reader.attack_traced(&copy, p, &PROPERTY_LIMITS, &mut fp_copy)
                });
                prop_assert_eq!(got, want, "{:?} at {:?}\n{:?}", color, p, board);
                prop_assert!(fp_after == fp_copy, "footprints differ: {:?} at {:?}\n{:?}", color, p, board);
                let untraced = after_reader.attack_after(&board, color, p, &PROPERTY_LIMITS, None);
                prop_assert_eq!(untraced.map(|r| r.outcome), want.map(|r| r.outcome));
                prop_assert!(board == before && board.hash() == before.hash());
            }
        }
    }

    /// A reader keeps its working board between questions while the board
    /// asked about is the same: asked again after that board was changed in
    /// place (each way a board can change), or about a copy of it, it
    /// answers as a reader that never saw it.
    #[test]
    fn a_reader_sees_a_board_changed_in_place(
        (size, moves) in position_strategy(),
        change in 0u8..7,
        (x, y) in (0u8..25, 0u8..25),
    ) {
        let mut board = random_position(size, &moves);
        let mut reader = Reader::with_cache_bits(0);
        let ask = |reader: &mut Reader, board: &Board| {
            let mut answers = Vec::new();
            for t in board.chain_heads().collect::<Vec<_>>() {
                answers.push(Some(reader.attack(board, t, &PROPERTY_LIMITS)));
                answers.push(Some(reader.defend(board, t, &PROPERTY_LIMITS)));
            }
            let mover = board.to_move();
            for q in board.points().filter(|&q| board.is_empty(q)).take(12).collect::<Vec<_>>() {
                answers.push(reader.attack_after(board, mover, q, &PROPERTY_LIMITS, None));
            }
            answers
        };
        ask(&mut reader, &board);
        let p = Point::new(x % size, y % size);
        match change {
            0 => drop(board.play(board.to_move(), p)),
            1 => board.pass(board.to_move()),
            2 => board.set_to_move(board.to_move().opponent()),
            3 => board.set_captures(3, 5),
            4 => drop(board.set_stone(Color::Black, p)),
            5 => drop(board.clear_point(p)),
            _ => board = board.clone(),
        }
        let fresh = ask(&mut Reader::with_cache_bits(0), &board);
        prop_assert_eq!(ask(&mut reader, &board), fresh, "change {}\n{:?}", change, board);
    }

    /// The reader reads chains: asked about any stone of a chain, without a
    /// cache, it gives the same answer in the same number of nodes as asked
    /// about the chain's head (the connections read a chain that several
    /// cutting points fall on once, on this).
    #[test]
    fn every_stone_of_a_chain_reads_alike((size, moves) in position_strategy()) {
        let board = random_position(size, &moves);
        let mut reader = Reader::with_cache_bits(0);
        for head in board.chain_heads().collect::<Vec<_>>() {
            let want = reader.attack(&board, head, &PROPERTY_LIMITS);
            for stone in board.chain_stones(head).collect::<Vec<_>>() {
                prop_assert_eq!(
                    reader.attack(&board, stone, &PROPERTY_LIMITS), want,
                    "chain {:?}, stone {:?}\n{:?}", head, stone, board
                );
            }
        }
    }

    /// Nothing panics on odd targets: empty points, off-board points.
    #[test]
    fn odd_targets_answer_without_panicking((size, moves) in position_strategy(), x in 0u8..25, y in 0u8..25) {
        let board = random_position(size, &moves);
        let p = Point::new(x, y);
        let a = reading::attack(&board, p, &PROPERTY_LIMITS);
        if board.color(p).is_none() {
            prop_assert_eq!(a.outcome, Outcome::Failure);
            prop_assert_eq!(reading::chain_status(&board, p, &PROPERTY_LIMITS), Status::Unknown);
        }
    }
}

/// Known limitation, found by the property test above: inside a search the
/// defender always plays a move, so the attack may "capture" a stone whose
/// owner need not answer at all. Here the attack gives White C5 as the key
/// against B6, yet after C5 White, moving again, cannot capture B6. A
/// defender node that also tries passing would fix it, at the cost of a
/// second search per node and of changing answers everywhere.
#[test]
#[ignore = "known limitation: defender nodes inside a search never pass (docs/algorithms.md §2)"]
fn attack_keys_hold_against_a_tenuki() {
    let board = Board::from_diagram(
        "X . X . O . .
         . X O O O . O
         X O . O . O .
         X O O X . O .
         O O X X O O .
         O X X . O X X
         O X . . O O .",
    )
    .unwrap();
    let target = Point::new(1, 1);
    let attack = reading::attack(&board, target, &PROPERTY_LIMITS).outcome;
    let Outcome::Success(Move::Play(key)) = attack else {
        return;
    };
    let mut after = board.clone();
    after.play(Color::White, key).unwrap();
    let again = reading::attack(&after, target, &PROPERTY_LIMITS).outcome;
    assert!(
        !again.is_failure(),
        "White {} is no attack: White, moving again, cannot capture",
        key.to_gtp(7)
    );
}

#[test]
fn a_ladders_footprint_runs_along_its_path_and_no_further() {
    let board = Board::from_diagram(&fixture_diagram("ladder-19-long")).unwrap();
    let t = Point::from_gtp("D16", 19).unwrap();
    let mut fp = Footprint::new();
    let traced = Reader::new().attack_traced(&board, t, &Limits::DEFAULT, &mut fp);
    assert!(traced.outcome.is_success());
    let at = |v: &str| Point::from_gtp(v, 19).unwrap();
    // On the ladder's path (a breaker there would save White), and far off it.
    for on_path in ["K10", "Q4", "T1"] {
        assert!(
            fp.points().contains(at(on_path)),
            "{on_path} is on the path"
        );
    }
    for off_path in ["Q16", "D4", "A1", "T19"] {
        assert!(
            !fp.points().contains(at(off_path)),
            "{off_path} is off the path"
        );
    }
    // A breaker on the path changes the answer; the footprint saw it coming.
    let mut broken = board.clone();
    broken.play(Color::White, at("Q4")).unwrap();
    assert!(!fp.unchanged_by(&board.changed_points(&broken)));
    assert!(
        reading::attack(&broken, t, &Limits::DEFAULT)
            .outcome
            .is_failure()
    );
}

#[test]
fn free_functions_and_reader_agree_on_a_ladder() {
    let board = Board::from_diagram(&fixture_diagram("ladder-19-long")).unwrap();
    let t = Point::from_gtp("D16", 19).unwrap();
    let fresh = reading::attack(&board, t, &Limits::DEFAULT);
    assert!(fresh.outcome.is_success());
    assert!(
        fresh.nodes > 40,
        "a long ladder is read to its end ({} nodes)",
        fresh.nodes
    );
    let mut reader = Reader::new();
    let first = reader.attack(&board, t, &Limits::DEFAULT);
    let second = reader.attack(&board, t, &Limits::DEFAULT);
    assert_eq!(first.outcome, fresh.outcome);
    assert!(second.outcome.is_success());
    assert!(
        second.nodes < first.nodes,
        "the cache answers the second time"
    );
    assert!(reading::is_ladder_capture(&board, t));
}
