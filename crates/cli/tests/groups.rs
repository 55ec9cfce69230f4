//! `keisei groups`.

use crate::keisei;

#[test]
fn groups_json_has_the_documented_keys_in_range() {
    let (code, out, err) = keisei(&["groups", "fixtures/groups/five-groups.sgf", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let groups = v["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 9);
    for g in groups {
        for key in [
            "color",
            "stones",
            "strength",
            "encirclement",
            "danger",
            "status",
        ] {
            assert!(!g[key].is_null(), "{key} missing in {g}");
        }
        for key in ["strength", "encirclement", "danger"] {
            let x = g[key].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x), "{key} = {x}");
        }
    }
    // The corner group with one eye is dead; the group with two eyes lives unconditionally.
    assert_eq!(groups[0]["status"], "unconditionally-alive");
    assert_eq!(groups[2]["eyes"], "[1,1]");
    assert_eq!(groups[2]["status"], "dead");
    assert_eq!(v["status"].as_array().unwrap().len(), 19);
}

#[test]
fn groups_text() {
    let (code, out, err) = keisei(&["groups", "fixtures/groups/five-groups.sgf"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}
