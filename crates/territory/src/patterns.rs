//! The territory crate's pattern files: connection shapes and block-removal
//! rules, embedded at build time, parsed with the board crate's pattern
//! language, their attributes checked with located errors.

use keisei_board::diag::{SourceError, SourceErrors};
use keisei_board::pattern::{Diagram, Match, PatternFile, PatternSet, Symbol};
use keisei_board::{Board, Cell, Color, Point, PointSet, STRIDE, Symmetry};
use std::sync::{Arc, OnceLock};

/// The built-in connection patterns: (name in diagnostics, text).
pub const CONNECTIONS: (&str, &str) = (
    "crates/territory/patterns/connections.pat",
    include_str!("../patterns/connections.pat"),
);
/// The built-in block-removal rules.
pub const BLOCK_REMOVAL: (&str, &str) = (
    "crates/territory/patterns/block-removal.pat",
    include_str!("../patterns/block-removal.pat"),
);

/// Whether the opponent needs every cutting point or any one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Miai: the link holds while one cutting point is not the opponent's.
    All,
    /// One cutting point in the opponent's hands cuts.
    Any,
}

/// One connection pattern, its attributes read.
#[derive(Clone, Debug, PartialEq)]
pub struct ConnectionShape {
    /// The pattern's name (the link's kind).
    pub name: Arc<str>,
    /// The label of the other stone, or `None` for a link to the edge.
    pub to: Option<char>,
    /// Labels of the cutting points.
    pub cuts: Vec<char>,
    /// Labels of the cells walled off.
    pub wall: Vec<char>,
    /// Whether the opponent needs every cutting point.
    pub needs: Needs,
    /// The best coefficient of the shape.
    pub max: f64,
    /// Offsets from the anchor (in the diagram's orientation) of `to`, the
    /// cuts and the wall cells, looked up once at load.
    pub offsets: ShapeOffsets,
}

/// Where a connection shape's labelled cells are, relative to its anchor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShapeOffsets {
    /// The other stone.
    pub to: Option<(i32, i32)>,
    /// The cutting points.
    pub cuts: Vec<(i32, i32)>,
    /// The walled cells.
    pub wall: Vec<(i32, i32)>,
}

/// The connection patterns, compiled.
#[derive(Clone, Debug)]
pub struct ConnectionPatterns {
    /// The patterns as parsed (index = index in `shapes`), as written.
    file: PatternFile,
    /// The patterns as written, compiled on first use
    /// ([`ConnectionPatterns::set`]): the links match
    /// [`ConnectionPatterns::matcher`], so a load does not compile them.
    set: OnceLock<PatternSet>,
    /// Their attributes.
    pub shapes: Vec<ConnectionShape>,
    /// The same patterns with each `to:` cell required to hold an own stone
    /// (`X`), which [`crate::connections`] asks anyway: the matcher then
    /// rejects a shape whose far end is not a stone of the colour before
    /// reporting it, instead of reporting every shape around every stone.
    /// In a link between two stones, a cutting point next to either stone
    /// is also required not to hold an own stone (`o`): such a stone would
    /// be of that stone's chain, which [`crate::connections`] rejects (the
    /// two ends one chain, or a cutting point on an end's chain).
    pub(crate) matcher: PatternSet,
    /// Each shape's cells turned by each symmetry (by its place in
    /// [`Symmetry::ALL`]), as steps in the board's point index
    /// ([`ShapeSteps`]): where a match's cells lie from its anchor, without
    /// a turn per cell per match.
    pub(crate) steps: Vec<[ShapeSteps; 8]>,
}

/// A shape's labelled cells under one symmetry as steps in the board's
/// point index from the anchor ([`Point::index`] order: `dx + dy * STRIDE`).
/// Every labelled cell of a match lies on the board (a label accepts an
/// empty point, or any point of the board, never one off it), so a match's
/// cells are its anchor's index plus these steps, without a bounds test or
/// a division into column and row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShapeSteps {
    /// The other stone.
    pub(crate) to: Option<i16>,
    /// The cutting points, in increasing order (so that one match's
    /// cutting points come in point order, as its wall cells do).
    pub(crate) cuts: Vec<i16>,
    /// The cutting points whose cell the matcher accepts holding an own
    /// stone (the others, next to an end of a link between two stones,
    /// must be empty or the opponent's in [`ConnectionPatterns::matcher`]):
    /// the only ones where a match can meet an end's chain.
    pub(crate) own_cuts: Vec<i16>,
    /// The walled cells, in increasing order (so that one match's wall
    /// cells come in point order: [`Point::index`] grows with the step).
    pub(crate) wall: Vec<i16>,
    /// The first four of `wall`, the rest 0 (the anchor): a match's wall
    /// cells, when it has at most four, are four steps whatever their
    /// number (no loop whose length is the shape's).
    pub(crate) wall4: [i16; 4],
    /// For a link to the edge: the wall cell farthest from the anchor (the
    /// last of the farthest, by `|dx| + |dy|`) and the direction the link
    /// runs in (0 north, 1 east, 2 south, 3 west; see
    /// [`crate::border::border_cell`]). `None` when the shape has no wall
    /// cell or its farthest one is not straight from the anchor: no link to
    /// the edge.
    pub(crate) edge: Option<(i16, usize)>,
    /// For a link between two stones: a symmetry under which the shape,
    /// anchored on the other stone, covers the same cutting points and the
    /// same walled cells (its far end this anchor). Such a twin match of
    /// a pair gives the pair's link nothing the first did not.
    pub(crate) twin: Option<Symmetry>,
    /// Whether the twin is exact: the matcher makes matches of the twin's
    /// symmetry, and the shape (as it is matched) asks of every cell, under
    /// the twin anchored on the far stone, what it asks under this
    /// symmetry. Either match is on the board when the other is, and
    /// either is a candidate link when the other is (the conditions of a
    /// candidate are the same from both ends).
    pub(crate) exact_twin: bool,
    /// The shape's best coefficient ([`ConnectionShape::max`]) in halves:
    /// 1 for 0.5, 2 for 1 (beside the steps, which every match reads).
    pub(crate) max: u8,
}

impl ShapeSteps {
    /// The steps of `o` (a shape as written) turned by `sym`, with
    /// `own_cuts` those of its cutting points an own stone may hold (as
    /// written) and `max` the shape's best coefficient in halves.
    fn new(o: &ShapeOffsets, own_cuts: &[(i32, i32)], max: u8, sym: Symmetry) -> ShapeSteps {
        let turn = |&(dx, dy): &(i32, i32)| sym.apply_offset(dx, dy);
        let step = |&(dx, dy): &(i32, i32)| (dx + dy * STRIDE as i32) as i16;
        let edge = o
            .wall
            .iter()
            .map(turn)
            .max_by_key(|&(dx, dy)| dx.abs() + dy.abs())
            .and_then(|far @ (dx, dy)| {
                let direction = match (dx.signum(), dy.signum()) {
                    (0, -1) => 0,
                    (1, 0) => 1,
                    (0, 1) => 2,
                    (-1, 0) => 3,
                    _ => return None,
                };
                Some((step(&far), direction))
            });
        let mut wall: Vec<i16> = o.wall.iter().map(|d| step(&turn(d))).collect();
        wall.sort_unstable();
        let mut cuts: Vec<i16> = o.cuts.iter().map(|d| step(&turn(d))).collect();
        cuts.sort_unstable();
        let mut own_cuts: Vec<i16> = own_cuts.iter().map(|d| step(&turn(d))).collect();
        own_cuts.sort_unstable();
        let mut wall4 = [0; 4];
        for (w, &d) in wall4.iter_mut().zip(&wall) {
            *w = d;
        }
        ShapeSteps {
            to: o.to.as_ref().map(|d| step(&turn(d))),
            own_cuts,
            cuts,
            wall,
            wall4,
            edge,
            twin: None,
            exact_twin: false,
            max,
        }
    }

    /// Sets each symmetry's [`ShapeSteps::twin`]. (Cuts and walls are
    /// sorted, and stay so shifted by a step: compared in place.)
    fn find_twins(turned: &mut [ShapeSteps; 8]) {
        let shifted = |list: &[i16], shift: i16, to: &[i16]| {
            list.iter().map(|&d| d + shift).eq(to.iter().copied())
        };
        for s in 0..turned.len() {
            let Some(to) = turned[s].to else { continue };
            let this = &turned[s];
            let twin = (0..turned.len())
                .find(|&t| {
                    let other = &turned[t];
                    other.to == Some(-to)
                        && shifted(&other.cuts, to, &this.cuts)
                        && shifted(&other.wall, to, &this.wall)
                })
                .map(|t| Symmetry::ALL[t]);
            turned[s].twin = twin;
        }
    }

    /// Sets each symmetry's [`ShapeSteps::exact_twin`], its twin found:
    /// `diagram` is the shape's as the matcher has it, `distinct` the
    /// symmetries the matcher makes matches of, and `to` the far stone's
    /// offset before turning.
    fn find_exact_twins(
        turned: &mut [ShapeSteps; 8],
        diagram: &Diagram,
        distinct: &[Symmetry],
        to: Option<(i32, i32)>,
    ) {
        let Some(to) = to else { return };
        // What each cell asks, as the board cells it accepts (a set of
        // four: empty, own, opponent, off), the cells turned by `sym` and
        // moved by `shift`, sorted; cells that accept anything left out.
        // (Two buffers, refilled for each symmetry.)
        let asks = |out: &mut Vec<(i32, i32, u8)>, sym: Symmetry, (sx, sy): (i32, i32)| {
            let cells = [Cell::Empty, Cell::Black, Cell::White, Cell::Off];
            out.clear();
            out.extend(diagram.cells().filter_map(|c| {
                let accepted = cells.iter().enumerate().fold(0u8, |set, (k, &cell)| {
                    set | u8::from(c.symbol.accepts(cell, Color::Black)) << k
                });
                let (dx, dy) = sym.apply_offset(c.dx, c.dy);
                (accepted != 0b1111).then_some((dx + sx, dy + sy, accepted))
            }));
            out.sort_unstable();
        };
        let (mut here, mut there) = (Vec::new(), Vec::new());
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            let Some(twin) = turned[s].twin else { continue };
            turned[s].exact_twin = distinct.contains(&twin) && {
                asks(&mut here, sym, (0, 0));
                asks(&mut there, twin, sym.apply_offset(to.0, to.1));
                here == there
            };
        }
    }
}

fn labels(
    file: &PatternFile,
    pattern: &keisei_board::pattern::Pattern,
    key: &str,
    value: &str,
) -> Result<Vec<char>, SourceError> {
    let location = pattern
        .attribute(key)
        .map_or(pattern.location(), |a| a.value_location);
    let mut out = Vec::new();
    let mut from = 0;
    for token in value.split_whitespace() {
        // The token's column: the value's column plus the characters before it.
        let start = value[from..].find(token).map_or(from, |i| from + i);
        from = start + token.len();
        let at = keisei_board::diag::Location::new(
            location.line,
            location.column + value[..start].chars().count(),
        );
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if pattern.diagram().label_offset(c).is_some() => out.push(c),
            _ => {
                return Err(file.error_at(
                    at,
                    format!("`{key}:` lists {token:?}, which is not a label of this diagram; expected labels such as C D"),
                ));
            }
        }
    }
    Ok(out)
}

impl ConnectionPatterns {
    /// Parses and checks a connection-pattern file.
    pub fn parse(name: &str, text: &str) -> Result<ConnectionPatterns, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut shapes = Vec::new();
        for p in file.patterns() {
            let required = |key: &str| -> Result<&str, SourceError> {
                p.value(key).ok_or_else(|| {
                    file.error_at(
                        p.location(),
                        format!("pattern {:?} has no `{key}:` attribute", p.name()),
                    )
                })
            };
            let shape = (|| -> Result<ConnectionShape, SourceError> {
                if p.diagram()
                    .get(p.diagram().anchor().0, p.diagram().anchor().1)
                    != Some(Symbol::AnchorOwn)
                {
                    return Err(file.error_at(
                        p.location(),
                        format!(
                            "pattern {:?} must be anchored on an own stone `@`",
                            p.name()
                        ),
                    ));
                }
                let to = match required("to")? {
                    "edge" => None,
                    v => Some(labels(&file, p, "to", v)?.first().copied().ok_or_else(|| {
                        file.error_at(p.location(), "`to:` needs a label or `edge`")
                    })?),
                };
                let cuts = labels(&file, p, "cut", required("cut")?)?;
                let wall = match p.value("wall") {
                    Some("none") => Vec::new(),
                    Some(v) => labels(&file, p, "wall", v)?,
                    None => cuts.clone(),
                };
                let at = |key: &str| p.attribute(key).map_or(p.location(), |a| a.value_location);
                let needs = match required("needs")? {
                    "all" => Needs::All,
                    "any" => Needs::Any,
                    other => {
                        return Err(file.error_at(
                            at("needs"),
                            format!("`needs:` is {other:?}; expected `all` or `any`"),
                        ));
                    }
                };
                let max = match required("max")? {
                    "1" => 1.0,
                    "0.5" => 0.5,
                    other => {
                        return Err(file.error_at(
                            at("max"),
                            format!("`max:` is {other:?}; expected 1 or 0.5"),
                        ));
                    }
                };
                let d = p.diagram();
                let offsets = ShapeOffsets {
                    to: to.and_then(|l| d.label_offset(l)),
                    cuts: cuts.iter().filter_map(|&l| d.label_offset(l)).collect(),
                    wall: wall.iter().filter_map(|&l| d.label_offset(l)).collect(),
                };
                Ok(ConnectionShape {
                    name: Arc::from(p.name()),
                    to,
                    cuts,
                    wall,
                    needs,
                    max,
                    offsets,
                })
            })();
            match shape {
                Ok(s) => shapes.push(s),
                Err(e) => errors.push(e),
            }
        }
        // (The errors compiling the file as written would fail with.)
        PatternSet::check(&file)?;
        if !errors.is_empty() {
            return Err(errors);
        }
        // The `to:` cell as `X`: an own stone, as the link asks anyway.
        // Whether label `l` of pattern `i` is a cutting point next to (a
        // step along a line from) the anchor or the far stone.
        let next_to_an_end = |i: usize, l: char| {
            let shape = &shapes[i];
            let near =
                |(ax, ay): (i32, i32), (bx, by): (i32, i32)| (ax - bx).abs() + (ay - by).abs() == 1;
            match (
                shape.offsets.to,
                file.patterns()[i].diagram().label_offset(l),
            ) {
                (Some(to), Some(at)) => {
                    shape.cuts.contains(&l) && (near(at, (0, 0)) || near(at, to))
                }
                _ => false,
            }
        };
        let strict = file.map_symbols(|i, symbol| match (shapes[i].to, symbol) {
            (Some(to), Symbol::AnyLabel(l)) if l == to => Symbol::Own,
            (Some(_), Symbol::AnyLabel(l)) if next_to_an_end(i, l) => Symbol::OpponentOrEmpty,
            _ => symbol,
        });
        // The orientations the matcher would make matches of (it is
        // compiled once, below, without those it has no use for).
        let distinct = PatternSet::distinct_symmetries(&strict);
        let steps: Vec<[ShapeSteps; 8]> = shapes
            .iter()
            .enumerate()
            .map(|(i, shape)| {
                // The cutting points the matcher may find an own stone on.
                let diagram = strict.patterns()[i].diagram();
                let own_cuts: Vec<(i32, i32)> = shape
                    .offsets
                    .cuts
                    .iter()
                    .copied()
                    .filter(|&(dx, dy)| {
                        diagram
                            .cells()
                            .find(|c| (c.dx, c.dy) == (dx, dy))
                            .is_none_or(|c| c.symbol.accepts(Color::Black.cell(), Color::Black))
                    })
                    .collect();
                // (`max:` is 1 or 0.5.)
                let max = if shape.max < 1.0 { 1 } else { 2 };
                let mut turned =
                    Symmetry::ALL.map(|sym| ShapeSteps::new(&shape.offsets, &own_cuts, max, sym));
                ShapeSteps::find_twins(&mut turned);
                ShapeSteps::find_exact_twins(
                    &mut turned,
                    strict.patterns()[i].diagram(),
                    &distinct[i],
                    shape.offsets.to,
                );
                turned
            })
            .collect();
        // A match whose exact twin is anchored on its far stone, a smaller
        // point, gives its pair nothing: the twin is found before it (a scan
        // goes in point order; so do the candidates of one pair and pattern)
        // and the pair's link passes over a match whose twin it walked. Such
        // orientations (a far stone at a negative step) are not matched at
        // all. (A twin that is not exact may not be on the board.)
        // A point's matches come by their far stone's step, then links to
        // the edge by direction (clockwise from the north, as the border
        // cells are numbered), then pattern: in the order of their
        // candidates' keys (pair, then pattern), mostly, so that few
        // candidates move when each is inserted in its place
        // ([`crate::connections`]).
        let matcher = PatternSet::from_file_keeping_ranked(
            strict,
            distinct,
            |i, sym| {
                let s = &steps[i][sym as usize];
                !(s.exact_twin && s.to.is_some_and(|to| to < 0))
            },
            |i, sym| {
                let s = &steps[i][sym as usize];
                match (s.to, s.edge) {
                    (Some(to), _) => i32::from(to),
                    (None, Some((_, direction))) => i32::MAX - 4 + direction as i32,
                    (None, None) => i32::MAX,
                }
            },
        )?;
        Ok(ConnectionPatterns {
            file,
            set: OnceLock::new(),
            shapes,
            matcher,
            steps,
        })
    }

    /// The compiled patterns (index = index in `shapes`), as written:
    /// compiled on first use (the links use a stricter set of their own).
    ///
    /// # Panics
    /// Never: the file compiled (its extents were checked) when it was
    /// parsed.
    pub fn set(&self) -> &PatternSet {
        self.set
            .get_or_init(|| PatternSet::compile(&self.file).unwrap_or_else(|e| panic!("{e}")))
    }

    /// The cells of `m`'s shape as the match lies on the board (turned by
    /// its symmetry), as steps from its anchor.
    #[inline]
    pub(crate) fn steps(&self, m: &Match) -> &ShapeSteps {
        &self.steps[m.pattern][m.symmetry as usize]
    }

    /// The built-in connection patterns.
    ///
    /// # Panics
    /// If the embedded file is broken, which the crate's tests rule out.
    pub fn builtin() -> &'static ConnectionPatterns {
        static SET: OnceLock<ConnectionPatterns> = OnceLock::new();
        SET.get_or_init(|| {
            ConnectionPatterns::parse(CONNECTIONS.0, CONNECTIONS.1)
                .unwrap_or_else(|e| panic!("{e}"))
        })
    }
}

/// An enemy stone's offset from a block's stone, and the offsets it removes.
type Removal = ((i32, i32), Vec<(i32, i32)>);

/// The block-removal rules, compiled into a table: for each offset of an
/// enemy stone from the block's stone (under every symmetry of every rule),
/// the offsets of the cells it removes.
#[derive(Clone, Debug)]
pub struct RemovalRules {
    set: PatternSet,
    table: Vec<Removal>,
    /// How far from a block's stone a rule's enemy stone stands, at most.
    reach: i32,
    /// For each offset `(ex, ey)` of an enemy stone within `reach` (row by
    /// row over `-reach..=reach`), the cells it removes within two columns
    /// and rows of the stone: per row `dy + 2`, bit `dx + 2`.
    near: Vec<[u8; 5]>,
    /// With `reach` at most 2 (`None` otherwise): for each row `ey + 2` of
    /// an enemy stone's offset and each set of enemy columns in that row
    /// (bit `ex + 2`), the cells they remove together: the union of their
    /// `near` entries, row `dy + 2` in byte `dy + 2` (bit `dx + 2`).
    window: Option<Box<[[u64; 32]; 5]>>,
}

impl RemovalRules {
    /// Parses and checks a removal-rule file: each pattern anchored on `@`,
    /// with the enemy stone labelled `E`, `remove:` listing labels, and no
    /// other symbol than `?` (the rules are geometry only).
    pub fn parse(name: &str, text: &str) -> Result<RemovalRules, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut removed = Vec::new();
        for p in file.patterns() {
            if p.diagram().label_offset('E').is_none() {
                errors.push(file.error_at(
                    p.location(),
                    format!("rule {:?} has no enemy stone `E`", p.name()),
                ));
            }
            if let Some(c) = p.diagram().cells().find(|c| {
                !matches!(
                    c.symbol,
                    Symbol::Any | Symbol::AnchorOwn | Symbol::AnyLabel(_)
                )
            }) {
                let at = p.cell_location(c.column, c.row).unwrap_or(p.location());
                errors.push(file.error_at(
                    at,
                    format!(
                        "a removal rule uses only `?`, `@` and upper-case labels; found `{}`",
                        c.symbol
                    ),
                ));
            }
            match p.value("remove") {
                None => {
                    errors.push(file.error_at(
                        p.location(),
                        format!("rule {:?} has no `remove:` attribute", p.name()),
                    ));
                }
                Some(v) => match labels(&file, p, "remove", v) {
                    Ok(l) => removed.push(l),
                    Err(e) => errors.push(e),
                },
            }
        }
        let set = PatternSet::compile(&file)?;
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut table: Vec<Removal> = Vec::new();
        for (i, p) in file.patterns().iter().enumerate() {
            let Some(e) = p.diagram().label_offset('E') else {
                continue;
            };
            for &sym in set.symmetries(i) {
                let enemy = sym.apply_offset(e.0, e.1);
                let cells = removed[i]
                    .iter()
                    .filter_map(|&l| p.diagram().label_offset(l))
                    .map(|(dx, dy)| sym.apply_offset(dx, dy));
                match table.iter_mut().find(|(k, _)| *k == enemy) {
                    Some((_, v)) => v.extend(cells),
                    None => table.push((enemy, cells.collect())),
                }
            }
        }
        let reach = table
            .iter()
            .map(|((ex, ey), _)| ex.abs().max(ey.abs()))
            .max()
            .unwrap_or(0);
        let side = 2 * reach + 1;
        let mut near = vec![[0u8; 5]; (side * side) as usize];
        for ((ex, ey), cells) in &table {
            let at = ((ey + reach) * side + ex + reach) as usize;
            for &(dx, dy) in cells {
                if dx.abs() <= 2 && dy.abs() <= 2 {
                    near[at][(dy + 2) as usize] |= 1 << (dx + 2);
                }
            }
        }
        let window = (reach <= 2).then(|| {
            let mut window = Box::new([[0u64; 32]; 5]);
            for (ey, row) in (-reach..=reach).zip(&mut window[(2 - reach) as usize..]) {
                for (columns, cells) in row.iter_mut().enumerate() {
                    for ex in -reach..=reach {
                        if columns & 1 << (ex + 2) != 0 {
                            let at = ((ey + reach) * side + ex + reach) as usize;
                            for (dy, &bits) in near[at].iter().enumerate() {
                                *cells |= u64::from(bits) << (8 * dy);
                            }
                        }
                    }
                }
            }
            window
        });
        Ok(RemovalRules {
            set,
            table,
            reach,
            near,
            window,
        })
    }

    /// The built-in rules.
    ///
    /// # Panics
    /// If the embedded file is broken, which the crate's tests rule out.
    pub fn builtin() -> &'static RemovalRules {
        static SET: OnceLock<RemovalRules> = OnceLock::new();
        SET.get_or_init(|| {
            RemovalRules::parse(BLOCK_REMOVAL.0, BLOCK_REMOVAL.1).unwrap_or_else(|e| panic!("{e}"))
        })
    }

    /// The rules as a pattern set (rule index = pattern index).
    pub fn set(&self) -> &PatternSet {
        &self.set
    }

    /// How far (in columns or rows) from a stone a rule's enemy stone
    /// stands, at most.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// The cells removed from the block of `stone` (of `color`) by every rule
    /// that applies: an enemy stone in `unattackable` on the rule's `E`. The
    /// straightforward form, cell by cell; blocks use the same cells a row
    /// at a time ([`RemovalRules::removed_rows`]), and the blocks' property
    /// test checks every block against this form.
    pub fn removed_cells(
        &self,
        board: &Board,
        stone: Point,
        color: Color,
        unattackable: &PointSet,
    ) -> PointSet {
        let size = board.size();
        let mut out = PointSet::new();
        for ((ex, ey), cells) in &self.table {
            let Some(e) = stone.offset(*ex, *ey, size) else {
                continue;
            };
            if board.color(e) != Some(color.opponent()) || !unattackable.contains(e) {
                continue;
            }
            out.extend(
                cells
                    .iter()
                    .filter_map(|&(dx, dy)| stone.offset(dx, dy, size)),
            );
        }
        out
    }

    /// The cells removed from a block by the enemy stones around its stone
    /// (in row `y`, column `x`), looked up by row: entry `[j][columns]` is
    /// what the enemy stones of row `y + j - 2` in the columns from `x - 2`
    /// to `x + 2` (bits 0 to 4) remove together, row `dy + 2` of the box
    /// of five columns and rows centred on the stone in byte `dy + 2`, bit
    /// `dx + 2` for column `x + dx` (the cells of
    /// [`RemovalRules::removed_rows`] packed in one word; the union over
    /// the five rows is all of them). `None` if a rule's enemy stone stands
    /// farther than two columns or rows from the stone: then the five rows
    /// do not tell.
    #[inline]
    pub(crate) fn box_table(&self) -> Option<&[[u64; 32]; 5]> {
        self.window.as_deref()
    }

    /// The cells removed from the block of `stone` by the enemy stones
    /// `enemy` (the unattackable stones of the other colour), as column bits
    /// of the five rows `stone.y() - 2 ..= stone.y() + 2` (bit `x` for
    /// column `x`; the entry of a row off the board means nothing). Cells
    /// more than two rows or columns from the stone are left out: no block
    /// reaches them ([`crate::block_extent`]). Within that box, the same
    /// cells as [`RemovalRules::removed_cells`].
    pub fn removed_rows(&self, stone: Point, size: u8, enemy: &PointSet) -> [u32; 5] {
        self.removed_rows_by(stone, size, |row| enemy.row_bits(row))
    }

    /// [`RemovalRules::removed_rows`] with the enemy stones given as
    /// `enemy_row(y)`, the bits of row `y` (bit `x` for column `x`): for a
    /// caller that has them as rows already.
    pub(crate) fn removed_rows_by(
        &self,
        stone: Point,
        size: u8,
        enemy_row: impl Fn(u8) -> u32,
    ) -> [u32; 5] {
        let mut rows = [0u32; 5];
        let (x, y, last) = (stone.x(), stone.y(), i32::from(size) - 1);
        let (r, side) = (self.reach, 2 * self.reach + 1);
        let (x0, x1) = ((x - r).max(0), (x + r).min(last));
        if x0 > x1 {
            return rows;
        }
        let window = (((1u64 << (x1 - x0 + 1)) - 1) << x0) as u32;
        let on_board = ((1u64 << size) - 1) as u32;
        // Each enemy stone within reach, looked up by its offset.
        for row in (y - r).max(0)..=(y + r).min(last) {
            let mut bits = enemy_row(row as u8) & window;
            while bits != 0 {
                let ex = bits.trailing_zeros() as i32 - x;
                bits &= bits - 1;
                let at = ((row - y + r) * side + ex + r) as usize;
                for (out, &cells) in rows.iter_mut().zip(&self.near[at]) {
                    // Bit `dx + 2` to column `x + dx`; columns left of
                    // the board fall off the right shift.
                    *out |= ((u32::from(cells) << x) >> 2) & on_board;
                }
            }
        }
        rows
    }
}
