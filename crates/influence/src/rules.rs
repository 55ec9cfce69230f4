//! The reinforcement rules of influence sources (seed 000 §3.2.2 step 2,
//! fig. 13; taken over by seed 001 §3.2.1): a text file in the board
//! crate's pattern language, checked with located errors and compiled into
//! a table of the rules under all eight symmetries.
//!
//! Each pattern is one rule: the reinforced stone `@`, the partner stone
//! (`partner:`, an upper-case label that must hold an own live stone), the
//! check points (`empty:`, upper-case labels that must all be empty points)
//! and the direction whose source gains `k` (`add:`, `n e s w` as drawn:
//! `n` is the top of the diagram). Every other cell is an ordinary pattern
//! requirement (`.` empty, `x` own or empty, `?` anything, …). Each rule
//! applies in all eight orientations, its direction turned with it.

use crate::context::Context;
use crate::geometry::{Direction, Sources};
use crate::grid::{self, Grid};
use keisei_board::diag::{Location, SourceError, SourceErrors};
use keisei_board::pattern::{Pattern, PatternFile, PatternSet, Symbol};
use keisei_board::{Cell, Color, MAX_SIZE, Point, Symmetry};
use std::sync::OnceLock;

/// The built-in rule file: (name in diagnostics, text).
pub const REINFORCEMENT: (&str, &str) = (
    "crates/influence/patterns/reinforcement.pat",
    include_str!("../patterns/reinforcement.pat"),
);

/// One rule of the file, its attributes read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReinforcementRule {
    /// The pattern's name (the shape: `nobi`, `kosumi`, …).
    pub name: String,
    /// The label of the partner stone.
    pub partner: char,
    /// The direction (as drawn) whose source gains `k`.
    pub direction: Direction,
    /// The labels of the check points that must be empty.
    pub empty: Vec<char>,
}

/// One rule in one orientation, as grid offsets from the reinforced stone
/// (its partner is its group's).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Variant {
    rule: usize,
    /// The check points, as offsets.
    checks: Vec<(i32, i32)>,
    /// The same as grid deltas.
    check_deltas: Vec<isize>,
    /// Cells that constrain the board (not `?`, not the partner or checks):
    /// offset, symbol.
    shape: Vec<((i32, i32), Symbol)>,
    /// The same as grid deltas with the accepted cell codes (bit k for
    /// code k) when matched for Black and for White.
    shape_masks: Vec<(isize, [u8; 2])>,
}

/// The variants that reinforce the same direction from the same partner
/// offset: at most one of them applies (the first in file order).
#[derive(Clone, Debug)]
struct Group {
    partner: (i32, i32),
    partner_delta: isize,
    direction: Direction,
    variants: Vec<Variant>,
}

/// The cell codes (`keisei_board::Cell` discriminants) a symbol accepts
/// when the pattern is matched for `own`, as a bit mask.
fn mask(symbol: Symbol, own: Color) -> u8 {
    let mut m = 0;
    for (k, cell) in [Cell::Empty, Cell::Black, Cell::White, Cell::Off]
        .into_iter()
        .enumerate()
    {
        if symbol.accepts(cell, own) {
            m |= 1 << k;
        }
    }
    m
}

/// One reinforcement that applies to a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reinforcement {
    /// The rule's index in the file.
    pub rule: usize,
    /// The partner stone.
    pub partner: Point,
    /// The direction of the reinforced stone's source that gains `k`.
    pub direction: Direction,
}

/// The reinforcement rules, compiled.
#[derive(Clone, Debug)]
pub struct ReinforcementRules {
    file: PatternFile,
    rules: Vec<ReinforcementRule>,
    groups: Vec<Group>,
    /// See [`ReinforcementRules::reach`].
    reach: i32,
}

/// The largest row or column distance from a stone of a cell the rule
/// groups look at (partner, check points, shape cells).
fn reach(groups: &[Group]) -> i32 {
    let far = |&(x, y): &(i32, i32)| x.abs().max(y.abs());
    groups
        .iter()
        .flat_map(|g| {
            std::iter::once(far(&g.partner)).chain(g.variants.iter().flat_map(|v| {
                v.checks
                    .iter()
                    .map(far)
                    .chain(v.shape.iter().map(|(o, _)| far(o)))
            }))
        })
        .max()
        .unwrap_or(0)
}

/// The labels listed in an attribute value, each checked against the diagram.
fn labels(file: &PatternFile, p: &Pattern, key: &str) -> Result<Vec<char>, SourceError> {
    let attr = p.attribute(key).ok_or_else(|| {
        file.error_at(
            p.location(),
            format!("rule {:?} has no `{key}:` attribute", p.name()),
        )
    })?;
    let value = attr.value.as_str();
    if value == "none" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut from = 0;
    for token in value.split_whitespace() {
        let start = value[from..].find(token).map_or(from, |i| from + i);
        from = start + token.len();
        let at = Location::new(
            attr.value_location.line,
            attr.value_location.column + value[..start].chars().count(),
        );
        let mut chars = token.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None)
                if c.is_ascii_uppercase()
                    && matches!(symbol_of(p, c), Some(Symbol::AnyLabel(_))) =>
            {
                if out.contains(&c) {
                    return Err(file
                        .error_at(at, format!("`{key}:` lists {c} twice"))
                        .with_len(1));
                }
                out.push(c);
            }
            _ => {
                return Err(file
                    .error_at(
                        at,
                        format!(
                            "`{key}:` lists {token:?}, which is not an upper-case label of this diagram"
                        ),
                    )
                    .with_label("expected labels such as A B")
                    .with_len(token.chars().count()));
            }
        }
    }
    Ok(out)
}

fn symbol_of(p: &Pattern, label: char) -> Option<Symbol> {
    p.diagram()
        .cells()
        .find(|c| c.symbol.label() == Some(label))
        .map(|c| c.symbol)
}

fn read_rule(file: &PatternFile, p: &Pattern) -> Result<ReinforcementRule, SourceError> {
    let d = p.diagram();
    let (ax, ay) = d.anchor();
    if d.get(ax, ay) != Some(Symbol::AnchorOwn) {
        return Err(file.error_at(
            p.location(),
            format!(
                "rule {:?} must be anchored on the reinforced stone `@`",
                p.name()
            ),
        ));
    }
    let partner = labels(file, p, "partner")?;
    let [partner] = partner.as_slice() else {
        let at = p
            .attribute("partner")
            .map_or(p.location(), |a| a.value_location);
        return Err(file.error_at(at, "`partner:` names exactly one label"));
    };
    let partner = *partner;
    let add = p.attribute("add").ok_or_else(|| {
        file.error_at(
            p.location(),
            format!("rule {:?} has no `add:` attribute", p.name()),
        )
    })?;
    let direction = Direction::from_letter(&add.value).ok_or_else(|| {
        file.error_at(
            add.value_location,
            format!("`add:` is {:?}; expected one of n e s w", add.value),
        )
        .with_label("the direction of the anchor stone's source that gains k, as drawn")
        .with_len(add.value.chars().count())
    })?;
    let empty = labels(file, p, "empty")?;
    if empty.contains(&partner) {
        let at = p
            .attribute("empty")
            .map_or(p.location(), |a| a.value_location);
        return Err(file.error_at(
            at,
            format!("the partner {partner} cannot also be a check point"),
        ));
    }
    // Every upper-case label must say what it is.
    for c in d.cells() {
        if let Symbol::AnyLabel(l) = c.symbol {
            if l != partner && !empty.contains(&l) {
                let at = p.cell_location(c.column, c.row).unwrap_or(p.location());
                return Err(file
                    .error_at(
                        at,
                        format!("label {l} is neither the partner nor a check point"),
                    )
                    .with_label("list it in `empty:` or draw the cell with a plain symbol")
                    .with_len(1));
            }
        }
    }
    for key in p.attributes() {
        if !matches!(key.key.as_str(), "partner" | "add" | "empty" | "note") {
            return Err(file
                .error_at(
                    key.key_location,
                    format!("unknown attribute `{}:`", key.key),
                )
                .with_label("expected partner, add, empty or note")
                .with_len(key.key.chars().count()));
        }
    }
    Ok(ReinforcementRule {
        name: p.name().to_string(),
        partner,
        direction,
        empty,
    })
}

impl ReinforcementRules {
    /// Parses and checks a rule file (see the module docs and
    /// `docs/pattern-format.md`).
    pub fn parse(name: &str, text: &str) -> Result<ReinforcementRules, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut rules = Vec::new();
        for p in file.patterns() {
            match read_rule(&file, p) {
                Ok(r) => rules.push(r),
                Err(e) => errors.push(e),
            }
        }
        // The matcher's size limit applies to rule diagrams too.
        if let Err(e) = PatternSet::compile(&file) {
            errors.extend(e);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut groups: Vec<Group> = Vec::new();
        for (i, (p, r)) in file.patterns().iter().zip(&rules).enumerate() {
            let d = p.diagram();
            let offset = |label: char| d.label_offset(label).unwrap_or((0, 0));
            for sym in Symmetry::ALL {
                let t = |(dx, dy): (i32, i32)| sym.apply_offset(dx, dy);
                let mut checks: Vec<(i32, i32)> = r.empty.iter().map(|&l| t(offset(l))).collect();
                checks.sort_unstable();
                let mut shape: Vec<((i32, i32), Symbol)> = d
                    .cells()
                    .filter(|c| {
                        c.symbol != Symbol::Any
                            && c.symbol != Symbol::AnchorOwn
                            && !matches!(c.symbol, Symbol::AnyLabel(_))
                    })
                    .map(|c| (t((c.dx, c.dy)), c.symbol))
                    .collect();
                shape.sort_unstable();
                let partner = t(offset(r.partner));
                let direction = r.direction.transformed(sym);
                let v = Variant {
                    rule: i,
                    check_deltas: checks.iter().map(|&(x, y)| grid::delta(x, y)).collect(),
                    shape_masks: shape
                        .iter()
                        .map(|&((x, y), s)| {
                            (
                                grid::delta(x, y),
                                [mask(s, Color::Black), mask(s, Color::White)],
                            )
                        })
                        .collect(),
                    checks,
                    shape,
                };
                let k = if let Some(k) = groups
                    .iter()
                    .position(|g| g.partner == partner && g.direction == direction)
                {
                    k
                } else {
                    groups.push(Group {
                        partner,
                        partner_delta: grid::delta(partner.0, partner.1),
                        direction,
                        variants: Vec::new(),
                    });
                    groups.len() - 1
                };
                // A symmetric rule gives the same variant twice: keep one.
                let g = &mut groups[k];
                if !g
                    .variants
                    .iter()
                    .any(|w| w.checks == v.checks && w.shape == v.shape)
                {
                    g.variants.push(v);
                }
            }
        }
        let reach = reach(&groups);
        Ok(ReinforcementRules {
            file,
            rules,
            groups,
            reach,
        })
    }

    /// The built-in rules (`crates/influence/patterns/reinforcement.pat`).
    ///
    /// # Panics
    /// If the embedded file is broken, which the crate's tests rule out.
    pub fn builtin() -> &'static ReinforcementRules {
        static RULES: OnceLock<ReinforcementRules> = OnceLock::new();
        RULES.get_or_init(|| {
            ReinforcementRules::parse(REINFORCEMENT.0, REINFORCEMENT.1)
                .unwrap_or_else(|e| panic!("{e}"))
        })
    }

    /// The parsed file.
    pub fn file(&self) -> &PatternFile {
        &self.file
    }

    /// The rules, in file order.
    pub fn rules(&self) -> &[ReinforcementRule] {
        &self.rules
    }

    /// Number of distinct (rule, orientation) variants.
    pub fn variant_count(&self) -> usize {
        self.groups.iter().map(|g| g.variants.len()).sum()
    }

    /// Calls `f` for every reinforcement of the live stone on `stone`: each
    /// rule whose shape matches (partner an own live stone, every other
    /// cell as drawn, dead stones read as empty points) and whose check
    /// points are all empty points. A partner reinforces a direction at
    /// most once, by the first rule in the file that does. For many stones
    /// of one position the models use a faster path that prepares the
    /// position once.
    pub fn for_each(&self, ctx: &Context, stone: Point, f: impl FnMut(Reinforcement)) {
        if let Some(color) = ctx.live(stone) {
            self.for_each_in(&Grid::new(ctx), stone, color, f);
        }
    }

    /// How far (in columns or rows) from a stone the rules look: its
    /// reinforcements depend on the cells within this distance only.
    pub(crate) fn reach(&self) -> i32 {
        self.reach
    }

    /// [`Self::for_each`] on a prepared grid, for a live stone of `color`.
    pub(crate) fn for_each_in(
        &self,
        grid: &Grid,
        stone: Point,
        color: Color,
        mut f: impl FnMut(Reinforcement),
    ) {
        let own = grid::code(color);
        let at = grid::index(stone);
        let c = color.index();
        let cells = &grid.live;
        for g in &self.groups {
            if cells[grid::add(at, g.partner_delta)] != own {
                continue;
            }
            let hit = g.variants.iter().find(|v| {
                v.shape_masks
                    .iter()
                    .all(|&(d, m)| m[c] & (1 << cells[grid::add(at, d)]) != 0)
                    && v.check_deltas
                        .iter()
                        .all(|&d| cells[grid::add(at, d)] == grid::EMPTY)
            });
            if let Some(v) = hit {
                // The partner holds a stone, so it is on the board.
                let Some(partner) = stone.offset(g.partner.0, g.partner.1, MAX_SIZE) else {
                    continue;
                };
                f(Reinforcement {
                    rule: v.rule,
                    partner,
                    direction: g.direction,
                });
            }
        }
    }

    /// Every reinforcement of the stone on `stone` (see [`Self::for_each`]).
    pub fn reinforcements(&self, ctx: &Context, stone: Point) -> Vec<Reinforcement> {
        let mut out = Vec::new();
        self.for_each(ctx, stone, |r| out.push(r));
        out
    }

    /// `sources` with `k` added for every reinforcement of `stone`.
    pub fn reinforce(&self, ctx: &Context, stone: Point, k: i32, sources: Sources) -> Sources {
        let mut s = sources;
        self.for_each(ctx, stone, |r| s.add(r.direction, k));
        s
    }

    /// The name of rule `index` (the pattern's name), or `?` for an
    /// unknown index.
    pub fn name(&self, index: usize) -> &str {
        self.rules.get(index).map_or("?", |r| r.name.as_str())
    }
}
