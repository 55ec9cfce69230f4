//! What the models need to know about the position, passed in as values,
//! and a stand-in that fills those values without the groups crate.

use keisei_board::reading::{Limits, Reader, Status};
use keisei_board::{Board, BoardMap, Cell, Color, Point, PointSet};
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{Blocks, OwnerRows, Territory, TerritoryOptions, connections, territory};

/// What the influence models need to know about the position, as values.
///
/// The evaluation fills it from the groups crate's results; for standalone
/// use, [`StandaloneInputs`] computes simple stand-ins. Maps of another size
/// than the board are read as "no information" (strength 0, no territory),
/// never as an error.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The position.
    pub board: &'a Board,
    /// For each stone: the strength `s ∈ [0, 1]` of its group (seed 000 eq. 4); 0 on empty points.
    /// Not read when the strengths are given by group
    /// ([`Given::group_strengths`]): it may then be a map of another size
    /// (an empty one).
    pub strength: &'a BoardMap<f64>,
    /// Stones that cannot be attacked (group danger below the threshold): they get
    /// restriction blocks and stop enemy sources (seed 000 §3.2).
    pub unattackable: &'a PointSet,
    /// Stones judged dead: they count for the other side (seed 003) and project nothing.
    pub dead: &'a PointSet,
    /// Territory (keisei-territory), for "never into the owner's own territory".
    pub territory: &'a Territory,
    /// What the caller has made already of these inputs, for the models to
    /// take instead of making it again ([`Given::default`]: nothing, the
    /// models make everything).
    pub given: Given<'a>,
}

/// What a caller of the models has made already from the other inputs of
/// a [`Context`], each when it has it (`None`: the model that needs it
/// makes it), and inputs it has in another form ([`Given::group_strengths`]
/// for the strength map). Each must be what the model would make, or read
/// (debug builds check). New inputs of this kind go here, so that the
/// contexts built without them need no change.
#[derive(Clone, Copy, Debug, Default)]
pub struct Given<'a> {
    /// The restriction blocks of the unattackable live stones on the board
    /// without its dead stones (keisei-territory's
    /// [`keisei_territory::restriction_and_zone_blocks`] makes them): the
    /// ellipse model takes them when it neither keeps nor reuses a memo.
    pub restriction_blocks: Option<&'a Blocks>,
    /// Each colour's territory a row at a time
    /// ([`keisei_territory::owner_rows`] of the territory map on the board's
    /// size): the ellipse model's targets leave them out.
    pub owner_rows: Option<&'a OwnerRows>,
    /// The strengths by group, in place of the strength map: when given,
    /// every model reads a stone's strength here ([`Context::strength_at`]),
    /// and the ellipse model works out each group's initial source once.
    pub group_strengths: Option<GroupStrengths<'a>>,
}

/// Each stone's group and each group's strength (the groups crate keeps
/// them so): a stone's strength without a map of every point.
#[derive(Clone, Copy, Debug)]
pub struct GroupStrengths<'a> {
    /// For each point of the board, the index in `strengths` of the group
    /// of the stone on it (`None` on empty points).
    pub group_of: &'a BoardMap<Option<usize>>,
    /// Each group's strength (unclamped, as a strength map would hold it).
    pub strengths: &'a [f64],
}

impl GroupStrengths<'_> {
    /// The strength of the group of the stone on `p`, unclamped (0 for an
    /// empty point or a point outside the map).
    pub fn of(&self, p: Point) -> f64 {
        self.group_of
            .array()
            .get([p.y() as usize, p.x() as usize])
            .copied()
            .flatten()
            .and_then(|g| self.strengths.get(g).copied())
            .unwrap_or(0.0)
    }
}

impl Context<'_> {
    /// The colour of a live stone on `p`: `None` for empty points, points
    /// off the board and dead stones.
    #[inline]
    pub fn live(&self, p: Point) -> Option<Color> {
        match self.board.color(p) {
            Some(c) if !self.dead.contains(p) => Some(c),
            _ => None,
        }
    }

    /// The board cell as the models see it: dead stones are empty points
    /// (they project nothing and block nothing).
    #[inline]
    pub fn live_cell(&self, p: Point) -> Cell {
        match self.board.cell(p) {
            Cell::Black | Cell::White if self.dead.contains(p) => Cell::Empty,
            c => c,
        }
    }

    /// Whether `p` is a point a model can put influence on: an empty point
    /// or a dead stone.
    #[inline]
    pub fn is_open(&self, p: Point) -> bool {
        self.live_cell(p) == Cell::Empty
    }

    /// The strength of the group of the stone on `p`, clamped to `[0, 1]`
    /// (`NaN` and points outside the map read as 0): from the strengths
    /// given by group when there are, else from the strength map.
    pub fn strength_at(&self, p: Point) -> f64 {
        let s = match &self.given.group_strengths {
            Some(groups) => groups.of(p),
            None => self
                .strength
                .array()
                .get([p.y() as usize, p.x() as usize])
                .copied()
                .unwrap_or(0.0),
        };
        clamp_strength(s)
    }

    /// Whose territory `p` is (`None` outside the territory map).
    pub fn territory_owner(&self, p: Point) -> Option<Color> {
        if p.on_board(self.territory.map.size()) {
            self.territory.owner(p)
        } else {
            None
        }
    }

    /// Whether the stone on `p` is a live stone that cannot be attacked.
    #[inline]
    pub fn is_unattackable(&self, p: Point) -> bool {
        self.unattackable.contains(p) && self.live(p).is_some()
    }
}

/// A strength as the models read it: clamped to `[0, 1]`, `NaN` read as 0.
#[inline]
pub(crate) fn clamp_strength(s: f64) -> f64 {
    if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) }
}

/// Stand-in inputs for using the influence models on their own (examples,
/// tests, `keisei influence --inputs stand-in`), without the groups crate
/// that fills a [`Context`] in the evaluation:
///
/// - strength 0.5 for every stone (0 on empty points);
/// - unattackable: the stones of chains the tactical reader
///   (`keisei_board::reading`, default limits) finds [`Status::Safe`];
/// - dead: none;
/// - territory: `keisei_territory::territory` from the built-in connection
///   patterns, with default options.
///
/// This is a stand-in, not an evaluation: group strength and danger come
/// from the groups crate in the real pipeline.
#[derive(Clone, Debug)]
pub struct StandaloneInputs {
    /// Strength 0.5 on every stone.
    pub strength: BoardMap<f64>,
    /// Stones of chains the tactical reader finds safe.
    pub unattackable: PointSet,
    /// No stone is dead.
    pub dead: PointSet,
    /// Territory from connections.
    pub territory: Territory,
}

impl StandaloneInputs {
    /// Computes the stand-in inputs for `board`.
    pub fn new(board: &Board) -> StandaloneInputs {
        let mut reader = Reader::new();
        let links = connections(board, ConnectionPatterns::builtin(), &mut reader);
        let territory = territory(board, &links, &TerritoryOptions::default());
        let limits = Limits::DEFAULT;
        let mut unattackable = PointSet::new();
        for head in board.chain_heads().collect::<Vec<_>>() {
            if reader.chain_status(board, head, &limits) == Status::Safe {
                unattackable.extend(board.chain_stones(head));
            }
        }
        let strength = BoardMap::from_fn(board.size(), |p| {
            if board.color(p).is_some() { 0.5 } else { 0.0 }
        });
        StandaloneInputs {
            strength,
            unattackable,
            dead: PointSet::new(),
            territory,
        }
    }

    /// The context for `board` (the board these inputs were computed for).
    pub fn context<'a>(&'a self, board: &'a Board) -> Context<'a> {
        Context {
            board,
            strength: &self.strength,
            unattackable: &self.unattackable,
            dead: &self.dead,
            territory: &self.territory,
            given: Given::default(),
        }
    }
}
