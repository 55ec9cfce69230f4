//! Integration tests of keisei-groups: one test binary, one module per concern.

mod fixtures;
mod properties;
mod settled;

use keisei_board::reading::Reader;
use keisei_board::{Board, Game};
use keisei_eyes::builtin::builtin;
use keisei_eyes::region::SearchCache;
use keisei_groups::{GroupParams, Groups, RoomPatterns, analyse};
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{Connections, Territory, TerritoryOptions, connections, territory};
use std::path::Path;

/// The last position of a fixture record under `fixtures/`.
pub(crate) fn position(rel: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    let game = Game::load(&path).unwrap();
    game.position(game.move_count()).unwrap().board
}

/// Links, territory and groups of a board, with the default parameters.
pub(crate) fn analysed(board: &Board) -> (Connections, Territory, Groups) {
    let c = connections(board, ConnectionPatterns::builtin(), &mut Reader::new());
    let t = territory(board, &c, &TerritoryOptions::default());
    let g = analyse(
        board,
        &c,
        &t,
        builtin(),
        &SearchCache::default(),
        RoomPatterns::builtin(),
        &GroupParams::default(),
    );
    (c, t, g)
}

/// A room pattern with a broken `check:` and a broken `area:` gets both
/// errors, each at its attribute's line and column.
#[test]
fn room_pattern_errors_in_both_attributes_are_all_reported() {
    let text = "pattern broken\n  check: A Z\n  area: c\n  ? A @\n  - - -\n";
    let errors = keisei_groups::RoomPatterns::parse("edited.pat", text).unwrap_err();
    let shown: Vec<String> = errors.into_iter().map(|e| e.to_string()).collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(
        shown[0].contains("edited.pat:2:") && shown[0].contains("\"Z\""),
        "{shown:?}"
    );
    assert!(
        shown[1].contains("edited.pat:3:") && shown[1].contains("\"c\""),
        "{shown:?}"
    );
}
