//! The maps of an evaluation by name: what `keisei gtp` draws for `GoGui` and
//! `keisei render` draws as images.

use super::eval::importance_map;
use keisei_board::{BoardMap, MapCell};
use keisei_evaluate::Evaluation;

/// What a map holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Numbers with a sign: positive for Black, negative for White.
    Signed,
    /// Numbers without a sign.
    Unsigned,
    /// Symbols: `x` Black, `o` White, `*` both, `.` nothing.
    Symbols,
}

/// One map: numbers (drawn as shaded squares; `signed` as in [`Kind`]) or
/// symbols.
pub(crate) enum NamedMap {
    Numbers { map: BoardMap<f64>, signed: bool },
    Symbols(BoardMap<char>),
}

/// Every map: its name (the argument of `keisei-map` and `--map`), a label
/// for people, and what it holds.
pub(crate) const MAPS: [(&str, &str, Kind); 8] = [
    ("ownership", "Ownership", Kind::Signed),
    ("influence", "Influence", Kind::Signed),
    ("attack-ease", "Attack-ease", Kind::Unsigned),
    ("strength", "Strength", Kind::Unsigned),
    ("danger", "Danger", Kind::Unsigned),
    ("importance", "Importance", Kind::Unsigned),
    ("territory", "Territory", Kind::Symbols),
    ("blocks", "Control blocks", Kind::Symbols),
];

/// The names, for error messages.
pub(crate) fn names() -> String {
    MAPS.map(|(n, _, _)| n).join(", ")
}

/// The map called `name`, if there is one.
pub(crate) fn named_map(e: &Evaluation, size: u8, name: &str) -> Option<NamedMap> {
    let (_, _, kind) = MAPS.iter().find(|(n, _, _)| *n == name)?;
    let map = match name {
        "ownership" => e.ownership.clone(),
        "influence" => e.influence.value.clone(),
        "attack-ease" => e.attack_ease.g.clone(),
        "strength" => e.groups.strength_map(size),
        "danger" => e.groups.danger_map(size),
        "importance" => importance_map(e, size),
        "territory" => return Some(NamedMap::Symbols(first_chars(&e.territory.map))),
        _ => return Some(NamedMap::Symbols(first_chars(&e.blocks.map(size)))),
    };
    Some(NamedMap::Numbers {
        map,
        signed: *kind == Kind::Signed,
    })
}

/// Each cell's rendering, its first character.
fn first_chars<T: MapCell + Clone>(map: &BoardMap<T>) -> BoardMap<char> {
    BoardMap::from_fn(map.size(), |p| {
        map[p].render_cell().chars().next().unwrap_or('.')
    })
}
