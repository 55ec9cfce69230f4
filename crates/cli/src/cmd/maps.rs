//! The maps of an evaluation by name: what `keisei gtp` draws for `GoGui` and
//! `keisei render` draws as images.

use super::eval::importance_map;
use keisei_board::{BoardMap, MapCell};
use keisei_evaluate::Evaluation;

/// One map: numbers (drawn as shaded squares) or symbols (`x` Black, `o`
/// White, `*` both, `.` nothing).
pub(crate) enum NamedMap {
    Numbers(BoardMap<f64>),
    Symbols(BoardMap<char>),
}

/// Every map: its name (the argument of `keisei-map` and `--map`) and a
/// label for people.
pub(crate) const MAPS: [(&str, &str); 8] = [
    ("ownership", "Ownership"),
    ("influence", "Influence"),
    ("attack-ease", "Attack-ease"),
    ("strength", "Strength"),
    ("danger", "Danger"),
    ("importance", "Importance"),
    ("territory", "Territory"),
    ("blocks", "Control blocks"),
];

/// The names, for error messages.
pub(crate) fn names() -> String {
    MAPS.map(|(n, _)| n).join(", ")
}

/// The map called `name`, if there is one.
pub(crate) fn named_map(e: &Evaluation, size: u8, name: &str) -> Option<NamedMap> {
    let symbols = |m: BoardMap<char>| NamedMap::Symbols(m);
    Some(match name {
        "ownership" => NamedMap::Numbers(e.ownership.clone()),
        "influence" => NamedMap::Numbers(e.influence.value.clone()),
        "attack-ease" => NamedMap::Numbers(e.attack_ease.g.clone()),
        "strength" => NamedMap::Numbers(e.groups.strength_map(size)),
        "danger" => NamedMap::Numbers(e.groups.danger_map(size)),
        "importance" => NamedMap::Numbers(importance_map(e, size)),
        "territory" => symbols(first_chars(&e.territory.map)),
        "blocks" => symbols(first_chars(&e.blocks.map(size))),
        _ => return None,
    })
}

/// Each cell's rendering, its first character.
fn first_chars<T: MapCell + Clone>(map: &BoardMap<T>) -> BoardMap<char> {
    BoardMap::from_fn(map.size(), |p| {
        map[p].render_cell().chars().next().unwrap_or('.')
    })
}
