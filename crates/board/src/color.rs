//! Colours of stones and the state of one board cell.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The colour of a stone or of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for Black, -1 for White: the sign of this colour's contribution to a
    /// score seen from Black's side.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// The board cell holding a stone of this colour.
    #[inline]
    pub const fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The one-letter SGF/GTP name, `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// What one cell of the (padded) board array holds.
///
/// The discriminants are the 2-bit codes used by the pattern matcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    /// An empty point on the board.
    #[default]
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Off = 3,
}

impl Cell {
    /// The colour of the stone in this cell, if any.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            Cell::Empty | Cell::Off => None,
        }
    }

    /// Whether the cell holds a stone of either colour.
    #[inline]
    pub const fn is_stone(self) -> bool {
        matches!(self, Cell::Black | Cell::White)
    }

    /// The same cell with colours swapped.
    #[inline]
    #[must_use]
    pub const fn swapped(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            other => other,
        }
    }

    /// The character used in board diagrams: `X` black, `O` white, `.` empty, `#` off board.
    pub const fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Black => 'X',
            Cell::White => 'O',
            Cell::Off => '#',
        }
    }
}
