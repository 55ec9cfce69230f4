//! Integration tests of keisei-territory: one test binary, one module per concern.

mod attack_ease;
mod blocks;
mod connections;
mod patterns;
mod properties;

use keisei_board::reading::Reader;
use keisei_board::{Board, BoardMap, Game};
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{Connections, LinkEnd, TerritoryOptions, connections, territory};
use std::fmt::Write as _;
use std::path::Path;

/// The last position of a fixture record under `fixtures/`.
pub(crate) fn position(rel: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    let game = Game::load(&path).unwrap();
    game.position(game.move_count()).unwrap().board
}

/// A board from a diagram.
pub(crate) fn diagram(text: &str) -> Board {
    Board::from_diagram(text).unwrap()
}

pub(crate) fn links(board: &Board) -> Connections {
    connections(board, ConnectionPatterns::builtin(), &mut Reader::new())
}

/// The links as text, and a map of the cells they wall off: `#` for
/// coefficient 1, `+` for 0.5, `!` for 0 (the best where links overlap).
pub(crate) fn render_links(board: &Board, c: &Connections) -> String {
    let size = board.size();
    let mut out = String::new();
    let mut map: BoardMap<char> = BoardMap::new(size, '.');
    let rank = |ch: char| match ch {
        '#' => 3,
        '+' => 2,
        '!' => 1,
        _ => 0,
    };
    for l in &c.links {
        let to = match l.to {
            LinkEnd::Stone(q) => q.to_gtp(size),
            LinkEnd::Edge(_) => "edge".to_string(),
        };
        let cuts: Vec<String> = l
            .cuts
            .iter()
            .map(|(p, s)| format!("{} {s:?}", p.to_gtp(size)).to_lowercase())
            .collect();
        let _ = writeln!(
            out,
            "{} {}-{to} {} {} cuts [{}]",
            l.color.letter(),
            l.from.to_gtp(size),
            l.kind,
            l.coefficient,
            cuts.join(", ")
        );
        let mark = if l.coefficient >= 1.0 {
            '#'
        } else if l.coefficient > 0.0 {
            '+'
        } else {
            '!'
        };
        for &w in &l.wall {
            if rank(mark) > rank(map[w]) {
                map[w] = mark;
            }
        }
    }
    out + &map.render_with_stones(board)
}

/// Links and territory of a fixture, for review.
pub(crate) fn check_territory(board: &Board) -> String {
    let c = links(board);
    let t = territory(board, &c, &TerritoryOptions::default());
    format!(
        "{}\nterritory: black {} white {}\n{}",
        render_links(board, &c),
        t.black,
        t.white,
        t.map.render_with_stones(board)
    )
}
