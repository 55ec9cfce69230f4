//! The fixed split and record discovery.

use crate::{fixture, fixture_files};

use keisei_candidates::{Split, collect_sgf_files, fnv1a64, split_bucket};
use std::path::Path;

#[test]
fn fnv1a64_matches_the_reference_vectors() {
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
}

#[test]
fn the_bucket_depends_on_the_file_name_only() {
    let name = "1375972657019999525.sgf";
    let a = split_bucket(Path::new(name));
    assert_eq!(split_bucket(Path::new(&format!("x/y/{name}"))), a);
    assert_eq!(split_bucket(Path::new(&format!("/data/fox/{name}"))), a);
    assert_eq!(u64::from(a), fnv1a64(name.as_bytes()) % 10);
}

#[test]
fn every_record_is_in_exactly_one_of_test_valid_fit() {
    for i in 0..500 {
        let p = format!("game-{i}.sgf");
        let p = Path::new(&p);
        let parts = [Split::Test, Split::Valid, Split::Fit]
            .iter()
            .filter(|s| s.contains(p))
            .count();
        assert_eq!(parts, 1, "{p:?}");
        assert_eq!(Split::Train.contains(p), !Split::Test.contains(p));
        assert!(Split::All.contains(p));
    }
}

#[test]
fn about_a_tenth_of_records_are_test_records() {
    let test = (0..10_000)
        .filter(|i| Split::Test.contains(Path::new(&format!("{i}.sgf"))))
        .count();
    assert!((900..1100).contains(&test), "{test}");
}

#[test]
fn split_names_round_trip_and_bad_names_are_errors() {
    for s in Split::ALL {
        assert_eq!(s.name().parse::<Split>(), Ok(s));
    }
    let err = "training".parse::<Split>().unwrap_err();
    assert_eq!(
        err,
        "unknown split `training` (expected one of: train, test, all, fit, valid)"
    );
}

#[test]
fn records_are_found_recursively_sorted_and_filtered_by_split() {
    let all = fixture_files();
    assert!(all.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
    assert!(all.iter().all(|p| p.extension().unwrap() == "sgf"));
    assert_eq!(all.len(), 9, "{all:?}");
    let roots = [
        fixture("fixtures/positions"),
        fixture("fixtures/candidates"),
    ];
    let test = collect_sgf_files(&roots, Split::Test).unwrap();
    let train = collect_sgf_files(&roots, Split::Train).unwrap();
    assert_eq!(test.len() + train.len(), all.len());
    assert!(test.iter().all(|p| !train.contains(p)));
}

#[test]
fn a_missing_directory_is_an_error_naming_it() {
    let err = collect_sgf_files(&[fixture("fixtures/no-such-dir")], Split::All).unwrap_err();
    assert!(
        err.to_string().contains("no-such-dir: cannot read"),
        "{err}"
    );
}
