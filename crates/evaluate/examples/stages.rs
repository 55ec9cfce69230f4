//! Times each stage of an evaluation of one position (averages over runs).
#![allow(clippy::print_stdout)]
use keisei_board::reading::Reader;
use keisei_board::{Game, PointSet};
use keisei_eyes::builtin::builtin;
use keisei_eyes::region::SearchCache;
use keisei_groups::{GroupParams, RoomPatterns, Spheres, analyse, danger_minus};
use keisei_influence::{Context, Given, ModelKind};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use keisei_territory::{
    AttackEaseParams, BlockModel, TerritoryOptions, attack_ease, blocks, connections, territory,
};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: stages FILE.sgf [MOVE]")?;
    let game = Game::load(&path)?;
    let n = std::env::args()
        .nth(2)
        .map_or(Ok(game.move_count()), |m| m.parse())?;
    let board = game.position(n)?.board;
    let reps = 200u32;
    let mut reader = Reader::new();
    let cache = SearchCache::default();
    let (cp, rr, rp) = (
        ConnectionPatterns::builtin(),
        RemovalRules::builtin(),
        RoomPatterns::builtin(),
    );
    let _ = builtin();
    macro_rules! time {
        ($name:expr, $e:expr) => {{
            let t = Instant::now();
            let mut r = None;
            for _ in 0..reps {
                r = Some($e);
            }
            println!("{:<40} {:>9.1?}", $name, t.elapsed() / reps);
            r.unwrap()
        }};
    }
    let _ = time!(
        "pattern scan (both colours)",
        cp.set().matches_both(&board).count()
    );
    let links = time!(
        "connections (warm reader)",
        connections(&board, cp, &mut reader)
    );
    let _ = time!(
        "connections (fresh small reader)",
        connections(&board, cp, &mut Reader::with_cache_bits(10))
    );
    let terr = time!(
        "territory",
        territory(&board, &links, &TerritoryOptions::default())
    );
    let groups = time!(
        "groups",
        analyse(
            &board,
            &links,
            &terr,
            builtin(),
            &cache,
            rp,
            &GroupParams::default()
        )
    );
    let un = groups.unattackable();
    let bl = time!("zone blocks", blocks(&board, &un, BlockModel::Zone, rr));
    let _ = time!(
        "attack-ease",
        attack_ease(&board, &terr, &bl, &AttackEaseParams::default())
    );
    let strength = groups.strength_map(board.size());
    let dead = PointSet::new();
    let ctx = Context {
        board: &board,
        strength: &strength,
        unattackable: &un,
        dead: &dead,
        territory: &terr,
        given: Given::default(),
    };
    for kind in [ModelKind::Ellipse, ModelKind::Projection, ModelKind::Dots] {
        let m = keisei_influence::model(kind);
        let _ = time!(format!("influence {kind:?}"), m.influence(&ctx));
    }
    let inf = keisei_influence::model(ModelKind::Ellipse).influence(&ctx);
    let (b, w): (PointSet, PointSet) = (
        inf.under
            .iter()
            .filter(|(_, u)| u.includes(keisei_board::Color::Black))
            .map(|(p, _)| p)
            .collect(),
        inf.under
            .iter()
            .filter(|(_, u)| u.includes(keisei_board::Color::White))
            .map(|(p, _)| p)
            .collect(),
    );
    let _ = time!(
        "danger-minus",
        danger_minus(
            &board,
            &groups,
            &terr,
            Spheres {
                black: &b,
                white: &w
            },
            0.8
        )
    );
    let ev = keisei_evaluate::Evaluator::new(keisei_evaluate::Config::default());
    let _ = time!(
        "whole evaluation (warm reader)",
        ev.evaluate_with(&board, 0.0, &mut reader, None)
    );
    Ok(())
}
