//! One evaluation: every factor computed by its crate, composed by the
//! configuration (seed 000 eq. 1 or seed 001 eq. 9), with the ownership map
//! and a score estimate users expect.

use crate::config::{
    Composition, Config, Counting, DangerModel, EffectiveWeights, GamePhase, InfluenceModel,
    TerritoryModel,
};
use keisei_board::reading::Reader;
use keisei_board::{Board, BoardMap, Color, Point, PointSet};
use keisei_eyes::builtin::builtin;
use keisei_eyes::db::EyeDb;
use keisei_eyes::region::SearchCache;
use keisei_groups::{
    BlockDanger, BlockDangerParams, BlockInput, DangerMinus, FirstReading, GroupParams, Groups,
    LifeStatus, RoomPatterns, Settled, SettledMemo, SettledSharing, Spheres, block_danger,
    danger_minus, danger_minus_totals, life_status,
};
use keisei_influence::{
    Context, Given, GroupStrengths, Influence, InfluenceMemo, Model, ModelKind, Summary, Under,
    dot_blocks,
};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use keisei_territory::{
    AttackEase, AttackEaseParams, BlockModel, Blocks, Connections, Link, LinkEnd, LinkMemo, Owner,
    OwnerRows, Territory, blocks, connections_lean, connections_recorded,
    connections_reusing_shared, owner_rows, restriction_and_zone_blocks, safe_attack_ease_of_rows,
};
use serde::Serialize;

/// The terms of the evaluation, each from Black's point of view (positive
/// good for Black), before weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Terms {
    /// Territory: Black's minus White's (points, or Σ G with attack-ease).
    pub territory: f64,
    /// Influence: Black's score minus White's under the chosen model.
    pub influence: f64,
    /// Danger: White's danger-minus minus Black's (a weak group is a minus
    /// for its owner).
    pub danger: f64,
    /// Seed 001 eq. 4: per-stone life status.
    pub life: f64,
    /// Seed 001 eq. 5: connection and cut states.
    pub connection: f64,
    /// Seed 001 eq. 6: group strength × stones.
    pub strength: f64,
    /// Seed 001 eq. 7: empty points under nobody's influence, by nearness.
    pub uninfluenced: f64,
}

impl Terms {
    /// The terms multiplied by weights.
    #[must_use]
    pub fn weighted(&self, w: &EffectiveWeights, config: &Config) -> Terms {
        let o = &config.weights;
        Terms {
            territory: self.territory * w.territory,
            influence: self.influence * w.influence,
            danger: self.danger * w.danger,
            life: self.life * o.life,
            connection: self.connection * o.connection,
            strength: self.strength * o.strength,
            uninfluenced: self.uninfluenced * o.uninfluenced,
        }
    }

    /// The sum the composition uses: seed 000 adds territory, influence and
    /// danger; seed 001 adds territory, influence and the four "others".
    pub fn total(&self, composition: Composition) -> f64 {
        match composition {
            Composition::Seed000 => self.territory + self.influence + self.danger,
            Composition::Seed001 => {
                self.territory
                    + self.influence
                    + self.life
                    + self.connection
                    + self.strength
                    + self.uninfluenced
            }
        }
    }
}

/// Everything one evaluation computed.
#[derive(Clone, Debug, Serialize)]
pub struct Evaluation {
    /// The side to move.
    pub to_move: Color,
    /// The links (connections), as [`connections_lean`] finds them: every
    /// link with its coefficient, ends and wall cells, but a link's `cuts`
    /// hold only the cutting points whose state was known without reading
    /// or could still change the coefficient when read, and a link to the
    /// edge made by one match is read only as far as 0.5 (its 0.5 may stand
    /// for 1) ([`keisei_territory::connections`] gives them all, exactly).
    pub links: Connections,
    /// Territory, with the stones judged dead not spoiling it.
    pub territory: Territory,
    /// Zone control blocks of the stones that cannot be attacked.
    pub blocks: Blocks,
    /// Attack-ease of territory, its distances found below the safe
    /// distance alone ([`safe_attack_ease_of_rows`]: a point farther is
    /// safe, its distance `None`).
    pub attack_ease: AttackEase,
    /// Groups with strength, encirclement and danger.
    pub groups: Groups,
    /// Danger-minus of every group (and each group's importance, on
    /// demand; the map: [`Evaluation::importance_map`]).
    pub danger_minus: DangerMinus,
    /// Seed 003's block danger (computed with the dots model's blocks when the
    /// danger model is seed003).
    pub block_danger: Option<Vec<BlockDanger>>,
    /// Influence under the chosen model.
    pub influence: Influence,
    /// Stones judged dead: danger at or above the threshold for their
    /// group's size (`groups.dead-above-by-size`, else `groups.dead-above`),
    /// or enclosed ([`keisei_groups::analyse_settled`]).
    #[serde(serialize_with = "serialize_points")]
    pub dead: PointSet,
    /// The weights in effect.
    pub weights: EffectiveWeights,
    /// The terms before weights.
    pub terms: Terms,
    /// The terms after weights.
    pub weighted: Terms,
    /// The total, from Black's point of view.
    pub total: f64,
    /// Who owns each point, in [-1, 1] from Black's point of view.
    pub ownership: BoardMap<f64>,
    /// The stones the ownership map and the score count as dead: `dead`,
    /// except near the end of a game (more than `ownership.settled-above`
    /// of the points settled), where the ownership's own thresholds
    /// (`ownership.enclosed-dead-above` and `enclosed-dead-above-by-size`;
    /// past `finished-above`, `finished-dead-above-by-size`) judge otherwise
    /// than the terms': then those of the ownership's own judgment, which
    /// may take more groups as dead and, for the eye space that frees,
    /// fewer (`fixtures/evaluate/late-invader.sgf`).
    #[serde(serialize_with = "serialize_points")]
    pub ownership_dead: PointSet,
    /// Estimated score in points for Black, komi included, counted as
    /// `ownership.counting` says: territory and prisoners ([`score`]), or
    /// area ([`area_score`]).
    pub score: f64,
}

impl Evaluation {
    /// The importance map (seed 000 §3.3.5): each stone has its group's
    /// importance, every other point 0. The groups' importances are worked
    /// out here, once each ([`DangerMinus::importance`]); the evaluation
    /// needs only those of the groups in danger.
    pub fn importance_map(&self) -> BoardMap<f64> {
        let value: Vec<f64> = (self.groups.groups.iter())
            .map(|g| self.danger_minus.importance(g).value)
            .collect();
        let size = self.groups.group_of.size();
        BoardMap::from_fn(size, |p| {
            self.groups.group_of[p].map_or(0.0, |g| value.get(g).copied().unwrap_or(0.0))
        })
    }
}

fn serialize_points<S: serde::Serializer>(set: &PointSet, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(|p| (p.x(), p.y())))
}

/// What an evaluation shares with the evaluations of positions one move
/// away ([`Evaluator::evaluate_shared`], [`Evaluator::child_value`]): its
/// weights, what its links were made of (the board, the candidate links
/// and the cut states with the points each depends on), its groups' rooms
/// and liberties ([`keisei_groups::analyse_sharing`]) and what the
/// influence model kept ([`Model::influence_recorded`]).
#[derive(Clone, Debug)]
pub struct Shared {
    weights: EffectiveWeights,
    memos: Memos,
}

/// The memos of one position's factors.
#[derive(Clone, Debug, Default)]
struct Memos {
    cuts: LinkMemo,
    influence: Option<InfluenceMemo>,
    groups: Option<SettledMemo>,
}

impl Shared {
    /// The weights of the shared position (children are valued with them).
    pub fn weights(&self) -> EffectiveWeights {
        self.weights
    }
}

/// The value of a position a move away: its terms, weighted terms and
/// total under the weights of the position it was reached from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildValue {
    /// The terms before weights.
    pub terms: Terms,
    /// The terms after weights.
    pub weighted: Terms,
    /// The total.
    pub total: f64,
}

/// What a run shares with runs on positions a move away.
enum Sharing<'a> {
    /// Nothing: every factor computed afresh.
    None,
    /// Everything computed afresh, keeping the links' candidates and cut
    /// states (each with its footprint), the groups' rooms and liberties,
    /// and the influence model's memo.
    Record(&'a mut Memos),
    /// The shared position's where the move leaves them alone.
    Reuse(&'a Shared),
}

/// Everything one run of the factors computed; the display-only maps
/// (zone blocks, attack-ease) only when the total needs them.
struct Core {
    links: Connections,
    territory: Territory,
    /// Each colour's territory a row at a time ([`owner_rows`]), made once
    /// for the influence and the attack-ease.
    owner_rows: OwnerRows,
    /// The zone blocks when made already: with the attack-ease territory
    /// model, or with the ellipse's restriction blocks.
    blocks: Option<Blocks>,
    attack_ease: Option<AttackEase>,
    groups: Groups,
    /// The stones that cannot be attacked (from the groups).
    unattackable: PointSet,
    /// Every group's importance and danger-minus; `None` for a child of a
    /// ranking, which needs only the totals (in `terms`).
    danger_minus: Option<DangerMinus>,
    block_danger: Option<Vec<BlockDanger>>,
    /// The influence with its maps; `None` for a child of a ranking, which
    /// needs only its summary.
    influence: Option<Influence>,
    dead: PointSet,
    weights: EffectiveWeights,
    terms: Terms,
    weighted: Terms,
    total: f64,
    /// The ownership map's and score's own judgment, near the end of a
    /// game where its thresholds are not the terms' (never for a child of
    /// a ranking).
    ownership_view: Option<Settled>,
    /// More than `ownership.settled-above` of the points settled (never for
    /// a child of a ranking).
    near_end: bool,
}

/// The evaluator: a configuration and the knowledge bases it uses.
pub struct Evaluator {
    /// The configuration.
    pub config: Config,
    eye_db: &'static EyeDb,
    eye_cache: SearchCache,
    connection_patterns: &'static ConnectionPatterns,
    removal: &'static RemovalRules,
    rooms: &'static RoomPatterns,
    model: Box<dyn Model + Send + Sync>,
}

impl std::fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evaluator")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// Seed 001 eq. 4's `C_str` by status: what a stone of each status is worth.
pub fn life_value(status: LifeStatus) -> f64 {
    match status {
        LifeStatus::UnconditionallyAlive => 1.0,
        LifeStatus::AliveEvenIfSecond => 0.75,
        LifeStatus::AliveIfFirst => 0.25,
        LifeStatus::Dead => -1.0,
    }
}

/// Seed 001 eq. 5's `C_lim` by coefficient: +1 connected whatever happens, 0
/// for a link its owner must answer, −1 cut.
pub fn link_value(coefficient: f64) -> f64 {
    if coefficient >= 1.0 {
        1.0
    } else if coefficient > 0.0 {
        0.0
    } else {
        -1.0
    }
}

impl Evaluator {
    /// An evaluator with the built-in knowledge bases.
    pub fn new(config: Config) -> Evaluator {
        let kind = match config.models.influence {
            InfluenceModel::Ellipse => ModelKind::Ellipse,
            InfluenceModel::Projection => ModelKind::Projection,
            InfluenceModel::Dots => ModelKind::Dots,
        };
        Evaluator {
            config,
            eye_db: builtin(),
            eye_cache: SearchCache::default(),
            connection_patterns: ConnectionPatterns::builtin(),
            removal: RemovalRules::builtin(),
            rooms: RoomPatterns::builtin(),
            model: keisei_influence::model(kind),
        }
    }

    /// Evaluates `board` (with `komi` for the score) with a fresh tactical
    /// reader ([`Reader::small`]: one position's readings fill a few
    /// hundred entries).
    pub fn evaluate(&self, board: &Board, komi: f64) -> Evaluation {
        self.evaluate_with(board, komi, &mut Reader::small(), None)
    }

    /// Evaluates `board`, reading with `reader`; with `weights`, those
    /// weights instead of the ones the position calls for (move ranking
    /// keeps the weights of the position it ranks moves in).
    pub fn evaluate_with(
        &self,
        board: &Board,
        komi: f64,
        reader: &mut Reader,
        weights: Option<EffectiveWeights>,
    ) -> Evaluation {
        let core = self.run(board, reader, weights, Sharing::None);
        self.complete(board, komi, core)
    }

    /// [`Evaluator::evaluate_with`] (the position's own weights), also
    /// keeping what evaluations of positions a move away can reuse
    /// ([`Evaluator::child_value`]). Slower than a plain evaluation: the cut
    /// readings record the points they depend on.
    pub fn evaluate_shared(
        &self,
        board: &Board,
        komi: f64,
        reader: &mut Reader,
    ) -> (Evaluation, Shared) {
        let mut memos = Memos::default();
        let core = self.run(board, reader, None, Sharing::Record(&mut memos));
        let shared = Shared {
            weights: core.weights,
            memos,
        };
        (self.complete(board, komi, core), shared)
    }

    /// The terms and total of `child`, a position reached from the shared
    /// one (by a move, with its captures), valued with the shared position's
    /// weights: what move ranking needs and nothing more (no ownership,
    /// score, or display-only maps), reusing every candidate link and cut
    /// state the move leaves alone. The same values as
    /// [`Evaluator::evaluate_with`] with those weights, up to what the
    /// reader's cache and budget make of positions read in another order.
    /// A `child` that is not one move from the shared position (another
    /// size, a setup change, several moves) is valued as correctly, with
    /// its links read afresh.
    pub fn child_value(&self, shared: &Shared, child: &Board, reader: &mut Reader) -> ChildValue {
        let core = self.run(child, reader, Some(shared.weights), Sharing::Reuse(shared));
        ChildValue {
            terms: core.terms,
            weighted: core.weighted,
            total: core.total,
        }
    }

    /// The evaluation users see: the core with every map, the ownership
    /// and the score.
    fn complete(&self, board: &Board, komi: f64, core: Core) -> Evaluation {
        let influence = core.influence.unwrap_or_else(|| {
            self.model.influence(&Context {
                board,
                strength: &core.groups.strength_map(board.size()),
                unattackable: &core.unattackable,
                dead: &core.dead,
                territory: &core.territory,
                given: Given {
                    owner_rows: Some(&core.owner_rows),
                    ..Given::default()
                },
            })
        });
        // The ownership's own settling, if any, with the influence of its
        // groups and territory; what a point under one colour's influence
        // counts.
        let own = &self.config.ownership;
        let point = if core.near_end {
            own.influence_near_end
        } else {
            own.influence
        };
        let (ownership, ownership_dead) = match &core.ownership_view {
            Some(view) => {
                let influence = self.model.influence(&Context {
                    board,
                    strength: &view.groups.strength_map(board.size()),
                    unattackable: &view.groups.unattackable(),
                    dead: &view.dead,
                    territory: &view.territory,
                    given: Given::default(),
                });
                let map = ownership(board, &view.territory, &influence, &view.dead, point);
                (map, view.dead)
            }
            None => (
                ownership(board, &core.territory, &influence, &core.dead, point),
                core.dead,
            ),
        };
        let score = match own.counting {
            Counting::Territory => score(board, &ownership, &ownership_dead),
            Counting::Area => area_score(&ownership),
        };
        let (blocks, attack_ease) = match (core.blocks, core.attack_ease) {
            (Some(b), Some(e)) => (b, e),
            (b, _) => self.ease(
                board,
                &core.unattackable,
                &core.territory,
                &core.owner_rows,
                b,
            ),
        };
        let danger_minus = core.danger_minus.unwrap_or_else(|| {
            let [black, white] = &influence.summary().under;
            danger_minus(
                board,
                &core.groups,
                &core.territory,
                Spheres { black, white },
                self.config.weights.influence,
            )
        });
        Evaluation {
            to_move: board.to_move(),
            links: core.links,
            territory: core.territory,
            blocks,
            attack_ease,
            groups: core.groups,
            danger_minus,
            block_danger: core.block_danger,
            influence,
            dead: core.dead,
            weights: core.weights,
            terms: core.terms,
            weighted: core.weighted,
            total: core.total,
            ownership,
            ownership_dead,
            score: score - komi,
        }
    }

    /// Seed 001's zone control blocks of the stones that cannot be attacked
    /// (`zone_blocks` when made already), and the attack-ease of territory
    /// (`owned`: its [`owner_rows`]) they give.
    fn ease(
        &self,
        board: &Board,
        unattackable: &PointSet,
        terr: &Territory,
        owned: &OwnerRows,
        zone_blocks: Option<Blocks>,
    ) -> (Blocks, AttackEase) {
        let zone_blocks = zone_blocks
            .unwrap_or_else(|| blocks(board, unattackable, BlockModel::Zone, self.removal));
        let params = AttackEaseParams::default();
        let ease = safe_attack_ease_of_rows(board, terr, owned, &zone_blocks, &params);
        (zone_blocks, ease)
    }

    /// Runs the factors the total needs (zone blocks and attack-ease only
    /// with the attack-ease territory model).
    fn run(
        &self,
        board: &Board,
        reader: &mut Reader,
        weights: Option<EffectiveWeights>,
        mut sharing: Sharing<'_>,
    ) -> Core {
        let patterns = self.connection_patterns;
        // A child holds the parent's links its move left alone by
        // reference (a hundred copies or so a child otherwise), and its
        // core keeps no link list (ranking reads only its terms): the
        // factors read its links in order through a list of references,
        // and those of the other runs straight from their list.
        let links = match &mut sharing {
            Sharing::None => connections_lean(board, patterns, reader),
            Sharing::Record(memos) => {
                let (links, recorded) = connections_recorded(board, patterns, reader);
                memos.cuts = recorded;
                links
            }
            Sharing::Reuse(shared) => {
                let shared: &Shared = shared;
                let shared_links =
                    connections_reusing_shared(board, patterns, reader, &shared.memos.cuts);
                let refs: Vec<&Link> = shared_links.iter().collect();
                return self.run_on(board, reader, weights, sharing, refs.iter().copied());
            }
        };
        let core = self.run_on(board, reader, weights, sharing, links.links.iter());
        Core { links, ..core }
    }

    /// [`Evaluator::run`] past the links, which it reads in order from
    /// `links` (the core's link list left empty).
    fn run_on<'a, I>(
        &self,
        board: &Board,
        reader: &mut Reader,
        weights: Option<EffectiveWeights>,
        mut sharing: Sharing<'_>,
        links: I,
    ) -> Core
    where
        I: Iterator<Item = &'a Link> + Clone,
    {
        let size = board.size();
        let cfg = &self.config;
        let params = GroupParams {
            unattackable_below: cfg.groups.unattackable_below,
            dead_above: cfg.groups.dead_above,
            dead_by_size: cfg.groups.dead_above_by_size,
            race_min_stones: cfg.groups.race_min_stones,
            ..GroupParams::default()
        };
        let knowledge = (self.eye_db, &self.eye_cache, self.rooms);
        let group_sharing = match &sharing {
            Sharing::None => SettledSharing::None,
            Sharing::Record(_) => SettledSharing::Record,
            Sharing::Reuse(shared) => shared
                .memos
                .groups
                .as_ref()
                .map_or(SettledSharing::None, SettledSharing::Reuse),
        };
        // One first reading of the groups serves every judgment of this
        // position: the terms' (with the middle game's threshold for
        // enclosed groups, and again with the phase's if that differs) and
        // the ownership's.
        let mut first = FirstReading::new(board, links.clone(), knowledge, &params, group_sharing);
        if let Sharing::Record(memos) = &mut sharing {
            memos.groups = first.take_memo();
        }
        // The game phase picks the threshold for enclosed groups: the one
        // given (a ranked child reads with its parent's weights), or else
        // that of the judgment with the middle game's threshold.
        let with_threshold = |phase: GamePhase| GroupParams {
            enclosed_dead_above: cfg.groups.enclosed_dead_above[phase.index()],
            ..params
        };
        let child = matches!(sharing, Sharing::Reuse(_));
        // What is left of the first reading for the ownership's judgment
        // (a child of a ranking has no ownership: nothing is kept).
        let mut reading = None;
        let (settled, terms_params) = match weights {
            Some(w) if child => {
                let p = with_threshold(w.phase);
                (first.settled_last(&p), p)
            }
            // The groups are lent to the judgment: a later one restores
            // them from its groups.
            Some(w) => {
                let p = with_threshold(w.phase);
                let settled = first.settled_lending(&p);
                reading = Some(first);
                (settled, p)
            }
            None => {
                let middle = with_threshold(GamePhase::Middle);
                let settled = first.settled_lending(&middle);
                let one_threshold = GamePhase::ALL.iter().all(|&f| with_threshold(f) == middle);
                let p = if one_threshold {
                    middle
                } else {
                    let phase = self
                        .weights_for(board, &settled.groups, &settled.territory)
                        .phase;
                    with_threshold(phase)
                };
                let settled = if p == middle {
                    settled
                } else {
                    first.restore(&settled.groups);
                    first.settled_lending(&p)
                };
                reading = Some(first);
                (settled, p)
            }
        };
        let Settled {
            groups,
            dead,
            territory: terr,
            ..
        } = settled;
        // The share of settled points serves the weights and the ownership.
        let share = settled_share(board, &groups, &terr, cfg);
        let weights = weights.unwrap_or_else(|| self.weights_with_share(board, &groups, share));
        // A position users see (not a child of a ranking) near the end of a
        // game is judged again for its ownership map and score with a
        // lower threshold for enclosed groups, and once finished with its
        // own dead thresholds by size.
        let own = &cfg.ownership;
        let near_end = !child && share > own.settled_above;
        // The ownership's thresholds: the terms', except near the end its
        // own for enclosed groups; where they differ, the first reading is
        // judged again with them.
        let mut own_params = terms_params;
        if near_end {
            own_params.enclosed_dead_above = own
                .enclosed_dead_above
                .min(terms_params.enclosed_dead_above);
            own_params.enclosed_by_size = own.enclosed_dead_above_by_size;
            // A finished position: its own dead thresholds by size, and its
            // own capturing-race guard.
            if share > own.finished_above {
                if !own.finished_dead_above_by_size.is_empty() {
                    own_params.dead_by_size = own.finished_dead_above_by_size;
                }
                own_params.race_min_stones = own.finished_race_min_stones;
            }
        }
        let ownership_view = match reading {
            Some(mut r) if !child && own_params != terms_params => {
                r.restore(&groups);
                Some(r.settled_last(&own_params))
            }
            _ => None,
        };
        let unattackable = groups.unattackable();
        // A position users see whose influence is not recorded, with the
        // ellipse model: its restriction blocks and the zone blocks made
        // together (each removal looked up once for both).
        let together = (matches!(sharing, Sharing::None)
            && self.model.kind() == ModelKind::Ellipse)
            .then(|| {
                let sets = board.point_sets();
                restriction_and_zone_blocks(size, &sets, &unattackable, &dead, self.removal)
            })
            .flatten();
        let (restriction, zone_blocks) = match together {
            Some([restriction, zone]) => (Some(restriction), Some(zone)),
            None => (None, None),
        };
        // Each colour's territory a row at a time, for the influence and
        // the attack-ease.
        let owned = owner_rows(&terr.map.row_major(), usize::from(size));
        let (zone_blocks, ease) = match cfg.models.territory {
            TerritoryModel::AttackEase => {
                let (b, e) = self.ease(board, &unattackable, &terr, &owned, zone_blocks);
                (Some(b), Some(e))
            }
            TerritoryModel::Enclosed => (zone_blocks, None),
        };
        // The strengths by group (no map of every point; the ellipse model
        // works out each group's initial source once) when the groups name
        // each stone's group on this board; else the strength map.
        let strengths: Vec<f64> = groups.groups.iter().map(|g| g.strength).collect();
        let by_group = groups.group_of.size() == size;
        let strength = if by_group {
            BoardMap::new(0, 0.0)
        } else {
            groups.strength_map(size)
        };
        debug_assert!(
            !by_group
                || groups.strength_map(size).iter().all(|(p, &s)| {
                    groups.group_of[p].map_or(0.0, |g| strengths[g]).to_bits() == s.to_bits()
                }),
            "the strengths by group are the strength map"
        );
        let ctx = Context {
            board,
            strength: &strength,
            unattackable: &unattackable,
            dead: &dead,
            territory: &terr,
            given: Given {
                restriction_blocks: restriction.as_ref(),
                owner_rows: Some(&owned),
                group_strengths: by_group.then_some(GroupStrengths {
                    group_of: &groups.group_of,
                    strengths: &strengths,
                }),
            },
        };
        // A child needs only the influence's summary (no maps).
        let (influence, summary) = match &mut sharing {
            Sharing::Record(memos) => {
                let (influence, recorded) = self.model.influence_recorded(&ctx);
                memos.influence = recorded;
                let summary = influence.summary();
                (Some(influence), summary)
            }
            Sharing::Reuse(shared) => match &shared.memos.influence {
                Some(memo) => (None, self.model.summary_reusing(&ctx, memo)),
                None => (None, self.model.influence(&ctx).summary()),
            },
            Sharing::None => {
                let (influence, summary) = self.model.influence_and_summary(&ctx);
                (Some(influence), summary)
            }
        };
        let spheres = Spheres {
            black: &summary.under[0],
            white: &summary.under[1],
        };
        // A child needs the totals only (the same sums).
        let (dm, dm_totals) = if matches!(sharing, Sharing::Reuse(_)) {
            let totals = danger_minus_totals(board, &groups, &terr, spheres, cfg.weights.influence);
            (None, totals)
        } else {
            let dm = danger_minus(board, &groups, &terr, spheres, cfg.weights.influence);
            let totals = (dm.black, dm.white);
            (Some(dm), totals)
        };
        let block_danger = (cfg.models.danger == DangerModel::Seed003).then(|| {
            let dots = keisei_influence::model(ModelKind::Dots).influence(&ctx);
            let values = dots.value.map(|v| *v as i8);
            let inputs: Vec<BlockInput> = dot_blocks(board, &dead, &values)
                .into_iter()
                .map(|b| BlockInput {
                    color: b.color,
                    stones: b.stones,
                    area: b.area,
                })
                .collect();
            block_danger(board, &inputs, &groups, &BlockDangerParams::default())
        });

        let mut terms = Terms {
            territory: match (cfg.models.territory, &ease) {
                (TerritoryModel::AttackEase, Some(ease)) => ease.net(),
                _ => terr.black as f64 - terr.white as f64,
            },
            influence: summary.net(),
            danger: match &block_danger {
                Some(bd) => bd
                    .iter()
                    .map(|b| f64::from(-b.color.sign()) * b.danger)
                    .sum(),
                None => dm_totals.1 - dm_totals.0,
            },
            ..Terms::default()
        };
        if cfg.composition == Composition::Seed001 {
            let status = life_status(board, &groups, reader);
            terms.life = board
                .points()
                .filter_map(|p| Some(f64::from(board.color(p)?.sign()) * life_value(status[p]?)))
                .sum();
            terms.connection = links
                .filter(|l| matches!(l.to, LinkEnd::Stone(_)))
                .map(|l| f64::from(l.color.sign()) * link_value(l.coefficient))
                .sum();
            terms.strength = groups
                .groups
                .iter()
                .map(|g| f64::from(g.color.sign()) * g.stones.len() as f64 * g.strength)
                .sum();
            terms.uninfluenced = uninfluenced(board, &terr, &summary);
        }
        let weighted = terms.weighted(&weights, cfg);
        let total = weighted.total(cfg.composition);
        Core {
            links: Connections::default(),
            territory: terr,
            owner_rows: owned,
            blocks: zone_blocks,
            attack_ease: ease,
            groups,
            unattackable,
            danger_minus: dm,
            block_danger,
            influence,
            dead,
            weights,
            terms,
            weighted,
            total,
            ownership_view,
            near_end,
        }
    }

    /// The weights a position calls for: seed 004's weak-group counts of the
    /// side to move and its opponent, and the share of settled points.
    pub fn weights_for(
        &self,
        board: &Board,
        groups: &Groups,
        terr: &Territory,
    ) -> EffectiveWeights {
        self.weights_with_share(
            board,
            groups,
            settled_share(board, groups, terr, &self.config),
        )
    }

    /// [`Evaluator::weights_for`] given the share of settled points
    /// ([`settled_share`] of the same groups and territory).
    fn weights_with_share(&self, board: &Board, groups: &Groups, settled: f64) -> EffectiveWeights {
        let cfg = &self.config;
        let to_move = board.to_move();
        let weak = |c: Color| {
            groups
                .groups
                .iter()
                .filter(|g| g.color == c && g.danger > cfg.groups.weak_above)
                .count()
        };
        cfg.effective((weak(to_move), weak(to_move.opponent())), settled)
    }
}

/// The share of settled points (the phase gate's, §8.2): territory and the
/// stones of groups that are not weak, over the board's points.
fn settled_share(board: &Board, groups: &Groups, terr: &Territory, cfg: &Config) -> f64 {
    let settled_stones: usize = groups
        .groups
        .iter()
        .filter(|g| g.danger <= cfg.groups.weak_above)
        .map(|g| g.stones.len())
        .sum();
    (terr.black + terr.white + settled_stones) as f64 / board.area() as f64
}

/// Seed 001 eq. 7: each empty point neither territory nor under influence
/// counts `W = (d_w − d_b)/(d_w + d_b)`, where `d_b`, `d_w` are the Manhattan
/// distances to the nearest Black and White stone (a point nearer Black
/// counts for Black).
fn uninfluenced(board: &Board, terr: &Territory, influence: &Summary) -> f64 {
    let black: Vec<Point> = board
        .points()
        .filter(|&p| board.color(p) == Some(Color::Black))
        .collect();
    let white: Vec<Point> = board
        .points()
        .filter(|&p| board.color(p) == Some(Color::White))
        .collect();
    if black.is_empty() || white.is_empty() {
        return 0.0;
    }
    let nearest =
        |p: Point, stones: &[Point]| stones.iter().map(|&s| p.manhattan(s)).min().unwrap_or(0);
    board
        .points()
        .filter(|&p| {
            board.is_empty(p)
                && terr.owner(p).is_none()
                && !influence.under.iter().any(|u| u.contains(p))
        })
        .map(|p| {
            let (db, dw) = (f64::from(nearest(p, &black)), f64::from(nearest(p, &white)));
            if db + dw > 0.0 {
                (dw - db) / (dw + db)
            } else {
                0.0
            }
        })
        .sum()
}

/// The ownership map in [-1, 1] from Black's point of view: living stones
/// and territory ±1, stones judged dead ∓1, points under one colour's
/// influence ±`point` (0 under both), anything else 0.
pub fn ownership(
    board: &Board,
    terr: &Territory,
    influence: &Influence,
    dead: &PointSet,
    point: f64,
) -> BoardMap<f64> {
    let size = board.size();
    let n = usize::from(size);
    let (owners, unders) = (terr.map.row_major(), influence.under.row_major());
    let [black, white] = board.point_sets().stones;
    // What an empty point is worth by whose territory and whose influence
    // it is (`ownership_at` with no stone), by `owner * 4 + under`
    // (the variants' declaration order, asserted below `ownership`).
    let empty: [f64; 12] = std::array::from_fn(|i| {
        let owner = [Owner::None, Owner::Black, Owner::White][i / 4];
        let under = [Under::None, Under::Black, Under::White, Under::Both][i % 4];
        ownership_at(None, false, owner, under, point)
    });
    // Every point valued as an empty one off its territory and influence
    // (in one pass over both maps), then the stones by their bits a row at
    // a time (live or dead).
    let mut out: Vec<f64> = owners
        .iter()
        .zip(unders.iter())
        .map(|(&owner, &under)| empty[(owner as usize * 4 + under as usize) % 12])
        .collect();
    for (y, values) in out.chunks_exact_mut(n.max(1)).enumerate().take(n) {
        let y = y as u8;
        let (b, w, d) = (black.row_bits(y), white.row_bits(y), dead.row_bits(y));
        for (stones, color) in [(b, Color::Black), (w, Color::White)] {
            let mut bits = stones;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(v) = values.get_mut(x) {
                    *v = ownership_at(
                        Some(color),
                        d >> x & 1 != 0,
                        Owner::None,
                        Under::None,
                        point,
                    );
                }
            }
        }
    }
    BoardMap::from_vec(size, out)
}

// `ownership`'s table of empty points is indexed by the variants'
// declaration order.
const _: () = assert!(
    Owner::None as usize == 0
        && Owner::Black as usize == 1
        && Owner::White as usize == 2
        && Under::None as usize == 0
        && Under::Black as usize == 1
        && Under::White as usize == 2
        && Under::Both as usize == 3
);

/// [`ownership`] at one point: what stone it holds, whether it is dead,
/// whose territory it is and who has influence over it.
#[inline]
fn ownership_at(stone: Option<Color>, dead: bool, owner: Owner, under: Under, point: f64) -> f64 {
    match stone {
        Some(c) if dead => -f64::from(c.sign()),
        Some(c) => f64::from(c.sign()),
        None => match owner {
            Owner::Black => 1.0,
            Owner::White => -1.0,
            Owner::None => match under {
                Under::Black => point,
                Under::White => -point,
                Under::Both | Under::None => 0.0,
            },
        },
    }
}

/// The score estimate before komi, Chinese style (area counting): every
/// point of the board to its owner, stones included, prisoners not — the
/// sum of the ownership map. On any board it differs from [`score`] by
/// Black's stones on the board less White's, less Black's prisoners plus
/// White's.
pub fn area_score(own: &BoardMap<f64>) -> f64 {
    own.iter().map(|(_, &v)| v).sum()
}

/// The score estimate before komi, Japanese style: the ownership of the
/// empty points, two points per dead stone (a prisoner and its point) to the
/// side that takes it, and the prisoners already taken.
pub fn score(board: &Board, own: &BoardMap<f64>, dead: &PointSet) -> f64 {
    let size = board.size();
    let n = usize::from(size);
    // The empty points' values in point order, a row of the map at a time
    // with the row's empty points as bits.
    let empty: f64 = if own.size() == size {
        let values = own.row_major();
        let empty = board.point_sets().empty;
        values
            .chunks_exact(n.max(1))
            .enumerate()
            .flat_map(|(y, row)| {
                let mut bits = empty.row_bits(y as u8);
                std::iter::from_fn(move || {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits.wrapping_sub(1);
                    row.get(x).copied()
                })
            })
            .sum()
    } else {
        board
            .points()
            .filter(|&p| board.is_empty(p))
            .map(|p| own[p])
            .sum()
    };
    let dead_points: f64 = dead
        .iter()
        .filter_map(|p| board.color(p))
        .map(|c| -2.0 * f64::from(c.sign()))
        .sum();
    let prisoners =
        f64::from(board.captures(Color::Black)) - f64::from(board.captures(Color::White));
    empty + dead_points + prisoners
}
