//! `keisei render`: a map drawn as SVG (snapshot) or PNG, and its errors.

use crate::keisei;
use std::path::PathBuf;

fn tmp(name: &str) -> String {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_map_is_drawn_as_svg() {
    let out = tmp("ko-9-territory.svg");
    let (code, _, err) = keisei(&[
        "render",
        "fixtures/positions/ko-9.sgf",
        "--map",
        "territory",
        "-o",
        &out,
    ]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    // 15 stones and 5 star points; 9 letters or numbers on each side.
    assert_eq!(
        svg.matches("<circle").count(),
        15 + 5,
        "stones and star points"
    );
    assert_eq!(svg.matches("<text").count(), 4 * 9);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_map_is_drawn_as_png() {
    let out = tmp("midgame-ownership.png");
    let (code, _, err) = keisei(&["render", "fixtures/positions/midgame-19.sgf", "-o", &out]);
    assert_eq!(code, 0, "{err}");
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: 640 x 640, 8-bit RGB.
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 640);
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 640);
    assert_eq!(&png[24..26], &[8, 2]);
    assert!(png.ends_with(b"IEND\xae\x42\x60\x82"));
}

#[test]
fn a_bad_map_or_format_is_an_error() {
    for (args, expected) in [
        (
            vec![
                "render",
                "fixtures/positions/ko-9.sgf",
                "--map",
                "mood",
                "-o",
                "x.png",
            ],
            "error: unknown map `mood` (one of: ownership, influence, attack-ease, strength, danger, importance, territory, blocks)",
        ),
        (
            vec!["render", "fixtures/positions/ko-9.sgf", "-o", "x.gif"],
            "error: x.gif: the output must end in .svg or .png",
        ),
    ] {
        let (code, _, err) = keisei(&args);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.starts_with(expected), "{err}");
    }
}
