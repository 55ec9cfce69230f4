//! The count tables of seed 002 §2 and how they are counted from game
//! records.
//!
//! Every move on a point of a usable 19×19 record (see [`crate::SkipReason`])
//! is one observation: the move's point `t` (the *target*), its number `m`
//! (from 1, passes count), the board before it, and the moves before it.
//! Three tables of `u32` counts are kept, every point axis indexed densely
//! (`y * 19 + x`, see [`crate::dense`]):
//!
//! - **Pm** `[m − 1, t]`, shape `(MOVE_CAP, 361)`: moves at `t` as move `m`;
//!   moves numbered `MOVE_CAP` or higher share the last row.
//! - **Pp** `[r, n, t]`, shape `(3, 361, 361)`: moves at `t` made while the
//!   point `n` held a stone of the mover (`r` = 0, own), of the opponent
//!   (`r` = 1) or nothing (`r` = 2, empty). Every observation adds 1 to
//!   exactly one `r` for every `n`, so `Σ_r Pp[r, n, t]` is the same for all
//!   `n`: the number of moves at `t`.
//! - **Pb** `[N − 1, b, t]`, shape `(20, 361, 361)`: moves at `t` whose
//!   `N`-th predecessor (`N` = 1 is the opponent's last move) was played at
//!   `b`. Nothing is added for an `N` with no such move (the game is younger)
//!   or when that move was a pass.
//!
//! **Symmetry.** With symmetric counting every observation is counted under
//! each of the 8 board symmetries `s`, the same `s` applied to every point of
//! it: `Pm[m, s(t)]`, `Pp[r, s(n), s(t)]`, `Pb[N, s(b), s(t)]` each get 1 for
//! each `s`. That is the same as counting plainly and then adding the 8
//! transformed plain tables, which is how [`TableBuilder::finish`] does it
//! (and a test checks the two agree). Plain counting, the seed's own, is
//! kept for comparison (`symmetric: false`).

use crate::record::{MoveSeen, Skip, dense, replay, usable_moves};
use crate::{AREA, SIZE};
use keisei_board::{Color, Move, Symmetry};
use ndarray::{Array2, Array3, Axis};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Moves numbered this or higher share the last row of Pm. Professional
/// games rarely reach move 300, and the few that do are too few to tell
/// move 320 from move 340.
pub const MOVE_CAP: usize = 300;

/// How many earlier moves Pb looks at (seed 002 §3: "過去 20 手まで見る").
pub const HISTORY: usize = 20;

/// The largest number of moves a table may count: with 8 symmetries no
/// count can then exceed `u32::MAX`.
pub const MAX_MOVES: u64 = (u32::MAX / 8) as u64;

/// The colour of a context point relative to the player about to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// A stone of the player to move (味方石).
    Own = 0,
    /// A stone of the opponent (相手石).
    Opponent = 1,
    /// No stone (空点).
    Empty = 2,
}

impl Relation {
    /// The three relations in index order.
    pub const ALL: [Relation; 3] = [Relation::Own, Relation::Opponent, Relation::Empty];

    /// The relation of a cell holding `stone` to `player`.
    #[inline]
    pub fn of(stone: Option<Color>, player: Color) -> Relation {
        match stone {
            None => Relation::Empty,
            Some(c) if c == player => Relation::Own,
            Some(_) => Relation::Opponent,
        }
    }
}

/// What a table was counted from and how: the versioned header of a stored
/// table carries all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The board size (always 19 for now).
    pub board_size: u8,
    /// Whether every observation was counted under the 8 symmetries.
    pub symmetric: bool,
    /// Rows of Pm ([`MOVE_CAP`]).
    pub move_cap: u16,
    /// Depth of Pb ([`HISTORY`]).
    pub history: u8,
    /// Games counted.
    pub games: u64,
    /// Moves on a point counted (each once, whatever the symmetry).
    pub moves: u64,
    /// Which part of the split the games came from (`train`, `test`, `all`,
    /// `fit`, `valid`), or another free label.
    pub split: String,
}

impl TableInfo {
    /// How many times each observation was counted: 8 or 1.
    pub fn copies(&self) -> u32 {
        if self.symmetric { 8 } else { 1 }
    }
}

/// The Pm, Pp and Pb count tables (see the module documentation for the axes).
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    pub(crate) info: TableInfo,
    pub(crate) pm: Array2<u32>,
    pub(crate) pp: Array3<u32>,
    pub(crate) pb: Array3<u32>,
}

impl Tables {
    /// What the tables were counted from.
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// Pm counts, `[move − 1, target]`.
    pub fn pm(&self) -> &Array2<u32> {
        &self.pm
    }

    /// Pp counts, `[relation, context point, target]`.
    pub fn pp(&self) -> &Array3<u32> {
        &self.pp
    }

    /// Pb counts, `[N − 1, earlier move, target]`.
    pub fn pb(&self) -> &Array3<u32> {
        &self.pb
    }

    /// Moves counted at each target (with the symmetry copies): the sum of Pm
    /// over move numbers, indexed densely.
    pub fn target_counts(&self) -> Vec<u64> {
        (0..AREA)
            .map(|t| self.pm.column(t).iter().map(|&c| u64::from(c)).sum())
            .collect()
    }

    /// The same tables with every point moved by `sym` (values at `t` end up
    /// at `sym(t)`, and so on for every point axis). Symmetric tables are
    /// unchanged by every symmetry.
    #[must_use]
    pub fn transformed(&self, sym: Symmetry) -> Tables {
        let perm = permutation(sym);
        let mut out = Tables {
            info: self.info.clone(),
            pm: Array2::zeros(self.pm.raw_dim()),
            pp: Array3::zeros(self.pp.raw_dim()),
            pb: Array3::zeros(self.pb.raw_dim()),
        };
        add_transformed(&mut out, self, &perm);
        out
    }

    /// Wraps arrays the store has decoded and checked.
    pub(crate) fn from_parts(
        info: TableInfo,
        pm: Array2<u32>,
        pp: Array3<u32>,
        pb: Array3<u32>,
    ) -> Tables {
        Tables { info, pm, pp, pb }
    }
}

/// `perm[i]` = dense index of `sym` applied to the point of dense index `i`.
fn permutation(sym: Symmetry) -> Vec<usize> {
    (0..AREA)
        .map(|i| dense(sym.apply(crate::from_dense(i), SIZE as u8)))
        .collect()
}

/// `out += from` with every point axis permuted by `perm`.
fn add_transformed(out: &mut Tables, from: &Tables, perm: &[usize]) {
    for (m, row) in from.pm.axis_iter(Axis(0)).enumerate() {
        for (t, &c) in row.iter().enumerate() {
            out.pm[[m, perm[t]]] += c;
        }
    }
    add_transformed3(&mut out.pp, &from.pp, perm);
    add_transformed3(&mut out.pb, &from.pb, perm);
}

fn add_transformed3(out: &mut Array3<u32>, from: &Array3<u32>, perm: &[usize]) {
    for (k, plane) in from.axis_iter(Axis(0)).enumerate() {
        let mut target = out.index_axis_mut(Axis(0), k);
        for (n, row) in plane.axis_iter(Axis(0)).enumerate() {
            let mut target_row = target.index_axis_mut(Axis(0), perm[n]);
            for (t, &c) in row.iter().enumerate() {
                target_row[perm[t]] += c;
            }
        }
    }
}

/// Options of a table build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Count every observation under the 8 symmetries (see the module
    /// documentation); `false` is the seed's plain counting.
    pub symmetric: bool,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions { symmetric: true }
    }
}

/// Counts games into tables, one game at a time. A game is counted entirely
/// or not at all.
#[derive(Clone, Debug)]
pub struct TableBuilder {
    options: BuildOptions,
    /// Plain Pm counts, `[m − 1][t]` flattened.
    pm: Vec<u32>,
    /// Plain Pp counts of the own and opponent layers, `[r][n][t]` flattened;
    /// the empty layer is the rest (moves at `t` minus both) and is filled in
    /// by `finish`.
    pp: Vec<u32>,
    /// Plain Pb counts, `[N − 1][b][t]` flattened.
    pb: Vec<u32>,
    /// Moves at each target.
    targets: Vec<u32>,
    games: u64,
    moves: u64,
    /// One game's observations, committed when its replay succeeds.
    pending: Pending,
}

#[derive(Clone, Debug, Default)]
struct Pending {
    /// `(move − 1 capped, target)` per observation.
    moves: Vec<(u16, u16)>,
    /// Indices into `pp` and `pb` to increment.
    cells: Vec<u32>,
}

impl TableBuilder {
    /// An empty builder.
    pub fn new(options: BuildOptions) -> TableBuilder {
        TableBuilder {
            options,
            pm: vec![0; MOVE_CAP * AREA],
            pp: vec![0; 2 * AREA * AREA],
            pb: vec![0; HISTORY * AREA * AREA],
            targets: vec![0; AREA],
            games: 0,
            moves: 0,
            pending: Pending::default(),
        }
    }

    /// Games counted so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Moves on a point counted so far (once each, whatever the symmetry).
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Loads the record at `path` and counts it; returns the moves counted,
    /// or why the record was skipped (nothing of it is counted then).
    pub fn add_file(&mut self, path: &Path) -> Result<u64, Skip> {
        let moves = usable_moves(path)?;
        self.add_moves(&moves).map_err(|detail| Skip {
            reason: crate::SkipReason::IllegalMove,
            detail: format!("{}: {detail}", path.display()),
        })
    }

    /// Counts a game given as its moves from the empty 19×19 board (passes
    /// included). Returns the moves on a point counted, or a message naming
    /// the first illegal move (nothing of the game is counted then).
    pub fn add_moves(&mut self, moves: &[(Color, Move)]) -> Result<u64, String> {
        let mut pending = std::mem::take(&mut self.pending);
        pending.moves.clear();
        pending.cells.clear();
        let result = replay(moves, |seen| observe(&seen, &mut pending));
        if let Err(e) = result {
            self.pending = pending;
            return Err(e);
        }
        let n = pending.moves.len() as u64;
        if self.moves + n > MAX_MOVES {
            self.pending = pending;
            return Err(format!(
                "the table is full: more than {MAX_MOVES} moves would overflow its counts"
            ));
        }
        for &(m, t) in &pending.moves {
            self.pm[usize::from(m) * AREA + usize::from(t)] += 1;
            self.targets[usize::from(t)] += 1;
        }
        let pp_len = self.pp.len() as u32;
        for &cell in &pending.cells {
            if cell < pp_len {
                self.pp[cell as usize] += 1;
            } else {
                self.pb[(cell - pp_len) as usize] += 1;
            }
        }
        self.games += 1;
        self.moves += n;
        self.pending = pending;
        Ok(n)
    }

    /// Adds another builder's counts to this one. Past [`MAX_MOVES`] moves
    /// in all, counts may wrap: [`build_tables`] refuses such corpora.
    pub fn merge(&mut self, other: &TableBuilder) {
        add_slices(&mut self.pm, &other.pm);
        add_slices(&mut self.pp, &other.pp);
        add_slices(&mut self.pb, &other.pb);
        add_slices(&mut self.targets, &other.targets);
        self.games += other.games;
        self.moves += other.moves;
    }

    /// The finished tables (symmetrised if the options say so), labelled
    /// with `split`.
    pub fn finish(&self, split: &str) -> Tables {
        let area2 = AREA * AREA;
        let mut pp = Array3::<u32>::zeros((3, AREA, AREA));
        for r in 0..2 {
            for n in 0..AREA {
                for t in 0..AREA {
                    pp[[r, n, t]] = self.pp[r * area2 + n * AREA + t];
                }
            }
        }
        for n in 0..AREA {
            for t in 0..AREA {
                // Own + opponent never exceed the moves at t: each move adds 1
                // to exactly one relation of n. (Saturating only so that
                // counts wrapped by merging past MAX_MOVES cannot panic.)
                pp[[2, n, t]] = self.targets[t]
                    .saturating_sub(pp[[0, n, t]])
                    .saturating_sub(pp[[1, n, t]]);
            }
        }
        let plain = Tables {
            info: TableInfo {
                board_size: SIZE as u8,
                symmetric: false,
                move_cap: MOVE_CAP as u16,
                history: HISTORY as u8,
                games: self.games,
                moves: self.moves,
                split: split.to_string(),
            },
            pm: Array2::from_shape_fn((MOVE_CAP, AREA), |(m, t)| self.pm[m * AREA + t]),
            pp,
            pb: Array3::from_shape_fn((HISTORY, AREA, AREA), |(k, b, t)| {
                self.pb[(k * AREA + b) * AREA + t]
            }),
        };
        if !self.options.symmetric {
            return plain;
        }
        let mut sym = Tables {
            info: TableInfo {
                symmetric: true,
                ..plain.info.clone()
            },
            pm: Array2::zeros(plain.pm.raw_dim()),
            pp: Array3::zeros(plain.pp.raw_dim()),
            pb: Array3::zeros(plain.pb.raw_dim()),
        };
        for s in Symmetry::ALL {
            add_transformed(&mut sym, &plain, &permutation(s));
        }
        sym
    }
}

fn add_slices(into: &mut [u32], from: &[u32]) {
    for (a, &b) in into.iter_mut().zip(from) {
        *a = a.wrapping_add(b);
    }
}

/// Records one observation's increments (see the module documentation).
fn observe(seen: &MoveSeen<'_>, pending: &mut Pending) {
    let t = dense(seen.point);
    let m = seen.move_number.min(MOVE_CAP) - 1;
    pending.moves.push((m as u16, t as u16));
    let area2 = AREA * AREA;
    for p in seen.board.points() {
        let r = match Relation::of(seen.board.color(p), seen.color) {
            Relation::Own => 0,
            Relation::Opponent => 1,
            Relation::Empty => continue,
        };
        pending.cells.push((r * area2 + dense(p) * AREA + t) as u32);
    }
    let pb_base = 2 * area2;
    for (k, mv) in seen.history.iter().rev().take(HISTORY).enumerate() {
        if let Move::Play(b) = mv {
            pending
                .cells
                .push((pb_base + k * area2 + dense(*b) * AREA + t) as u32);
        }
    }
}

/// A game that was not counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedGame {
    /// The record.
    pub path: PathBuf,
    /// Why.
    pub skip: Skip,
}

/// What a build counted and what it skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Records looked at.
    pub files: usize,
    /// Games counted.
    pub games: u64,
    /// Moves on a point counted.
    pub moves: u64,
    /// Records skipped, sorted by path.
    pub skipped: Vec<SkippedGame>,
}

impl BuildReport {
    /// How many records were skipped for each reason, in report order,
    /// reasons with no record left out.
    pub fn skip_counts(&self) -> Vec<(crate::SkipReason, usize)> {
        crate::SkipReason::ALL
            .into_iter()
            .map(|r| {
                (
                    r,
                    self.skipped.iter().filter(|s| s.skip.reason == r).count(),
                )
            })
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}

/// Why a build failed as a whole (single bad records never fail it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// No record could be counted.
    NoGames,
    /// The corpus has more moves than the counts can hold.
    TooManyMoves(u64),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::NoGames => f.write_str("no usable 19x19 game record was found"),
            BuildError::TooManyMoves(n) => write!(
                f,
                "{n} moves are more than a table can count ({MAX_MOVES}); split the corpus"
            ),
        }
    }
}

impl std::error::Error for BuildError {}

/// Counts every record of `files` in parallel (rayon; per-thread builders
/// merged, so the result does not depend on the number of threads or the
/// order they finish in), calling `progress` once per record. Records that
/// cannot be used are skipped and listed in the report.
pub fn build_tables(
    files: &[PathBuf],
    options: BuildOptions,
    split: &str,
    progress: &(dyn Fn() + Sync),
) -> Result<(Tables, BuildReport), BuildError> {
    type Acc = (TableBuilder, Vec<SkippedGame>);
    let (builder, mut skipped) = files
        .par_iter()
        .with_min_len(8)
        .fold(
            || -> Acc { (TableBuilder::new(options), Vec::new()) },
            |(mut b, mut skipped), path| {
                if let Err(skip) = b.add_file(path) {
                    skipped.push(SkippedGame {
                        path: path.clone(),
                        skip,
                    });
                }
                progress();
                (b, skipped)
            },
        )
        .reduce(
            || (TableBuilder::new(options), Vec::new()),
            |(mut a, mut sa), (b, sb)| {
                a.merge(&b);
                sa.extend(sb);
                (a, sa)
            },
        );
    if builder.moves > MAX_MOVES {
        return Err(BuildError::TooManyMoves(builder.moves));
    }
    if builder.games == 0 {
        return Err(BuildError::NoGames);
    }
    skipped.sort_by(|a, b| a.path.cmp(&b.path));
    let report = BuildReport {
        files: files.len(),
        games: builder.games,
        moves: builder.moves,
        skipped,
    };
    Ok((builder.finish(split), report))
}
