//! The evaluation configuration: which model per factor, the weights, and
//! seed 004's situation-dependent weight tables, read from TOML or JSON with
//! located errors.

use keisei_board::diag::{Location, SourceError};
use keisei_groups::DeadBySize;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The built-in configuration file (the defaults, documented).
pub const DEFAULT_TOML: &str = include_str!("../config/default.toml");

/// How the terms are composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Composition {
    /// Seed 000 eq. 1: `territory + w_i·influence + w_m·danger-minus`.
    #[default]
    Seed000,
    /// Seed 001 eq. 9: territory + influence + others.
    Seed001,
}

/// How the score counts a position's points (`ownership.counting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Counting {
    /// Japanese: territory and prisoners (a dead stone is two points to
    /// the side that takes it).
    #[default]
    Territory,
    /// Chinese: every point of the board to its owner, living stones
    /// included, prisoners not (the sum of the ownership map).
    Area,
}

/// The territory model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TerritoryModel {
    /// Points enclosed (seed 000 §3.1).
    #[default]
    Enclosed,
    /// Enclosed points weighted by attack-ease G (seed 001 §3.1).
    AttackEase,
}

/// The influence model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum InfluenceModel {
    /// Seed 000 §3.2: counts points under influence, the unit of seed 000's
    /// weights.
    #[default]
    Ellipse,
    /// Seed 001 §3.2: sums influence strengths.
    Projection,
    /// Seed 003.
    Dots,
}

/// The danger model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DangerModel {
    /// Seed 000: danger × importance.
    #[default]
    Seed000,
    /// Seed 003: block danger in points.
    Seed003,
}

/// Which model computes each factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Models {
    /// Territory.
    pub territory: TerritoryModel,
    /// Influence.
    pub influence: InfluenceModel,
    /// Danger.
    pub danger: DangerModel,
}

/// The weights of the terms.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Weights {
    /// Territory.
    pub territory: f64,
    /// Influence (`w_i`).
    pub influence: f64,
    /// Danger-minus (`w_m`).
    pub danger: f64,
    /// Seed 001: per-stone life status (`C_str`).
    pub life: f64,
    /// Seed 001: connection and cut states (`C_lim`).
    pub connection: f64,
    /// Seed 001: group strength (`C_gro`).
    pub strength: f64,
    /// Seed 001: uninfluenced empty points (`C_n`).
    pub uninfluenced: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            territory: 1.0,
            influence: 0.7995,
            danger: 0.3251,
            life: 1.0,
            connection: 0.5,
            strength: 1.0,
            uninfluenced: 0.2,
        }
    }
}

/// Thresholds on group danger.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct GroupThresholds {
    /// Below this a group cannot be attacked.
    pub unattackable_below: f64,
    /// Above this a group is weak (seed 004's weak points, applied to Go).
    pub weak_above: f64,
    /// At or above this a group is dead: its stones count for the other
    /// side in territory, ownership and score.
    pub dead_above: f64,
    /// Dead thresholds by group size, which replace `dead_above` where they
    /// are given: `[stones, threshold]` steps, by increasing number of
    /// stones; a group takes the threshold of the last step its size
    /// reaches (`dead-above` below the first). The terms, the ownership
    /// map and the score judge dead stones with them alike
    /// (`algorithms.md` §8.3).
    pub dead_above_by_size: DeadBySize,
    /// At or above this a group lying inside the other colour's territory
    /// (and not winning the capturing race with the chains next to it) is
    /// dead as well, by game phase: opening, middle, late
    /// (`algorithms.md` §8.1 step 3).
    pub enclosed_dead_above: [f64; 3],
    /// A group of at least this many stones judged dead lives if it wins a
    /// capturing race, counted by liberties, with an eyeless enemy chain
    /// next to it; 0 turns the guard off (`algorithms.md` §8.1 step 3, item 6).
    pub race_min_stones: usize,
}

impl Default for GroupThresholds {
    fn default() -> GroupThresholds {
        GroupThresholds {
            unattackable_below: 0.2,
            weak_above: 0.5,
            dead_above: 0.7,
            dead_above_by_size: DeadBySize::new(&[
                (1, 0.4),
                (4, 0.6),
                (6, 0.7),
                (8, 0.85),
                (12, 0.9),
                (20, 0.95),
            ])
            .expect("valid steps"),
            enclosed_dead_above: [0.7, 0.7, 0.7],
            race_min_stones: 6,
        }
    }
}

/// Adjustments by number of weak groups: 0, 1, 2, 3, 4 or more. A table
/// written in a file gives all three rows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjustments {
    /// Added to the territory weight.
    pub territory: [f64; 5],
    /// Added to the influence weight.
    pub influence: [f64; 5],
    /// Added to the danger weight.
    pub danger: [f64; 5],
}

/// Seed 004's situation-dependent weights.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Situation {
    /// Whether to apply them.
    pub enabled: bool,
    /// By the side to move's weak groups.
    pub own: Adjustments,
    /// By its opponent's weak groups.
    pub opponent: Adjustments,
}

impl Default for Situation {
    /// The tables of `config/default.toml`.
    fn default() -> Situation {
        Situation {
            enabled: true,
            own: Adjustments {
                territory: [0.0, -0.1, -0.2, -0.3, -0.4],
                influence: [-0.2155, 0.1067, -0.2693, -0.325, -0.2977],
                danger: [0.0846, 0.0814, 0.0667, 0.3621, 0.3347],
            },
            opponent: Adjustments {
                territory: [0.0, 0.0, -0.1, -0.1, -0.2],
                influence: [0.1335, 0.0806, 0.0322, 0.1571, 0.1961],
                danger: [0.0369, 0.0084, 0.1971, 0.2104, 0.276],
            },
        }
    }
}

/// The game phase, from the share of settled points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GamePhase {
    /// Fewer than `opening-below` settled.
    Opening,
    /// Between.
    Middle,
    /// More than `late-above` settled.
    Late,
}

impl GamePhase {
    /// Every phase, in the order of the gate's multipliers.
    pub const ALL: [GamePhase; 3] = [GamePhase::Opening, GamePhase::Middle, GamePhase::Late];

    /// The index of the phase's multiplier: 0 opening, 1 middle, 2 late.
    pub fn index(self) -> usize {
        match self {
            GamePhase::Opening => 0,
            GamePhase::Middle => 1,
            GamePhase::Late => 2,
        }
    }
}

/// The phase gate: multipliers per phase (opening, middle, late).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct Phase {
    /// Below this share of settled points: opening.
    pub opening_below: f64,
    /// Above it: late.
    pub late_above: f64,
    /// Territory multipliers.
    pub territory: [f64; 3],
    /// Influence multipliers.
    pub influence: [f64; 3],
    /// Danger multipliers.
    pub danger: [f64; 3],
}

impl Default for Phase {
    /// The gate of `config/default.toml`.
    fn default() -> Phase {
        Phase {
            opening_below: 0.15,
            late_above: 0.45,
            territory: [0.8, 1.0, 1.5],
            influence: [1.0252, 0.1613, 0.8199],
            danger: [1.0062, 1.1589, 0.6707],
        }
    }
}

impl Phase {
    /// The phase for a share of settled points.
    pub fn of(&self, settled: f64) -> GamePhase {
        if settled < self.opening_below {
            GamePhase::Opening
        } else if settled > self.late_above {
            GamePhase::Late
        } else {
            GamePhase::Middle
        }
    }
}

/// How moves are ranked beyond the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Ranking {
    /// The weight of seed 002's move log-probability (the combined score of
    /// the candidates crate) added to a move's value when ranking with a
    /// move-probability table. Without a table the term is 0 for every move
    /// and this weight changes nothing.
    pub prior: f64,
}

impl Default for Ranking {
    fn default() -> Ranking {
        Ranking { prior: 5.2091 }
    }
}

/// The ownership map and the score estimate: a judgment of points, not a
/// term (`algorithms.md` §8.3). None of it changes the terms, the total or
/// move ranking.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct Ownership {
    /// A position with more than this share of its points settled (as the
    /// phase gate counts them) is near its end.
    pub settled_above: f64,
    /// Near the end, a group with this much danger lying inside the other
    /// colour's territory is dead for the ownership and the score
    /// (`Evaluation::ownership_dead`). Where it is lower than the terms'
    /// `groups.enclosed-dead-above`, the position (one users see, never a
    /// child of a ranking) is settled once more with it; at or above it,
    /// it has no effect.
    pub enclosed_dead_above: f64,
    /// What an empty point under one colour's influence only (neither
    /// territory nor under both) counts, in [0, 1].
    pub influence: f64,
    /// The same near the end.
    pub influence_near_end: f64,
    /// How the score counts: territory (Japanese, the default) or area
    /// (Chinese). Nothing else depends on it.
    pub counting: Counting,
    /// A position with more than this share of its points settled is
    /// finished or nearly (its last moves are dame and small boundaries).
    pub finished_above: f64,
    /// In a finished position, dead thresholds by group size that replace
    /// `groups.dead-above-by-size` for the ownership and the score (the
    /// same kind of steps; `[]` keeps the groups' table). Calibrated on GNU
    /// Go's dead stones of finished games: there, groups of 8 to 19 stones
    /// with danger 0.5–0.85 are mostly dead and groups of 20 or more
    /// mostly alive (`algorithms.md` §8.3).
    pub finished_dead_above_by_size: DeadBySize,
    /// Near the end, thresholds by group size that replace
    /// `enclosed-dead-above` (the steps of `groups.dead-above-by-size`): a
    /// big group inside the other colour's territory needs more danger to
    /// be dead.
    pub enclosed_dead_above_by_size: DeadBySize,
    /// In a finished position, the capturing-race guard's fewest stones
    /// for the ownership and the score, in place of
    /// `groups.race-min-stones`; 0 (the default) turns it off: the races
    /// are over, and a dead group's liberties beside a short chain of the
    /// wall around it say nothing of them (`algorithms.md` §8.1 step 3, item 6).
    pub finished_race_min_stones: usize,
}

impl Default for Ownership {
    fn default() -> Ownership {
        Ownership {
            settled_above: 0.7,
            enclosed_dead_above: 0.1,
            influence: 0.5,
            influence_near_end: 1.0,
            counting: Counting::Territory,
            finished_above: 0.9,
            finished_dead_above_by_size: DeadBySize::new(&[
                (1, 0.4),
                (8, 0.5),
                (12, 0.6),
                (20, 1.0),
            ])
            .expect("valid steps"),
            enclosed_dead_above_by_size: DeadBySize::new(&[(8, 0.7)]).expect("valid steps"),
            finished_race_min_stones: 0,
        }
    }
}

/// The whole configuration. Every key of a file is optional; a missing key
/// takes the value of `config/default.toml` (a test keeps the file and the
/// types' defaults equal).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// How terms are composed.
    pub composition: Composition,
    /// The model of each factor.
    pub models: Models,
    /// The weights.
    pub weights: Weights,
    /// Group danger thresholds.
    pub groups: GroupThresholds,
    /// Seed 004's tables.
    pub situation: Situation,
    /// The phase gate.
    pub phase: Phase,
    /// Move ranking.
    pub ranking: Ranking,
    /// The ownership map and the score estimate.
    pub ownership: Ownership,
}

/// The weights in effect for one position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EffectiveWeights {
    /// Territory.
    pub territory: f64,
    /// Influence.
    pub influence: f64,
    /// Danger.
    pub danger: f64,
    /// The phase that applied.
    pub phase: GamePhase,
    /// Weak groups of the side to move and of its opponent.
    pub weak: (usize, usize),
}

impl Config {
    /// Parses TOML; errors name `name`, line, column and show a caret.
    pub fn from_toml(name: &str, text: &str) -> Result<Config, SourceError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            SourceError::at_offset(name, text, offset, e.message().to_string())
        })?;
        config
            .validate()
            .map_err(|(key, message)| locate(name, text, &key, message))?;
        Ok(config)
    }

    /// Parses JSON; errors name `name`, line and column.
    pub fn from_json(name: &str, text: &str) -> Result<Config, SourceError> {
        let config: Config = serde_json::from_str(text).map_err(|e| {
            let loc = json_location(text, e.line(), e.column());
            SourceError::at_location(name, text, loc, e.to_string())
        })?;
        config
            .validate()
            .map_err(|(key, message)| locate(name, text, &key, message))?;
        Ok(config)
    }

    /// Reads a file: `.json` as JSON, anything else as TOML.
    pub fn load(path: &Path) -> Result<Config, SourceError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            SourceError::new(&name, Location::new(1, 1), "", format!("cannot read: {e}"))
        })?;
        if path.extension().is_some_and(|e| e == "json") {
            Config::from_json(&name, &text)
        } else {
            Config::from_toml(&name, &text)
        }
    }

    /// The configuration as TOML.
    ///
    /// # Panics
    /// Never in practice: the configuration is plain data.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("plain data serialises")
    }

    /// Checks the values a type cannot: weights and thresholds not negative,
    /// thresholds in order, multipliers not negative. Returns the offending
    /// key and a message.
    fn validate(&self) -> Result<(), (String, String)> {
        let w = &self.weights;
        for (key, v) in [
            ("territory", w.territory),
            ("influence", w.influence),
            ("danger", w.danger),
            ("life", w.life),
            ("connection", w.connection),
            ("strength", w.strength),
            ("uninfluenced", w.uninfluenced),
        ] {
            if !v.is_finite() || v < 0.0 {
                return Err((
                    format!("weights.{key}"),
                    format!("weight `{key}` is {v}; expected a number of 0 or more"),
                ));
            }
        }
        if !self.ranking.prior.is_finite() || self.ranking.prior < 0.0 {
            return Err((
                "ranking.prior".to_string(),
                format!(
                    "ranking weight `prior` is {}; expected a number of 0 or more",
                    self.ranking.prior
                ),
            ));
        }
        let g = &self.groups;
        let [e0, e1, e2] = g.enclosed_dead_above;
        for (key, v) in [
            ("groups.unattackable-below", g.unattackable_below),
            ("groups.weak-above", g.weak_above),
            ("groups.dead-above", g.dead_above),
            ("groups.enclosed-dead-above", e0),
            ("groups.enclosed-dead-above", e1),
            ("groups.enclosed-dead-above", e2),
            (
                "ownership.enclosed-dead-above",
                self.ownership.enclosed_dead_above,
            ),
            ("ownership.settled-above", self.ownership.settled_above),
            ("ownership.finished-above", self.ownership.finished_above),
            ("ownership.influence", self.ownership.influence),
            (
                "ownership.influence-near-end",
                self.ownership.influence_near_end,
            ),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err((
                    key.to_string(),
                    format!("`{key}` is {v}; expected a value in [0, 1]"),
                ));
            }
        }
        for (key, table) in [
            ("groups.dead-above-by-size", &g.dead_above_by_size),
            (
                "ownership.finished-dead-above-by-size",
                &self.ownership.finished_dead_above_by_size,
            ),
            (
                "ownership.enclosed-dead-above-by-size",
                &self.ownership.enclosed_dead_above_by_size,
            ),
        ] {
            for (i, &(stones, v)) in table.steps().iter().enumerate() {
                if !(0.0..=1.0).contains(&v) {
                    return Err((
                        key.to_string(),
                        format!(
                            "`{key}` step {} ({stones} stones) has threshold {v}; expected a value in [0, 1]",
                            i + 1
                        ),
                    ));
                }
            }
        }
        let p = &self.phase;
        if !(0.0 <= p.opening_below && p.opening_below <= p.late_above && p.late_above <= 1.0) {
            return Err((
                "phase.opening-below".to_string(),
                format!(
                    "phase thresholds must satisfy 0 <= opening-below <= late-above <= 1; found {} and {}",
                    p.opening_below, p.late_above
                ),
            ));
        }
        for (key, m) in [
            ("territory", p.territory),
            ("influence", p.influence),
            ("danger", p.danger),
        ] {
            if m.iter().any(|v| !v.is_finite() || *v < 0.0) {
                return Err((
                    format!("phase.{key}"),
                    format!("phase multipliers of `{key}` must be 0 or more"),
                ));
            }
        }
        Ok(())
    }

    /// The weights in effect for a position: base + seed 004's adjustments
    /// for `weak` = (side to move's weak groups, opponent's), clamped at 0,
    /// times the phase multiplier for the share `settled` of settled points.
    pub fn effective(&self, weak: (usize, usize), settled: f64) -> EffectiveWeights {
        self.effective_in(weak, self.phase.of(settled))
    }

    /// The effective weights for the given weak-group counts in a known
    /// phase (see [`Config::effective`]).
    pub fn effective_in(&self, weak: (usize, usize), phase: GamePhase) -> EffectiveWeights {
        let k = phase.index();
        let (own, opp) = (weak.0.min(4), weak.1.min(4));
        let adjust = |base: f64, o: [f64; 5], p: [f64; 5]| -> f64 {
            if self.situation.enabled {
                (base + o[own] + p[opp]).max(0.0)
            } else {
                base
            }
        };
        let s = &self.situation;
        EffectiveWeights {
            territory: adjust(
                self.weights.territory,
                s.own.territory,
                s.opponent.territory,
            ) * self.phase.territory[k],
            influence: adjust(
                self.weights.influence,
                s.own.influence,
                s.opponent.influence,
            ) * self.phase.influence[k],
            danger: adjust(self.weights.danger, s.own.danger, s.opponent.danger)
                * self.phase.danger[k],
            phase,
            weak,
        }
    }
}

/// An error for `key`: where the first line sets it (TOML `key =`, JSON
/// `"key":`), else at the start.
/// The place of a `serde_json` error: it counts columns in bytes, and
/// diagnostics count characters (a name in Japanese before the error would
/// put the caret past the end of the line).
fn json_location(text: &str, line: usize, byte_column: usize) -> Location {
    let line = line.max(1);
    let Some(l) = text.split('\n').nth(line - 1) else {
        return Location::new(line, 1);
    };
    let mut b = byte_column.saturating_sub(1).min(l.len());
    while !l.is_char_boundary(b) {
        b -= 1;
    }
    Location::new(line, l[..b].chars().count() + 1)
}

/// The error `message` placed at `key` of the file's text: `section.key` is
/// looked for after the section's header (`[section]` in TOML, `"section"`
/// in JSON); a key no line holds places the error at the start.
fn locate(name: &str, text: &str, key: &str, message: String) -> SourceError {
    let (section, key) = match key.split_once('.') {
        Some((section, key)) => (Some(section), key),
        None => (None, key),
    };
    let quoted = format!("\"{key}\"");
    // The line the section starts at (the whole file without one).
    let start = section.map_or(0, |sec| {
        let (header, json) = (format!("[{sec}]"), format!("\"{sec}\""));
        text.lines()
            .position(|l| l.trim() == header || l.contains(&json))
            .unwrap_or(0)
    });
    for (i, line) in text.lines().enumerate().skip(start) {
        let t = line.trim_start();
        let byte = if t.starts_with(key) && t[key.len()..].trim_start().starts_with('=') {
            Some(line.len() - t.len())
        } else {
            line.find(&quoted)
                .filter(|&j| line[j + quoted.len()..].trim_start().starts_with(':'))
        };
        if let Some(b) = byte {
            let col = line[..b].chars().count() + 1;
            return SourceError::new(name, Location::new(i + 1, col), line, message);
        }
    }
    SourceError::at_offset(name, text, 0, message)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::float_cmp)] // exact values read from a file
    use super::*;

    #[test]
    fn json_errors_are_placed_in_characters() {
        // `黒` is three bytes and one character: the error after it is
        // where it is after a one-byte `k`.
        let place = |text: &str| Config::from_json("c.json", text).unwrap_err().location();
        for (wide, narrow) in [
            ("{\"黒\": 1}", "{\"k\": 1}"),
            ("{\"ranking\": {\"黒\": x}}", "{\"ranking\": {\"k\": x}}"),
        ] {
            assert_eq!(place(wide), place(narrow), "{wide}");
            assert!(place(wide).column > 1);
        }
        assert_eq!(json_location("ab\ncd", 2, 3), Location::new(2, 3));
        assert_eq!(json_location("ab", 1, 9), Location::new(1, 3));
        assert_eq!(json_location("ab", 5, 1), Location::new(5, 1));
    }

    #[test]
    fn the_built_in_file_is_the_default() {
        let file = Config::from_toml("config/default.toml", DEFAULT_TOML).unwrap();
        assert_eq!(file, Config::default());
        assert_eq!(
            Config::from_toml("empty.toml", "").unwrap(),
            Config::default()
        );
        // TOML written by `to_toml` reads back the same.
        assert_eq!(
            Config::from_toml("round.toml", &file.to_toml()).unwrap(),
            file
        );
    }

    /// The hand-set values of the first configuration (before tuning), which
    /// the mechanism tests are written against.
    fn hand_set() -> Config {
        Config {
            weights: Weights {
                influence: 0.8,
                danger: 0.4,
                ..Weights::default()
            },
            situation: Situation {
                enabled: true,
                own: Adjustments {
                    territory: [0.0, -0.1, -0.2, -0.3, -0.4],
                    influence: [0.0, -0.1, -0.2, -0.3, -0.4],
                    danger: [0.0, 0.1, 0.2, 0.3, 0.4],
                },
                opponent: Adjustments {
                    territory: [0.0, 0.0, -0.1, -0.1, -0.2],
                    influence: [0.0, 0.1, 0.1, 0.2, 0.2],
                    danger: [0.0, 0.1, 0.2, 0.2, 0.3],
                },
            },
            phase: Phase {
                territory: [0.8, 1.0, 1.5],
                influence: [1.0, 1.0, 0.6],
                danger: [1.0, 1.0, 1.0],
                ..Phase::default()
            },
            ..Config::default()
        }
    }

    #[test]
    fn seed004_example_weights() {
        // Seed 004's worked example shape: base + own[3] + opponent[2], clamped at 0.
        let base = hand_set();
        let mut c = Config {
            phase: Phase {
                territory: [1.0; 3],
                influence: [1.0; 3],
                ..base.phase
            },
            ..base
        };
        let w = c.effective((3, 2), 0.3);
        assert!((w.territory - (1.0 - 0.3 - 0.1)).abs() < 1e-12);
        assert!((w.influence - (0.8 - 0.3 + 0.1)).abs() < 1e-12);
        assert!((w.danger - (0.4 + 0.3 + 0.2)).abs() < 1e-12);
        // A weight that falls below 0 is 0.
        c.situation.own.influence = [0.0, -1.0, -1.0, -1.0, -1.0];
        assert!(c.effective((1, 0), 0.3).influence.abs() < f64::EPSILON);
        // 4 or more weak groups share the last column.
        let (nine, four) = (c.effective((9, 0), 0.3), c.effective((4, 0), 0.3));
        assert_eq!(
            (nine.territory, nine.influence, nine.danger),
            (four.territory, four.influence, four.danger)
        );
    }

    #[test]
    fn the_phase_gate_raises_territory_late() {
        let c = hand_set();
        let early = c.effective((0, 0), 0.05);
        let late = c.effective((0, 0), 0.8);
        assert_eq!(early.phase, GamePhase::Opening);
        assert_eq!(late.phase, GamePhase::Late);
        assert!(late.territory > early.territory);
    }
}
