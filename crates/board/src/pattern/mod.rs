//! The pattern language: small text diagrams of board shapes, parsed from
//! files a maintainer edits, written back canonically, and matched fast under
//! the eight board symmetries and for either colour.
//!
//! ```text
//! # Connection patterns.
//! pattern one-space-jump
//!   link: 0.5
//!   cut: a
//!   @ a X
//! ```
//!
//! The full syntax, every symbol and the error format are described for
//! maintainers in `docs/pattern-format.md`. In short:
//!
//! - [`PatternFile::parse`] reads a file into [`Pattern`]s (name,
//!   [`Attribute`]s with their source locations, a [`Diagram`]), reporting
//!   mistakes as [`SourceErrors`](crate::diag::SourceErrors) with line, column
//!   and caret; [`PatternFile::format`] writes it back canonically, comments
//!   included.
//! - [`PatternSet::compile`] expands every pattern under the symmetries that
//!   give distinct shapes and both colours, and builds a decision tree over
//!   the 5×5 neighbourhood of each point; [`PatternSet::matches`] scans a
//!   board, [`PatternSet::matches_at`] one point.
//! - [`reference_matches`] is the slow, cell-by-cell matcher the fast one is
//!   tested against.
//!
//! Diagrams are drawn from the point of view of "own", the colour the
//! pattern is matched for: `X` is an own stone and `O` an opponent stone;
//! matching for White reads `X` as white.

mod format;
mod matcher;
mod parse;
mod reference;
mod syntax;

pub use matcher::{MAX_EXTENT, Match, Matches, MatchesAt, PatternSet, PlacedCell};
pub use reference::reference_matches;
pub use syntax::{Attribute, Diagram, DiagramCell, Pattern, PatternFile};

use crate::color::{Cell, Color};
use std::fmt;

/// One cell of a pattern diagram, read from the point of view of "own" (the
/// colour the pattern is matched for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// `X`: an own stone.
    Own,
    /// `O`: an opponent stone.
    Opponent,
    /// `.`: an empty point.
    Empty,
    /// `?`: anything, including off the board.
    Any,
    /// `x`: an own stone or an empty point.
    OwnOrEmpty,
    /// `o`: an opponent stone or an empty point.
    OpponentOrEmpty,
    /// `*`: the anchor, an empty point (for example the move a pattern
    /// suggests).
    AnchorEmpty,
    /// `@`: the anchor, holding an own stone.
    AnchorOwn,
    /// `|`: off the board, beyond the left or right edge.
    EdgeVertical,
    /// `-`: off the board, beyond the top or bottom edge.
    EdgeHorizontal,
    /// `+`: off the board, where an edge row meets an edge column (a corner).
    Corner,
    /// A lowercase letter other than `o` and `x`: a labelled empty point
    /// (for example a cutting point).
    EmptyLabel(char),
    /// An uppercase letter other than `O` and `X`: a labelled point on the
    /// board holding anything (a stone of either colour or nothing); the
    /// consumer of the pattern checks it.
    AnyLabel(char),
}

/// The symbols accepted in diagrams, for error messages.
pub(crate) const EXPECTED_SYMBOLS: &str = "X O . ? x o * @ | - + or a label letter";

impl Symbol {
    /// The symbol a diagram character stands for, if any.
    pub fn from_char(c: char) -> Option<Symbol> {
        Some(match c {
            'X' => Symbol::Own,
            'O' => Symbol::Opponent,
            '.' => Symbol::Empty,
            '?' => Symbol::Any,
            'x' => Symbol::OwnOrEmpty,
            'o' => Symbol::OpponentOrEmpty,
            '*' => Symbol::AnchorEmpty,
            '@' => Symbol::AnchorOwn,
            '|' => Symbol::EdgeVertical,
            '-' => Symbol::EdgeHorizontal,
            '+' => Symbol::Corner,
            'a'..='z' => Symbol::EmptyLabel(c),
            'A'..='Z' => Symbol::AnyLabel(c),
            _ => return None,
        })
    }

    /// The character that writes this symbol in a diagram.
    pub fn to_char(self) -> char {
        match self {
            Symbol::Own => 'X',
            Symbol::Opponent => 'O',
            Symbol::Empty => '.',
            Symbol::Any => '?',
            Symbol::OwnOrEmpty => 'x',
            Symbol::OpponentOrEmpty => 'o',
            Symbol::AnchorEmpty => '*',
            Symbol::AnchorOwn => '@',
            Symbol::EdgeVertical => '|',
            Symbol::EdgeHorizontal => '-',
            Symbol::Corner => '+',
            Symbol::EmptyLabel(c) | Symbol::AnyLabel(c) => c,
        }
    }

    /// Whether this is an explicit anchor (`*` or `@`).
    pub fn is_anchor(self) -> bool {
        matches!(self, Symbol::AnchorEmpty | Symbol::AnchorOwn)
    }

    /// Whether this is an off-board cell (`|`, `-`, `+`).
    pub fn is_off_board(self) -> bool {
        matches!(
            self,
            Symbol::EdgeVertical | Symbol::EdgeHorizontal | Symbol::Corner
        )
    }

    /// Whether the cell must lie on the board: everything but `?` and the
    /// off-board symbols. Only such cells can be the anchor.
    pub fn is_on_board(self) -> bool {
        !self.is_off_board() && self != Symbol::Any
    }

    /// The label letter, for labelled cells.
    pub fn label(self) -> Option<char> {
        match self {
            Symbol::EmptyLabel(c) | Symbol::AnyLabel(c) => Some(c),
            _ => None,
        }
    }

    /// Whether a board cell satisfies this symbol when the pattern is
    /// matched for `own`. This is the definition of every symbol; the
    /// matchers derive their tables from it.
    pub fn accepts(self, cell: Cell, own: Color) -> bool {
        let own_cell = own.cell();
        let opponent_cell = own.opponent().cell();
        match self {
            Symbol::Any => true,
            Symbol::Own | Symbol::AnchorOwn => cell == own_cell,
            Symbol::Opponent => cell == opponent_cell,
            Symbol::Empty | Symbol::AnchorEmpty | Symbol::EmptyLabel(_) => cell == Cell::Empty,
            Symbol::OwnOrEmpty => cell == own_cell || cell == Cell::Empty,
            Symbol::OpponentOrEmpty => cell == opponent_cell || cell == Cell::Empty,
            Symbol::AnyLabel(_) => cell != Cell::Off,
            Symbol::EdgeVertical | Symbol::EdgeHorizontal | Symbol::Corner => cell == Cell::Off,
        }
    }

    /// The symbol with its label name dropped: what the cell requires of the
    /// board. Two diagrams with the same classes everywhere accept the same
    /// positions.
    pub(crate) fn class(self) -> Symbol {
        match self {
            Symbol::EmptyLabel(_) => Symbol::EmptyLabel('a'),
            Symbol::AnyLabel(_) => Symbol::AnyLabel('A'),
            Symbol::AnchorEmpty => Symbol::Empty,
            Symbol::AnchorOwn => Symbol::Own,
            Symbol::EdgeVertical | Symbol::EdgeHorizontal => Symbol::Corner,
            other => other,
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_through_their_characters() {
        for c in ' '..='~' {
            if let Some(s) = Symbol::from_char(c) {
                assert_eq!(s.to_char(), c);
            }
        }
        assert_eq!(Symbol::from_char('#'), None);
        assert_eq!(Symbol::from_char('0'), None);
        assert_eq!(Symbol::from_char('o'), Some(Symbol::OpponentOrEmpty));
        assert_eq!(Symbol::from_char('a'), Some(Symbol::EmptyLabel('a')));
        assert_eq!(Symbol::from_char('B'), Some(Symbol::AnyLabel('B')));
    }

    #[test]
    fn symbols_read_from_the_own_colour() {
        use Cell::{Black, Empty, Off, White};
        let table: &[(char, [bool; 4])] = &[
            ('X', [false, true, false, false]),
            ('O', [false, false, true, false]),
            ('.', [true, false, false, false]),
            ('?', [true, true, true, true]),
            ('x', [true, true, false, false]),
            ('o', [true, false, true, false]),
            ('*', [true, false, false, false]),
            ('@', [false, true, false, false]),
            ('|', [false, false, false, true]),
            ('-', [false, false, false, true]),
            ('+', [false, false, false, true]),
            ('a', [true, false, false, false]),
            ('B', [true, true, true, false]),
        ];
        for &(c, expected) in table {
            let s = Symbol::from_char(c).unwrap();
            let got = [Empty, Black, White, Off].map(|cell| s.accepts(cell, Color::Black));
            assert_eq!(got, expected, "{c} for black");
            let swapped = [Empty, White, Black, Off].map(|cell| s.accepts(cell, Color::White));
            assert_eq!(swapped, expected, "{c} for white");
        }
    }
}
