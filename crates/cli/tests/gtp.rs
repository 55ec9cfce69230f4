//! `keisei gtp`: the protocol's framing, GNU Go's syntax for its commands,
//! `GoGui`'s analyze commands, and garbage on the channel.

use crate::{keisei_with_input, root};
use std::io::Write as _;
use std::process::{Command, Stdio};

/// The responses to a session's commands, one per command line.
fn session(script: &str) -> Vec<String> {
    let (code, out, err) = keisei_with_input(&["gtp"], script);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\n\n"), "{out:?}");
    out.trim_end_matches('\n')
        .split("\n\n")
        .map(str::to_string)
        .collect()
}

#[test]
fn a_session_answers_every_command_in_gtp_form() {
    let script = "\
protocol_version
1 name
2 boardsize 9
komi 6.5
play b e5
play w c3
play b g7
# a comment line has no answer

17 estimate_score
final_status_list alive
final_status_list dead
top_moves_white
genmove w
showboard
undo
final_score
known_command top_moves
known_command fly
list_commands
3 boardsize 30
4 play b z9
5 play purple e5
6 play b e5
7 undo
8 undo
9 undo
10 undo
11 frobnicate
quit
name
";
    let replies = session(script);
    // One reply per command, the last `name` unanswered (after `quit`).
    let commands = script
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(replies.len(), commands - 1, "{replies:#?}");
    for (r, id) in replies.iter().zip(["", "1", "2"]) {
        assert!(r.starts_with(&format!("={id}")), "{r}");
    }
    let transcript = replies.join("\n\n") + "\n\n";
    insta::assert_snapshot!(transcript);
}

#[test]
fn estimate_score_and_status_lists_speak_gnu_go() {
    let replies = session(
        "loadsgf fixtures/positions/midgame-19.sgf 81\nestimate_score\nfinal_score\n\
         final_status_list alive\nfinal_status_list dead\nfinal_status_list seki\nshowboard\n",
    );
    assert_eq!(replies[0], "= black", "the position before move 81");
    // `B+12.5 (upper bound: -12.5, lower: -12.5)`: the bounds are White's view.
    let est = replies[1].strip_prefix("= ").unwrap();
    let (result, bounds) = est.split_once(" (upper bound: ").unwrap();
    let white: f64 = bounds.split(',').next().unwrap().parse().unwrap();
    match result.split_once('+') {
        Some(("B", s)) => assert_eq!(s, format!("{:.1}", -white)),
        Some(("W", s)) => assert_eq!(s, format!("{white:.1}")),
        _ => assert_eq!((result, format!("{white:.1}")), ("0", "0.0".to_string())),
    }
    assert!(bounds.ends_with(&format!("lower: {white:.1})")), "{est}");
    assert_eq!(replies[2], format!("= {result}"));
    // Alive and dead chains together are every stone on the board, once.
    let stones = |r: &str| -> Vec<String> {
        r.trim_start_matches('=')
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let mut listed = [stones(&replies[3]), stones(&replies[4])].concat();
    listed.sort();
    // Stones on the board's rows (the column letters include an `O`).
    let board = &replies[6];
    let on_board: usize = board
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.matches(['X', 'O']).count())
        .sum();
    assert_eq!(listed.len(), on_board, "{board}");
    listed.dedup();
    assert_eq!(listed.len(), on_board);
    assert_eq!(replies[5], "=");
}

/// `kgs-rules` picks how the score counts: Japanese rules by territory,
/// Chinese (and AGA, New Zealand) by area, which differ on a board with
/// more stones of one colour than prisoners explain; other rules are an
/// error that changes nothing.
#[test]
fn kgs_rules_pick_territory_or_area_counting() {
    let replies = session(
        "loadsgf fixtures/evaluate/late-invader.sgf\nfinal_score\nkgs-rules chinese\n\
         final_score\nkgs-rules ing\nfinal_score\nkgs-rules japanese\nfinal_score\n",
    );
    let default = &replies[1];
    assert_eq!(replies[2], "=");
    let area = &replies[3];
    assert_ne!(area, default);
    assert!(
        replies[4].starts_with("? unknown rules `ing`"),
        "{}",
        replies[4]
    );
    assert_eq!(&replies[5], area);
    assert_eq!(replies[6], "=");
    assert_eq!(&replies[7], default);
}

#[test]
fn genmove_plays_a_legal_move_that_undo_takes_back() {
    let replies = session(
        "loadsgf fixtures/positions/ko-9.sgf\nshowboard\ngenmove black\nshowboard\nundo\nshowboard\n\
         reg_genmove black\nshowboard\n",
    );
    let mv = replies[2].strip_prefix("= ").unwrap();
    assert!(mv == "pass" || mv.len() >= 2, "{mv}");
    if mv != "pass" {
        assert_ne!(replies[1], replies[3], "genmove plays {mv}");
    }
    assert_eq!(replies[1], replies[5], "undo restores the position");
    assert_eq!(
        replies[6], replies[2],
        "reg_genmove chooses as genmove does"
    );
    assert_eq!(replies[5], replies[7], "reg_genmove plays nothing");
}

#[test]
fn every_analyze_command_draws_a_whole_board() {
    let replies = session("boardsize 9\nplay b e5\nplay w e3\ngogui-analyze_commands\n");
    let listed: Vec<&str> = replies[3].trim_start_matches("= ").lines().collect();
    assert!(listed.len() >= 9, "{listed:?}");
    let mut script = String::from("boardsize 9\nplay b e5\nplay w e3\n");
    for entry in &listed {
        let mut parts = entry.splitn(3, '/');
        let (kind, _label, command) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        assert!(["dboard", "sboard", "string"].contains(&kind), "{entry}");
        script.push_str(command);
        script.push('\n');
    }
    let replies = session(&script);
    for (entry, reply) in listed.iter().zip(&replies[3..]) {
        assert!(reply.starts_with('='), "{entry}: {reply}");
        if entry.starts_with("dboard") || entry.starts_with("sboard") {
            let rows: Vec<&str> = reply.trim_start_matches("= ").lines().collect();
            assert_eq!(rows.len(), 9, "{entry}: {reply}");
            for row in rows {
                assert_eq!(row.split_whitespace().count(), 9, "{entry}: {row}");
                if entry.starts_with("dboard") {
                    assert!(row.split_whitespace().all(|v| v.parse::<f64>().is_ok()));
                }
            }
        }
    }
}

/// Bytes that are no command at all, control characters, bytes that are
/// not UTF-8 and very long lines each get a `?` answer; the engine still
/// answers the command after them.
#[test]
fn garbage_on_the_channel_gets_errors_and_the_engine_goes_on() {
    let mut input: Vec<u8> = Vec::new();
    let mut x: u32 = 0x1234_5678;
    for _ in 0..200 {
        let len = (x % 40) as usize;
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let b = (x & 0xff) as u8;
            if b != b'\n' {
                input.push(b);
            }
        }
        input.push(b'\n');
    }
    input.extend(b"play b \xff\xfe\nplay\ngenmove\nboardsize -3\nkomi nan\nloadsgf\n");
    input.extend(std::iter::repeat_n(b'x', 100_000));
    input.extend(b"\n42 name\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_keisei"))
        .arg("gtp")
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the keisei binary runs");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = String::from_utf8(out.stdout).expect("replies are UTF-8");
    assert!(
        out.ends_with("=42 keisei\n\n"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
    let replies: Vec<&str> = out.trim_end().split("\n\n").collect();
    let last = replies.len() - 1;
    assert!(
        replies[..last]
            .iter()
            .all(|r| r.starts_with('?') || r.starts_with('=')),
        "{replies:?}"
    );
    // The six malformed commands before the long line are errors.
    assert!(
        replies[last - 7..last - 1]
            .iter()
            .all(|r| r.starts_with('?')),
        "{replies:?}"
    );
}
