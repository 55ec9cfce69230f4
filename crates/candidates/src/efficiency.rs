//! Move efficiency (seed 003, 「パターンと効率」): multipliers of a move's
//! value recognised by local patterns.
//!
//! Seed 003 (the Handtalk notes): "urgent moves and good tesuji get a plus
//! efficiency, bad shape and pointless moves a minus one; a plus efficiency
//! is a value of 1 or more, a minus one a value of 1 or less, and it
//! multiplies the evaluation of the move. Efficiency is recognised by
//! patterns … limited to a range of two lines (2間)." Handtalk kept its
//! patterns in code; keisei keeps them in a text file of the board crate's
//! pattern language (`docs/pattern-format.md`), so maintainers can add and
//! fix them.
//!
//! # File rules
//! On top of the pattern language's own, checked when a file is loaded and
//! reported like its syntax errors (`file:line:col` with a caret):
//! - every entry has `eff: M` with `M` a positive, finite number;
//! - the only other attribute allowed is `note:` (free text), so that a
//!   misspelt `eff` is an error rather than a silently neutral pattern;
//! - the anchor is `*`: the move, an empty point;
//! - every cell that says something (anything but `?`) lies within two
//!   columns and two rows of the move.
//!
//! # Combination
//! The efficiency of a move is the product of the `eff` of every pattern
//! that matches with its anchor on the move, for the player making it; a
//! pattern that matches in several orientations counts once. No pattern: 1.

use keisei_board::diag::{SourceError, SourceErrors};
use keisei_board::pattern::{PatternFile, PatternSet, Symbol};
use keisei_board::{Board, BoardMap, Color, Point};
use std::path::Path;
use std::sync::OnceLock;

/// How far from the move an efficiency pattern may look (seed 003: 2間).
pub const REACH: i32 = 2;

/// The path of the built-in file, relative to the repository root.
pub const BUILTIN_PATH: &str = "crates/candidates/patterns/efficiency.pat";

const BUILTIN_TEXT: &str = include_str!("../patterns/efficiency.pat");

/// Efficiency patterns, compiled for matching.
#[derive(Clone, Debug)]
pub struct Efficiency {
    set: PatternSet,
    /// `eff` of each pattern, indexed like the set's patterns.
    multipliers: Vec<f64>,
}

/// One pattern matching a move.
#[derive(Clone, Debug, PartialEq)]
pub struct EfficiencyMatch {
    /// The pattern's name.
    pub name: String,
    /// Its multiplier.
    pub multiplier: f64,
}

/// Why an efficiency file could not be loaded.
#[derive(Debug)]
pub enum EfficiencyError {
    /// The file could not be read.
    Io {
        /// The file.
        path: String,
        /// What the system said.
        message: String,
    },
    /// The file has mistakes: every one, located.
    Source(SourceErrors),
}

impl std::fmt::Display for EfficiencyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EfficiencyError::Io { path, message } => write!(f, "{path}: cannot read: {message}"),
            EfficiencyError::Source(errors) => write!(f, "{errors}"),
        }
    }
}

impl std::error::Error for EfficiencyError {}

impl From<SourceErrors> for EfficiencyError {
    fn from(errors: SourceErrors) -> EfficiencyError {
        EfficiencyError::Source(errors)
    }
}

impl Efficiency {
    /// Parses and checks efficiency patterns; `name` names the text in errors.
    pub fn parse(name: &str, text: &str) -> Result<Efficiency, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut multipliers = Vec::with_capacity(file.len());
        for pattern in file.patterns() {
            multipliers.push(check(&file, pattern, &mut errors));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let set = PatternSet::from_file(file)?;
        Ok(Efficiency { set, multipliers })
    }

    /// Reads, parses and checks an efficiency file.
    pub fn load(path: &Path) -> Result<Efficiency, EfficiencyError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| EfficiencyError::Io {
            path: name.clone(),
            message: e.to_string(),
        })?;
        Ok(Efficiency::parse(&name, &text)?)
    }

    /// The built-in patterns (`crates/candidates/patterns/efficiency.pat`,
    /// embedded at build time), parsed once.
    ///
    /// # Panics
    /// Never for a released build: a test checks that the built-in file
    /// loads.
    pub fn builtin() -> &'static Efficiency {
        static BUILTIN: OnceLock<Efficiency> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            Efficiency::parse(BUILTIN_PATH, BUILTIN_TEXT)
                .unwrap_or_else(|e| panic!("the built-in efficiency patterns are broken:\n{e}"))
        })
    }

    /// The text of the built-in file.
    pub fn builtin_text() -> &'static str {
        BUILTIN_TEXT
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.multipliers.len()
    }

    /// Whether there is no pattern.
    pub fn is_empty(&self) -> bool {
        self.multipliers.is_empty()
    }

    /// The patterns matching a move of `color` at `mv`, in file order, each
    /// once. Empty when `mv` is not an empty point of the board.
    pub fn matches(&self, board: &Board, mv: Point, color: Color) -> Vec<EfficiencyMatch> {
        if !board.on_board(mv) || !board.is_empty(mv) {
            return Vec::new();
        }
        let mut found: Vec<usize> = self
            .set
            .matches_at(board, mv, color)
            .map(|m| m.pattern)
            .collect();
        found.sort_unstable();
        found.dedup();
        found
            .into_iter()
            .map(|i| EfficiencyMatch {
                name: self
                    .set
                    .pattern(i)
                    .map_or_else(String::new, |p| p.name().to_string()),
                multiplier: self.multipliers[i],
            })
            .collect()
    }

    /// The efficiency of a move of `color` at `mv`: the product of the
    /// multipliers of the patterns that match it; 1 when none does, or when
    /// `mv` is not an empty point of the board.
    pub fn efficiency(&self, board: &Board, mv: Point, color: Color) -> f64 {
        self.matches(board, mv, color)
            .iter()
            .map(|m| m.multiplier)
            .product()
    }

    /// The efficiency of every legal move of `color`; 0 on points that are
    /// not legal moves (drawn `.` in a rendering).
    pub fn map(&self, board: &Board, color: Color) -> BoardMap<f64> {
        let mut map = BoardMap::new(board.size(), 0.0);
        for p in board.legal_moves(color) {
            map[p] = self.efficiency(board, p, color);
        }
        map
    }
}

/// Checks one entry against the rules of efficiency files; returns its
/// multiplier (1 when it is missing or wrong: the error is recorded).
fn check(
    file: &PatternFile,
    pattern: &keisei_board::pattern::Pattern,
    errors: &mut SourceErrors,
) -> f64 {
    let mut multiplier = 1.0;
    match pattern.attribute("eff") {
        None => errors.push(
            file.error_at(
                pattern.name_location(),
                format!("pattern '{}' has no `eff:` attribute", pattern.name()),
            )
            .with_len(pattern.name().chars().count())
            .with_label("every efficiency pattern needs a multiplier")
            .with_note("write `eff: 1.3` (above 1: urgent or good shape) or `eff: 0.7` (below 1: bad shape)"),
        ),
        Some(attr) => match attr.value.parse::<f64>() {
            Ok(v) if v.is_finite() && v > 0.0 => multiplier = v,
            _ => errors.push(
                file.error_at(attr.value_location, "`eff` must be a positive number")
                    .with_len(attr.value.chars().count())
                    .with_label("expected a number such as 1.3 or 0.7"),
            ),
        },
    }
    for attr in pattern.attributes() {
        if attr.key != "eff" && attr.key != "note" {
            errors.push(
                file.error_at(
                    attr.key_location,
                    format!("unknown attribute `{}`", attr.key),
                )
                .with_len(attr.key.chars().count())
                .with_label("efficiency patterns have `eff:` and `note:` only"),
            );
        }
    }
    let diagram = pattern.diagram();
    let (ax, ay) = diagram.anchor();
    if diagram.get(ax, ay) != Some(Symbol::AnchorEmpty) {
        errors.push(anchor_error(file, pattern, ax, ay));
    }
    if let Some(cell) = diagram
        .cells()
        .find(|c| c.symbol != Symbol::Any && (c.dx.abs() > REACH || c.dy.abs() > REACH))
    {
        let location = pattern
            .cell_location(cell.column, cell.row)
            .unwrap_or_else(|| pattern.location());
        let far = cell.dx.abs().max(cell.dy.abs());
        errors.push(
            file.error_at(location, format!("pattern '{}' looks too far from the move", pattern.name()))
                .with_label(format!("{far} lines from the move"))
                .with_note("efficiency patterns look at most two lines from the move (seed 003: 2間); use `?` beyond"),
        );
    }
    multiplier
}

fn anchor_error(
    file: &PatternFile,
    pattern: &keisei_board::pattern::Pattern,
    ax: usize,
    ay: usize,
) -> SourceError {
    let location = pattern
        .cell_location(ax, ay)
        .unwrap_or_else(|| pattern.location());
    file.error_at(
        location,
        format!("the anchor of pattern '{}' is not the move", pattern.name()),
    )
    .with_label("expected `*` here, or elsewhere in the diagram")
    .with_note("an efficiency pattern rates a move: mark the move with `*` (an empty point)")
}
