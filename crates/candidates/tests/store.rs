//! Storing tables: exact round trip, and clear errors for files that are
//! not tables of this version.

use crate::{plain, symmetric};
use keisei_candidates::store::{self, FORMAT_VERSION, MAGIC, StoreErrorKind};
use std::fmt::Write as _;

#[test]
fn tables_round_trip_exactly() {
    for (tables, _) in [plain(), symmetric()] {
        let bytes = store::to_bytes(tables);
        let back = store::from_bytes(&bytes, "mem").unwrap();
        assert!(back == *tables);
        assert_eq!(back.info(), tables.info());
    }
}

#[test]
fn tables_round_trip_through_a_file() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("store-round-trip.kct");
    let (tables, _) = symmetric();
    store::save(tables, &path).unwrap();
    assert!(store::load(&path).unwrap() == *tables);
    assert!(!dir.join("store-round-trip.kct.tmp").exists());
}

#[test]
fn the_header_holds_magic_and_version() {
    let bytes = store::to_bytes(&plain().0);
    assert_eq!(&bytes[..8], &MAGIC);
    assert_eq!(&bytes[8..12], &FORMAT_VERSION.to_le_bytes());
}

#[test]
fn bad_files_give_clear_errors_naming_the_file() {
    let good = store::to_bytes(&plain().0);
    let mut other_version = good.clone();
    other_version[8..12].copy_from_slice(&7u32.to_le_bytes());
    let mut damaged = good.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x55;
    let mut longer = good.clone();
    longer.extend_from_slice(b"extra");
    let sgf = std::fs::read(crate::fixture("fixtures/positions/midgame-19.sgf")).unwrap();
    let cases: [(&str, Vec<u8>); 8] = [
        ("empty.kct", Vec::new()),
        ("game.sgf", sgf),
        ("magic-only.kct", MAGIC.to_vec()),
        ("version-7.kct", other_version),
        ("truncated.kct", good[..good.len() / 2].to_vec()),
        ("longer.kct", longer),
        ("damaged.kct", damaged),
        (
            "garbage.kct",
            b"\x00\x01\x02garbage that is no table at all".to_vec(),
        ),
    ];
    let mut out = String::new();
    for (name, bytes) in &cases {
        let err = store::from_bytes(bytes, name).unwrap_err();
        assert_eq!(err.path, *name);
        writeln!(out, "{err}").unwrap();
    }
    let err = store::load(std::path::Path::new("no/such/table.kct")).unwrap_err();
    assert!(matches!(err.kind, StoreErrorKind::Io(_)));
    assert!(
        err.to_string()
            .starts_with("no/such/table.kct: cannot read:"),
        "{err}"
    );
    insta::assert_snapshot!(out);
}
