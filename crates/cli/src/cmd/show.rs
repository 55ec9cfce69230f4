//! `keisei show FILE.sgf [--move N] [--json]`.

use crate::args::PositionArgs;
use crate::cmd::{Result, load_position};
use crate::out::{out, outln};
use keisei_board::{Color, render_board};
use serde::Serialize;

#[derive(Serialize)]
struct ShowJson {
    source: String,
    size: u8,
    move_number: usize,
    moves_in_game: usize,
    to_move: Color,
    komi: f64,
    handicap: u32,
    captures: Captures,
    ko: Option<String>,
    last_move: Option<PlayedMove>,
    next_move: Option<PlayedMove>,
    /// Rows top first: `X` black, `O` white, `.` empty.
    board: Vec<String>,
}

#[derive(Serialize)]
struct Captures {
    black: u32,
    white: u32,
}

#[derive(Serialize)]
struct PlayedMove {
    color: Color,
    #[serde(rename = "move")]
    vertex: String,
}

pub(crate) fn run(args: &PositionArgs, json: bool) -> Result<()> {
    let (game, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    let to_move = board.to_move();
    let played = |(c, m): (Color, keisei_board::Move)| PlayedMove {
        color: c,
        vertex: m.to_gtp(size),
    };
    let out = ShowJson {
        source: game.source().to_string(),
        size,
        move_number: pos.move_number,
        moves_in_game: game.move_count(),
        to_move,
        komi: pos.komi,
        handicap: pos.handicap,
        captures: Captures {
            black: board.captures(Color::Black),
            white: board.captures(Color::White),
        },
        ko: board.ko_point(to_move).map(|p| p.to_gtp(size)),
        last_move: pos.history.last().copied().map(played),
        next_move: pos.next_move.map(played),
        board: board
            .to_diagram()
            .lines()
            .map(|l| l.replace(' ', ""))
            .collect(),
    };
    if json {
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!(
        "{}: move {} of {}, {} to move, komi {}, captures: black {} white {}",
        out.source,
        out.move_number,
        out.moves_in_game,
        out.to_move,
        super::komi_text(&game),
        out.captures.black,
        out.captures.white
    );
    if let Some(m) = &out.last_move {
        outln!("last move: {} {}", m.color.letter(), m.vertex);
    }
    if let Some(m) = &out.next_move {
        outln!("next move in the record: {} {}", m.color.letter(), m.vertex);
    }
    if let Some(ko) = &out.ko {
        outln!("ko: {} may not retake at {ko}", out.to_move);
    }
    out!("{}", render_board(board));
    Ok(())
}
