//! Prints the terms of an evaluation under each influence model.
#![allow(clippy::print_stdout)]
use keisei_board::Game;
use keisei_evaluate::Evaluator;
use keisei_evaluate::config::{Config, InfluenceModel};
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: terms FILE.sgf [MOVE]")?;
    let game = Game::load(&path)?;
    let n = std::env::args()
        .nth(2)
        .map_or(Ok(game.move_count()), |m| m.parse())?;
    let pos = game.position(n)?;
    for m in [
        InfluenceModel::Ellipse,
        InfluenceModel::Projection,
        InfluenceModel::Dots,
    ] {
        let mut c = Config::default();
        c.models.influence = m;
        let e = Evaluator::new(c).evaluate(&pos.board, pos.komi);
        println!(
            "{m:?}: territory {:.1} influence {:.1} (black {:.1} white {:.1}) danger {:.2} total {:.2} score {:.1}",
            e.terms.territory,
            e.terms.influence,
            e.influence.black,
            e.influence.white,
            e.terms.danger,
            e.total,
            e.score
        );
    }
    Ok(())
}
