//! Which game records the tables and the benchmark use, why the others are
//! skipped, and the replay of a record's moves.

use crate::{AREA, SIZE};
use keisei_board::{Board, Color, Game, Move, Point, SgfErrorKind};
use std::fmt;
use std::path::Path;

/// Why a game record was not used. Every skipped record is counted under one
/// reason, so a corpus run reports what it left out instead of failing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SkipReason {
    /// The file could not be read or is not well-formed SGF (or has an
    /// invalid property such as `KM[abc]`).
    Unreadable,
    /// The record is of another game (`GM` other than 1).
    NotGo,
    /// The board is not 19×19: the tables are for 19×19 only.
    BoardSize,
    /// The record places stones with `AB`/`AW`/`AE` (handicap stones or a
    /// problem diagram): move numbers and contexts would not mean the same
    /// as in an even game from the empty board.
    Setup,
    /// The record declares a handicap (`HA` of 2 or more) but places no
    /// stones: its positions lack the handicap stones (some real records
    /// are written so, White moving first on an empty board).
    Handicap,
    /// The main line has no move.
    NoMoves,
    /// A move of the main line is illegal on replay.
    IllegalMove,
}

impl SkipReason {
    /// Every reason, in report order.
    pub const ALL: [SkipReason; 7] = [
        SkipReason::Unreadable,
        SkipReason::NotGo,
        SkipReason::BoardSize,
        SkipReason::Setup,
        SkipReason::Handicap,
        SkipReason::NoMoves,
        SkipReason::IllegalMove,
    ];
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipReason::Unreadable => "unreadable or malformed SGF",
            SkipReason::NotGo => "not a game of Go",
            SkipReason::BoardSize => "board is not 19x19",
            SkipReason::Setup => "setup stones (AB/AW/AE)",
            SkipReason::Handicap => "handicap declared (HA) without its stones",
            SkipReason::NoMoves => "no moves",
            SkipReason::IllegalMove => "illegal move on replay",
        })
    }
}

/// A record that was not used: the reason and the full message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    /// The reason it is counted under.
    pub reason: SkipReason,
    /// What exactly was wrong, naming the file (and node or move).
    pub detail: String,
}

/// Loads a record and returns its moves if the tables can use it.
pub fn usable_moves(path: &Path) -> Result<Vec<(Color, Move)>, Skip> {
    let game = Game::load(path).map_err(|e| {
        let reason = match e.kind {
            SgfErrorKind::NotGo => SkipReason::NotGo,
            SgfErrorKind::UnsupportedSize(_) => SkipReason::BoardSize,
            SgfErrorKind::OffBoard(_) | SgfErrorKind::IllegalMove(_) => SkipReason::IllegalMove,
            SgfErrorKind::IllegalSetup(_) => SkipReason::Setup,
            SgfErrorKind::Io(_)
            | SgfErrorKind::Malformed(_)
            | SgfErrorKind::Empty
            | SgfErrorKind::InvalidProperty(_)
            | SgfErrorKind::NoSuchMove { .. } => SkipReason::Unreadable,
        };
        Skip {
            reason,
            detail: e.to_string(),
        }
    })?;
    game_moves(&game)
}

/// The moves of a loaded record if the tables can use it: 19×19, an even
/// game ([`Game::is_even`]: no setup stones, no declared handicap), at least
/// one move. Legality is checked on replay.
pub fn game_moves(game: &Game) -> Result<Vec<(Color, Move)>, Skip> {
    let skip = |reason, detail: String| {
        Err(Skip {
            reason,
            detail: format!("{}: {detail}", game.source()),
        })
    };
    if usize::from(game.size()) != SIZE {
        let s = game.size();
        return skip(
            SkipReason::BoardSize,
            format!("board is {s}x{s}, not 19x19"),
        );
    }
    if game.has_setup() {
        return skip(
            SkipReason::Setup,
            "the record places setup stones (AB/AW/AE)".to_string(),
        );
    }
    if !game.is_even() {
        return skip(
            SkipReason::Handicap,
            format!(
                "the record declares a handicap of {} (HA) but places no stones",
                game.handicap()
            ),
        );
    }
    let moves: Vec<(Color, Move)> = game.moves().collect();
    if moves.is_empty() {
        return skip(SkipReason::NoMoves, "the main line has no move".to_string());
    }
    Ok(moves)
}

/// What the tables see of one move: the position before it and the move.
#[derive(Clone, Copy, Debug)]
pub struct MoveSeen<'a> {
    /// The board before the move.
    pub board: &'a Board,
    /// The colour of the player making the move.
    pub color: Color,
    /// The point played (passes are not shown to the callback).
    pub point: Point,
    /// The number of this move, from 1 (passes count as moves).
    pub move_number: usize,
    /// Every move before this one, oldest first (passes included).
    pub history: &'a [Move],
}

/// Replays `moves` from the empty 19×19 board, calling `seen` for every move
/// on a point (not for passes) with the position before it. An illegal move
/// stops the replay with a message naming the move; moves already shown to
/// `seen` stay shown, so callers that must not count part of a game collect
/// first and commit after success.
pub fn replay(moves: &[(Color, Move)], mut seen: impl FnMut(MoveSeen<'_>)) -> Result<(), String> {
    let size = SIZE as u32;
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    let mut history: Vec<Move> = Vec::with_capacity(moves.len());
    for (i, &(color, mv)) in moves.iter().enumerate() {
        if let Move::Play(point) = mv {
            seen(MoveSeen {
                board: &board,
                color,
                point,
                move_number: i + 1,
                history: &history,
            });
        }
        board.play_move(color, mv).map_err(|e| {
            format!(
                "move {}: illegal move {} {}: {}",
                i + 1,
                color.letter(),
                mv.to_gtp(SIZE as u8),
                e.describe(SIZE as u8)
            )
        })?;
        history.push(mv);
    }
    Ok(())
}

/// The dense index `y * 19 + x` (0..361) of a point of the 19×19 board, the
/// index of every table axis that names a point.
#[inline]
pub fn dense(p: Point) -> usize {
    p.y() as usize * SIZE + p.x() as usize
}

/// The point of a dense index (0..361).
#[inline]
pub fn from_dense(i: usize) -> Point {
    debug_assert!(i < AREA);
    Point::new((i % SIZE) as u8, (i / SIZE) as u8)
}
