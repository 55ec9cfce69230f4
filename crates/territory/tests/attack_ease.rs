//! Attack-ease (seed 001 figs. 17–18): Black's corner territory with its
//! control blocks, and White stones nearby from which it is reduced.

use crate::{diagram, links};
use keisei_board::PointSet;
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{
    AttackEaseParams, BlockModel, TerritoryOptions, attack_ease, blocks, territory,
};
use std::fmt::Write as _;

#[test]
fn seed001_figs17_18_attack_ease() {
    let b = diagram(
        ". . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . O . . .
         . . . . . . . . . . . . .
         X . X . X . X . . . . . .
         . . . . . . . X . . . . .
         . . . . . . . X . . O . .
         . . . . . . . X . . . . .
         . . . . . . . . . . . . .",
    );
    let c = links(&b);
    let t = territory(&b, &c, &TerritoryOptions::default());
    let stones: PointSet = b.points().filter(|&p| b.color(p).is_some()).collect();
    let bl = blocks(&b, &stones, BlockModel::Zone, RemovalRules::builtin());
    let ease = attack_ease(&b, &t, &bl, &AttackEaseParams::default());
    let mut out = String::new();
    let _ = writeln!(out, "fig. 17: territory (x) and control blocks");
    out += &t.map.render_with_stones(&b);
    out += &bl.map(b.size()).render_with_stones(&b);
    let _ = writeln!(
        out,
        "fig. 18: kosuri distance from White's stones to Black's territory"
    );
    out += &ease.distance.render_with_stones(&b);
    let _ = writeln!(out, "G (1 = safe)");
    out += &ease.g.render_with_stones(&b);
    let _ = writeln!(
        out,
        "Black: {} points of territory, value {:.2}; White: {:.2}",
        t.black, ease.black, ease.white
    );
    insta::assert_snapshot!(out);
    // Points nearer the White stones are easier to reduce.
    assert!(t.black > 0);
    for p in b.points().filter(|&p| t.owner(p).is_some()) {
        assert!((0.0..=1.0).contains(&ease.g[p]));
    }
}
