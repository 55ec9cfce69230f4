//! `keisei groups FILE.sgf [--move N] [--json]`.

use crate::args::PositionArgs;
use crate::cmd::{Result, load_position};
use crate::out::{out, outln};
use keisei_board::reading::Reader;
use keisei_board::{BoardMap, Color, Point, PointSet};
use keisei_evaluate::{Config, Evaluator};
use keisei_groups::{LifeStatus, life_status};
use serde::Serialize;

#[derive(Serialize)]
struct RegionJson {
    points: Vec<String>,
    value: String,
    source: String,
}

#[derive(Serialize)]
struct GroupJson {
    id: usize,
    color: Color,
    stones: Vec<String>,
    eye_regions: Vec<RegionJson>,
    eyes: String,
    eye_count: f64,
    certainty: f64,
    rooms: usize,
    room: f64,
    own_strength: f64,
    linked: Vec<usize>,
    strength: f64,
    l4: usize,
    l4_total: f64,
    encirclement: f64,
    danger: f64,
    /// Seed 000 §3.3.5: `2·C1 + 2·C2 + C3 + w_i·C4 + (1 − w_i)·C5`.
    importance: f64,
    /// Danger × importance.
    danger_minus: f64,
    /// The weakest life status among the group's stones.
    status: LifeStatus,
}

#[derive(Serialize)]
struct GroupsJson {
    size: u8,
    move_number: usize,
    groups: Vec<GroupJson>,
    /// Per point: the strength of the stone's group (0 on empty points), rows top first.
    strength: BoardMap<f64>,
    /// Per point: the danger of the stone's group.
    danger: BoardMap<f64>,
    /// Per point: `U`, `A`, `F`, `D` (see `status`) or `.`.
    status: Vec<String>,
}

fn rank(s: LifeStatus) -> u8 {
    match s {
        LifeStatus::Dead => 0,
        LifeStatus::AliveIfFirst => 1,
        LifeStatus::AliveEvenIfSecond => 2,
        LifeStatus::UnconditionallyAlive => 3,
    }
}

pub(crate) fn run(args: &PositionArgs, json: bool) -> Result<()> {
    let (_, pos) = load_position(args)?;
    let board = &pos.board;
    let size = board.size();
    // The groups of the evaluation pipeline: importance needs the influence
    // map, which needs the groups (docs/architecture.md).
    let evaluation = Evaluator::new(Config::default()).evaluate(board, pos.komi);
    let groups = &evaluation.groups;
    let dm = &evaluation.danger_minus;
    let mut reader = Reader::new();
    let status = life_status(board, groups, &mut reader);
    let vertices =
        |set: &PointSet| -> Vec<String> { set.iter().map(|p: Point| p.to_gtp(size)).collect() };
    let list: Vec<GroupJson> = groups
        .groups
        .iter()
        .map(|g| GroupJson {
            id: g.id,
            color: g.color,
            stones: vertices(&g.stones),
            eye_regions: g
                .eye_regions
                .iter()
                .map(|r| RegionJson {
                    points: vertices(&r.points),
                    value: r.value.to_string(),
                    source: r.source.to_string(),
                })
                .collect(),
            eyes: g.eyes.to_string(),
            eye_count: g.eye_count,
            certainty: g.certainty,
            rooms: g.rooms,
            room: g.room,
            own_strength: g.own_strength,
            linked: g.linked.clone(),
            strength: g.strength,
            l4: g.l4,
            l4_total: g.l4_total,
            encirclement: g.encirclement,
            danger: g.danger,
            importance: dm.importance(g).value,
            danger_minus: dm.per_group.get(g.id).copied().unwrap_or(0.0),
            status: g
                .stones
                .iter()
                .filter_map(|s| status[s])
                .min_by_key(|&s| rank(s))
                .unwrap_or(LifeStatus::Dead),
        })
        .collect();
    if json {
        let j = GroupsJson {
            size,
            move_number: pos.move_number,
            groups: list,
            strength: groups.strength_map(size),
            danger: groups.danger_map(size),
            status: status
                .rows()
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|s| s.map_or('.', LifeStatus::symbol))
                        .collect()
                })
                .collect(),
        };
        outln!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    outln!(
        "{} groups (strength, encirclement and danger in [0,1]; seed 000 §3.3):",
        list.len()
    );
    outln!(
        "id colour stones first eyes  certainty room  strength L4    encircl. danger importance minus  status"
    );
    for g in &list {
        outln!(
            "{:<2} {:<6} {:<6} {:<5} {:<5} {:<9.2} {:<5.3} {:<8.2} {:<5} {:<8.2} {:<6.3} {:<10.1} {:<6.2} {:?}",
            g.id,
            g.color.to_string(),
            g.stones.len(),
            g.stones.first().map_or("", String::as_str),
            g.eyes,
            g.certainty,
            g.room,
            g.strength,
            g.l4_total,
            g.encirclement,
            g.danger,
            g.importance,
            g.danger_minus,
            g.status
        );
        for r in &g.eye_regions {
            outln!(
                "     eye region {} {} ({}): {}",
                r.points.len(),
                r.value,
                r.source,
                r.points.join(" ")
            );
        }
        if !g.linked.is_empty() {
            outln!("     linked (0.5) to {:?}", g.linked);
        }
    }
    outln!("\nStrength of each stone's group:");
    out!("{}", groups.strength_map(size).render_with_stones(board));
    outln!("\nDanger of each stone's group:");
    out!("{}", groups.danger_map(size).render_with_stones(board));
    outln!(
        "\nLife status (U unconditionally alive, A alive even if second, F alive if first, D dead):"
    );
    out!("{}", status.render());
    Ok(())
}
