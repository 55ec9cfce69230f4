//! `keisei territory`.

use crate::keisei;

#[test]
fn territory_prints_links_and_maps() {
    let (code, out, err) = keisei(&["territory", "fixtures/territory/fig9-territory.sgf"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn territory_json() {
    let (code, out, err) = keisei(&[
        "territory",
        "fixtures/territory/fig9-territory.sgf",
        "--json",
        "--blocks",
        "restriction",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["territory_black"], 16);
    assert_eq!(v["territory_white"], 5);
    assert_eq!(v["block_model"], "restriction");
    assert_eq!(v["territory"].as_array().unwrap().len(), 13);
    assert_eq!(v["attack_ease"].as_array().unwrap().len(), 13);
    let link = &v["links"][0];
    assert_eq!(link["from"], "E12");
    assert_eq!(link["coefficient"], 0.5);
}

#[test]
fn territory_of_a_bad_file_is_an_error() {
    let (code, _, err) = keisei(&["territory", "fixtures/sgf-errors/not-square.sgf"]);
    assert_eq!(code, 1);
    assert!(err.contains("unsupported board size 19x13"), "{err}");
}
