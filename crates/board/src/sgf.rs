//! Loading game records from SGF through the `sgf-parse` crate: the main line,
//! setup stones, handicap, komi, `PL`, and the position after any move.
//!
//! Every error names its source (usually the file), the line and column in
//! the text where it has one (the property at fault, the node, or the first
//! thing that is not SGF), and the node of the main line (0 = the root node).

mod layout;

use crate::board::{Board, BoardError};
use crate::color::Color;
use crate::diag::Location;
use crate::point::{MAX_SIZE, MIN_SIZE, Move, Point};
use layout::{Layout, NodeLayout};
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, GameType, ParseOptions, SgfNode};
use std::fmt;
use std::path::Path;

/// What went wrong while loading or replaying a game record.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfErrorKind {
    /// The file could not be read.
    Io(String),
    /// The text is not well-formed SGF; the error's node is the main-line
    /// node the parser was reading when it failed.
    Malformed(String),
    /// The record is of another game (`GM` other than 1).
    NotGo,
    /// The text holds no game.
    Empty,
    /// The board is not square or not 5..=25.
    UnsupportedSize(String),
    /// A property value is invalid (e.g. `KM[abc]`, `PL[Q]`).
    InvalidProperty(String),
    /// A move or setup point lies outside the board.
    OffBoard(String),
    /// A move of the record is illegal (occupied point, suicide, ko).
    IllegalMove(String),
    /// A setup (`AB`/`AW`/`AE`) is illegal.
    IllegalSetup(String),
    /// More moves were asked for than the record has.
    NoSuchMove {
        /// The move number asked for.
        requested: usize,
        /// Moves in the main line.
        available: usize,
    },
}

/// An error while loading or replaying an SGF record.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfError {
    /// Where the record came from (a file path, or `<input>`).
    pub source: String,
    /// Where in the text (line and column, from 1): the property at fault,
    /// else the node's `;`, else the first thing that is not SGF; `None`
    /// when the error has no place (a file that cannot be read, no game, a
    /// move number past the end).
    pub at: Option<Location>,
    /// The main-line node (0 = root) the error is in, if it has one.
    pub node: Option<usize>,
    /// What went wrong.
    pub kind: SgfErrorKind,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if let Some(at) = self.at {
            write!(f, ":{}:{}", at.line, at.column)?;
        }
        if let Some(n) = self.node {
            write!(f, ": node {n}")?;
        }
        f.write_str(": ")?;
        match &self.kind {
            SgfErrorKind::Io(m) => write!(f, "cannot read: {m}"),
            SgfErrorKind::Malformed(message) => write!(f, "malformed SGF: {message}"),
            SgfErrorKind::NotGo => f.write_str("not a game of Go (GM is not 1)"),
            SgfErrorKind::Empty => f.write_str("no game in the file"),
            SgfErrorKind::UnsupportedSize(s) => write!(
                f,
                "unsupported board size {s} (keisei supports square boards {MIN_SIZE} to {MAX_SIZE})"
            ),
            SgfErrorKind::InvalidProperty(m)
            | SgfErrorKind::OffBoard(m)
            | SgfErrorKind::IllegalMove(m)
            | SgfErrorKind::IllegalSetup(m) => f.write_str(m),
            SgfErrorKind::NoSuchMove {
                requested,
                available,
            } => write!(
                f,
                "move {requested} requested but the main line has {available} move(s)"
            ),
        }
    }
}

impl std::error::Error for SgfError {}

/// One node of the main line, reduced to what matters for positions.
#[derive(Clone, Debug, PartialEq)]
struct Node {
    /// Stones added or removed: `(Some(colour), p)` adds, `(None, p)` clears.
    setup: Vec<(Option<Color>, Point)>,
    /// `PL`: the side to move after this node's setup.
    player: Option<Color>,
    /// The move of this node, if any.
    mv: Option<(Color, Move)>,
    /// Where the node and its properties are in the text (`None` if the
    /// scan of the text and the parser disagree on the main line).
    place: Option<NodeLayout>,
}

/// A game record: the main line of an SGF file.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    source: String,
    size: u8,
    komi: f64,
    komi_recorded: f64,
    handicap: u32,
    result: Option<String>,
    rules: Option<String>,
    nodes: Vec<Node>,
}

/// A position of a game: the board after some moves, and the move actually
/// played next (if the record has one).
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The board, with the side to move set.
    pub board: Board,
    /// How many moves (including passes) were played to reach this position.
    pub move_number: usize,
    /// The move played next in the record, if any.
    pub next_move: Option<(Color, Move)>,
    /// The moves played so far, oldest first.
    pub history: Vec<(Color, Move)>,
    /// Komi from the record (0 if absent).
    pub komi: f64,
    /// Handicap from the record (0 if absent or fewer than 2).
    pub handicap: u32,
}

impl Game {
    /// Reads and parses an SGF file. Bytes that are not UTF-8 (names in legacy
    /// encodings) are replaced; moves and setup are ASCII and never affected.
    pub fn load(path: impl AsRef<Path>) -> Result<Game, SgfError> {
        let path = path.as_ref();
        let source = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| SgfError {
            source: source.clone(),
            at: None,
            node: None,
            kind: SgfErrorKind::Io(e.to_string()),
        })?;
        Game::parse(&String::from_utf8_lossy(&bytes), &source)
    }

    /// Parses SGF text; `source` names it in errors.
    pub fn parse(text: &str, source: &str) -> Result<Game, SgfError> {
        let Layout {
            nodes: mut places,
            problem,
        } = layout::layout(text);
        let err = |node: Option<usize>, at: Option<Location>, kind| SgfError {
            source: source.to_string(),
            at,
            node,
            kind,
        };
        // Where a root property is (or the root node, without one).
        let root_at = |id: &str| places.first().map(|n| n.prop(id).unwrap_or(n.at));
        let trees = sgf_parse::parse(text).map_err(|e| match e {
            sgf_parse::SgfParseError::NoGameTrees => err(None, None, SgfErrorKind::Empty),
            e => {
                let node = readable_nodes(text).saturating_sub(1);
                // The scan's first problem, with what it is, else the node
                // the parser was reading.
                let (at, message) = match problem {
                    Some((at, what)) => (Some(at), format!("{what} ({e})")),
                    None => (places.get(node).map(|n| n.at), e.to_string()),
                };
                err(Some(node), at, SgfErrorKind::Malformed(message))
            }
        })?;
        let tree = trees
            .into_iter()
            .next()
            .ok_or_else(|| err(None, None, SgfErrorKind::Empty))?;
        if tree.gametype() != GameType::Go {
            return Err(err(Some(0), root_at("GM"), SgfErrorKind::NotGo));
        }
        let root = tree
            .into_go_node()
            .map_err(|_| err(Some(0), root_at("GM"), SgfErrorKind::NotGo))?;

        let size = match root.get_property("SZ") {
            None => 19,
            Some(Prop::SZ((w, h))) if w == h => {
                if (MIN_SIZE..=MAX_SIZE).contains(w) {
                    *w
                } else {
                    return Err(err(
                        Some(0),
                        root_at("SZ"),
                        SgfErrorKind::UnsupportedSize(w.to_string()),
                    ));
                }
            }
            Some(Prop::SZ((w, h))) => {
                return Err(err(
                    Some(0),
                    root_at("SZ"),
                    SgfErrorKind::UnsupportedSize(format!("{w}x{h}")),
                ));
            }
            Some(other) => {
                return Err(err(
                    Some(0),
                    root_at("SZ"),
                    SgfErrorKind::UnsupportedSize(format!("{other} (unreadable)")),
                ));
            }
        };
        let komi_recorded = match root.get_property("KM") {
            None => 0.0,
            Some(Prop::KM(k)) if k.is_finite() => *k,
            Some(other) => {
                return Err(err(
                    Some(0),
                    root_at("KM"),
                    SgfErrorKind::InvalidProperty(format!("invalid komi {other}")),
                ));
            }
        };
        let rules = match root.get_property("RU") {
            Some(Prop::RU(t)) => Some(t.text.trim().to_string()),
            _ => None,
        };
        let chinese = rules
            .as_deref()
            .is_some_and(|r| r.eq_ignore_ascii_case("chinese"));
        let komi = komi_points(komi_recorded, size, chinese);
        let handicap = match root.get_property("HA") {
            None => 0,
            Some(Prop::HA(h)) if (2..=i64::from(MAX_SIZE) * i64::from(MAX_SIZE)).contains(h) => {
                *h as u32
            }
            // sgf-parse rejects HA[0] and HA[1]; real records use both for "no handicap".
            Some(Prop::Invalid(_, v)) if matches!(v.first().map(|s| s.trim()), Some("0" | "1")) => {
                0
            }
            Some(other) => {
                return Err(err(
                    Some(0),
                    root_at("HA"),
                    SgfErrorKind::InvalidProperty(format!("invalid handicap {other}")),
                ));
            }
        };
        let result = match root.get_property("RE") {
            Some(Prop::RE(t)) => Some(t.text.clone()),
            _ => None,
        };

        // The scan's places are kept only if it saw the parser's main line.
        let count = root.main_variation().count();
        if places.len() != count {
            places.clear();
        }
        let mut places = places.into_iter();
        let mut nodes = Vec::with_capacity(count);
        for (i, node) in root.main_variation().enumerate() {
            let place = places.next();
            let read = read_node(node, size, place.as_ref()).map_err(|(kind, at)| {
                let at = at.or_else(|| place.as_ref().map(|p| p.at));
                err(Some(i), at, kind)
            })?;
            nodes.push(Node { place, ..read });
        }
        Ok(Game {
            source: source.to_string(),
            size,
            komi,
            komi_recorded,
            handicap,
            result,
            rules,
            nodes,
        })
    }

    /// Where the record came from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Komi in points (0 if the record has none). A `KM` worth more than
    /// half the board cannot be points: it is read as Fox's encoding
    /// (see [`komi_points`]); [`Game::komi_recorded`] keeps the value as
    /// written.
    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// `KM` as written in the record (0 if absent).
    pub fn komi_recorded(&self) -> f64 {
        self.komi_recorded
    }

    /// Handicap (0 if none).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The rules property (`RU`), e.g. `Japanese`, if present.
    pub fn rules(&self) -> Option<&str> {
        self.rules.as_deref()
    }

    /// The result property (`RE`), e.g. `B+2.5`, if present.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The moves of the main line (passes included), in order.
    pub fn moves(&self) -> impl Iterator<Item = (Color, Move)> + '_ {
        self.nodes.iter().filter_map(|n| n.mv)
    }

    /// Number of moves (passes included) in the main line.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.mv.is_some()).count()
    }

    /// Whether the record has setup stones after the root node, or `AE`.
    pub fn has_setup(&self) -> bool {
        self.nodes.iter().any(|n| !n.setup.is_empty())
    }

    /// Whether the record is an even game from the empty board: no setup
    /// stones or `AE` ([`Game::has_setup`]) and no handicap declared (`HA`
    /// of 2 or more). A record that declares a handicap but places no stones
    /// is not one: its positions lack the handicap stones. Statistics,
    /// tuning and benchmarks over game records use even games only.
    pub fn is_even(&self) -> bool {
        !self.has_setup() && self.handicap < 2
    }

    /// The position after `moves` moves of the main line (0 = after the root
    /// setup), with the move played next.
    pub fn position(&self, moves: usize) -> Result<Position, SgfError> {
        let mut replay = self.replay();
        let mut pos = replay.start()?;
        while pos.move_number < moves {
            if !replay.advance(&mut pos)? {
                return Err(SgfError {
                    source: self.source.clone(),
                    at: None,
                    node: None,
                    kind: SgfErrorKind::NoSuchMove {
                        requested: moves,
                        available: self.move_count(),
                    },
                });
            }
        }
        Ok(pos)
    }

    /// Every position of the main line in order, from move 0 to the end,
    /// replayed once (each step costs one move, not a replay from the start).
    pub fn positions(&self) -> impl Iterator<Item = Result<Position, SgfError>> + '_ {
        let mut replay = self.replay();
        let mut current: Option<Position> = None;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            match current.as_mut() {
                None => match replay.start() {
                    Ok(p) => {
                        current = Some(p.clone());
                        Some(Ok(p))
                    }
                    Err(e) => {
                        done = true;
                        Some(Err(e))
                    }
                },
                Some(pos) => match replay.advance(pos) {
                    Ok(true) => Some(Ok(pos.clone())),
                    Ok(false) => {
                        done = true;
                        None
                    }
                    Err(e) => {
                        done = true;
                        Some(Err(e))
                    }
                },
            }
        })
    }

    fn replay(&self) -> Replay<'_> {
        Replay {
            game: self,
            next_node: 0,
        }
    }
}

/// Steps through the main line node by node.
struct Replay<'a> {
    game: &'a Game,
    /// The index of the first node not yet applied.
    next_node: usize,
}

impl Replay<'_> {
    /// An error of node `node`, placed at the first of the properties
    /// `ids` the node has, else at the node.
    fn error(&self, node: usize, ids: &[&str], kind: SgfErrorKind) -> SgfError {
        let at = self.game.nodes[node]
            .place
            .as_ref()
            .map(|p| p.nth_of(ids, 0).unwrap_or(p.at));
        SgfError {
            source: self.game.source.clone(),
            at,
            node: Some(node),
            kind,
        }
    }

    /// The position after the setup of the nodes before the first move.
    fn start(&mut self) -> Result<Position, SgfError> {
        let board = Board::new(u32::from(self.game.size)).expect("size checked when parsing");
        let mut pos = Position {
            board,
            move_number: 0,
            next_move: None,
            history: Vec::new(),
            komi: self.game.komi,
            handicap: self.game.handicap,
        };
        // Handicap stones placed by AB without PL: White moves first.
        let mut white_first = false;
        while let Some(node) = self.game.nodes.get(self.next_node) {
            self.apply_setup(&mut pos, self.next_node)?;
            if node.setup.iter().any(|(c, _)| *c == Some(Color::Black)) && self.game.handicap >= 2 {
                white_first = true;
            }
            if node.mv.is_some() {
                break;
            }
            self.next_node += 1;
        }
        if white_first && self.first_player().is_none() {
            pos.board.set_to_move(Color::White);
        }
        if let Some(c) = self.first_player() {
            pos.board.set_to_move(c);
        }
        pos.next_move = self.game.nodes.get(self.next_node).and_then(|n| n.mv);
        Ok(pos)
    }

    /// The colour of the first move (or `PL`), which decides the side to move at move 0.
    fn first_player(&self) -> Option<Color> {
        let node = self.game.nodes.get(self.next_node)?;
        node.mv.map(|(c, _)| c).or(node.player)
    }

    fn apply_setup(&self, pos: &mut Position, index: usize) -> Result<(), SgfError> {
        let node = &self.game.nodes[index];
        if node.setup.is_empty() {
            if let Some(c) = node.player {
                pos.board.set_to_move(c);
            }
            return Ok(());
        }
        let size = self.game.size;
        for &(color, p) in &node.setup {
            let (r, id) = match color {
                Some(c) => (
                    pos.board.set_stone(c, p),
                    if c == Color::Black { "AB" } else { "AW" },
                ),
                None => (pos.board.clear_point(p), "AE"),
            };
            r.map_err(|e| self.error(index, &[id], SgfErrorKind::IllegalSetup(e.describe(size))))?;
        }
        pos.board.check_liberties().map_err(|e| {
            self.error(
                index,
                &["AB", "AW", "AE"],
                SgfErrorKind::IllegalSetup(e.describe(size)),
            )
        })?;
        if let Some(c) = node.player {
            pos.board.set_to_move(c);
        }
        Ok(())
    }

    /// Plays the next move (applying any setup of the following nodes up to
    /// the move after it). Returns false at the end of the main line.
    fn advance(&mut self, pos: &mut Position) -> Result<bool, SgfError> {
        let Some(node) = self.game.nodes.get(self.next_node) else {
            return Ok(false);
        };
        let Some((color, mv)) = node.mv else {
            return Ok(false);
        };
        let index = self.next_node;
        let size = self.game.size;
        pos.board.play_move(color, mv).map_err(|e| {
            let what = format!("{} {}", color.letter(), mv.to_gtp(size));
            let why = match e {
                BoardError::Occupied(_) => "the point is already occupied".to_string(),
                other => other.describe(size),
            };
            // Some records declare a handicap and leave its stones out
            // (programs that place them by convention replay such records;
            // in SGF, `HA` itself adds no stones, and keisei adds none).
            let hint = if self.game.handicap >= 2 && !self.game.has_setup() {
                format!(
                    " (the record declares HA[{}] but places no handicap stones: in SGF, HA adds none)",
                    self.game.handicap
                )
            } else {
                String::new()
            };
            self.error(
                index,
                &[if color == Color::Black { "B" } else { "W" }],
                SgfErrorKind::IllegalMove(format!("illegal move {what}: {why}{hint}")),
            )
        })?;
        pos.move_number += 1;
        pos.history.push((color, mv));
        self.next_node += 1;
        // Setup and PL of the nodes up to the next move.
        while let Some(next) = self.game.nodes.get(self.next_node) {
            self.apply_setup(pos, self.next_node)?;
            if next.mv.is_some() {
                break;
            }
            self.next_node += 1;
        }
        pos.next_move = self.game.nodes.get(self.next_node).and_then(|n| n.mv);
        Ok(true)
    }
}

/// Converts an SGF point, checking it lies on the board.
fn to_point(p: go::Point, size: u8, what: &str) -> Result<Point, SgfErrorKind> {
    if p.x < size && p.y < size {
        Ok(Point::new(p.x, p.y))
    } else {
        let letter = |v: u8| {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + v - 26) as char
            }
        };
        Err(SgfErrorKind::OffBoard(format!(
            "{what}[{}{}] is off the {size}x{size} board",
            letter(p.x),
            letter(p.y)
        )))
    }
}

fn to_move(m: go::Move, size: u8, what: &str) -> Result<Move, SgfErrorKind> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        // FF[3] wrote passes as `tt` on boards up to 19x19.
        go::Move::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => Ok(Move::Pass),
        go::Move::Move(p) => to_point(p, size, what).map(Move::Play),
    }
}

/// The node's setup, `PL` and move; an error comes with the place of the
/// property at fault when `place` (the node's layout) has it.
fn read_node(
    node: &SgfNode<Prop>,
    size: u8,
    place: Option<&NodeLayout>,
) -> Result<Node, (SgfErrorKind, Option<Location>)> {
    let at = |id: &str| place.and_then(|p| p.prop(id));
    let mut out = Node {
        setup: Vec::new(),
        player: None,
        mv: None,
        place: None,
    };
    for prop in node.properties() {
        match prop {
            Prop::B(m) | Prop::W(m) => {
                let (color, id) = if matches!(prop, Prop::B(_)) {
                    (Color::Black, "B")
                } else {
                    (Color::White, "W")
                };
                out.mv = Some((color, to_move(*m, size, id).map_err(|k| (k, at(id)))?));
            }
            Prop::AB(set) | Prop::AW(set) | Prop::AE(set) => {
                let (color, what) = match prop {
                    Prop::AB(_) => (Some(Color::Black), "AB"),
                    Prop::AW(_) => (Some(Color::White), "AW"),
                    _ => (None, "AE"),
                };
                let mut points = set
                    .iter()
                    .map(|p| to_point(*p, size, what))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|k| (k, at(what)))?;
                // HashSet order is random; keep replay deterministic.
                points.sort();
                out.setup.extend(points.into_iter().map(|p| (color, p)));
            }
            Prop::PL(c) => {
                out.player = Some(match c {
                    sgf_parse::Color::Black => Color::Black,
                    sgf_parse::Color::White => Color::White,
                });
            }
            Prop::Invalid(id, values)
                if matches!(id.as_str(), "B" | "W" | "AB" | "AW" | "AE" | "PL") =>
            {
                return Err((
                    SgfErrorKind::InvalidProperty(format!(
                        "invalid property {id}[{}]",
                        values.join("][")
                    )),
                    at(id),
                ));
            }
            _ => {}
        }
    }
    if out.mv.is_some()
        && node
            .properties()
            .filter(|p| matches!(p, Prop::B(_) | Prop::W(_)))
            .count()
            > 1
    {
        return Err((
            SgfErrorKind::InvalidProperty("a node holds both B and W".to_string()),
            // The second of them.
            place.and_then(|p| p.nth_of(&["B", "W"], 1)),
        ));
    }
    Ok(out)
}

/// How many main-line nodes a lenient parse reads before an error (the last
/// one may be the incomplete node the error is in).
fn readable_nodes(text: &str) -> usize {
    let options = ParseOptions {
        lenient: true,
        ..ParseOptions::default()
    };
    match sgf_parse::parse_with_options(text, &options) {
        Ok(trees) => trees
            .into_iter()
            .next()
            .and_then(|t: GameTree| t.into_go_node().ok())
            .map_or(0, |root| root.main_variation().count()),
        Err(_) => 0,
    }
}

/// Komi in points from the `KM` value of a record on a `size`×`size` board.
///
/// A komi worth more than half the board's points would decide the game
/// before the first move, so it cannot be meant as points. Fox (foxwq.com)
/// records write komi in hundredths — `KM[650]` is 6.5 — and
/// under Chinese rules in stones, half a point each: `KM[375]` with
/// `RU[Chinese]` is 3¾ stones, 7.5 points. Such values are read that way;
/// any other value is taken as written.
pub fn komi_points(recorded: f64, size: u8, chinese: bool) -> f64 {
    let half = f64::from(size) * f64::from(size) / 2.0;
    if recorded.abs() <= half {
        return recorded;
    }
    let hundredths = recorded / 100.0;
    if chinese {
        hundredths * 2.0
    } else {
        hundredths
    }
}
