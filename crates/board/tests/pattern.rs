//! The pattern language: fixture files parsed and formatted, error messages,
//! matches on fixture boards, and the fast matcher checked against the
//! reference matcher, the board symmetries and colour swap (proptest).

use keisei_board::pattern::{
    MAX_EXTENT, Match, PatternFile, PatternSet, Symbol, reference_matches,
};
use keisei_board::{Board, BoardMap, Cell, Color, Point, Symmetry, render_board};
use proptest::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// ----- helpers --------------------------------------------------------------

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/patterns")
}

/// The text of a fixture and the name diagnostics show for it.
fn fixture(relative: &str) -> (String, String) {
    let text = std::fs::read_to_string(fixtures().join(relative))
        .unwrap_or_else(|e| panic!("fixtures/patterns/{relative}: {e}"));
    (format!("fixtures/patterns/{relative}"), text)
}

fn load(relative: &str) -> PatternFile {
    let (name, text) = fixture(relative);
    PatternFile::parse(&name, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn board(relative: &str) -> Board {
    Board::from_diagram(&fixture(relative).1).unwrap()
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// One line per match: anchor, colour, pattern, symmetry, label points.
fn describe(set: &PatternSet, size: u8, m: &Match) -> String {
    let p = set.pattern(m.pattern).unwrap();
    let mut s = format!(
        "{:<4} {} {} {:?}",
        m.anchor.to_gtp(size),
        color_name(m.color),
        p.name(),
        m.symmetry
    );
    for (label, _) in p.diagram().labels() {
        let point = set.label_point(m, label).unwrap();
        write!(s, " {label}={}", point.to_gtp(size)).unwrap();
    }
    s
}

/// The board, a map per colour of how many matches are anchored on each
/// point, and either every match or the number of matches per pattern.
fn render_matches(set: &PatternSet, board: &Board, list_each: bool) -> String {
    let size = board.size();
    let mut out = render_board(board);
    let all: Vec<Match> = set.matches_both(board).collect();
    for color in Color::BOTH {
        let mut counts = BoardMap::new(size, 0usize);
        for m in all.iter().filter(|m| m.color == color) {
            counts[m.anchor] += 1;
        }
        writeln!(
            out,
            "\nmatches for {} (X = {0}) per anchor:",
            color_name(color)
        )
        .unwrap();
        out.push_str(&counts.render_with_stones(board));
    }
    out.push('\n');
    if list_each {
        for m in &all {
            writeln!(out, "{}", describe(set, size, m)).unwrap();
        }
    } else {
        for (i, p) in set.patterns().iter().enumerate() {
            let n = |c| {
                all.iter()
                    .filter(|m| m.pattern == i && m.color == c)
                    .count()
            };
            let (b, w) = (n(Color::Black), n(Color::White));
            if b + w > 0 {
                writeln!(out, "{:<36} black {b:>2}  white {w:>2}", p.name()).unwrap();
            }
        }
    }
    out
}

/// A summary of each entry: size, anchor, labels, symmetries kept,
/// attributes with the location of their values.
fn summarise(set: &PatternSet) -> String {
    let mut out = String::new();
    for (i, p) in set.patterns().iter().enumerate() {
        let d = p.diagram();
        let (ax, ay) = d.anchor();
        let anchor = d.get(ax, ay).unwrap();
        write!(
            out,
            "{} ({}x{}, anchor '{anchor}' at column {ax} row {ay}{}, {} symmetries)",
            p.name(),
            d.width(),
            d.height(),
            if d.has_explicit_anchor() {
                ""
            } else {
                " by default"
            },
            set.symmetries(i).len()
        )
        .unwrap();
        for (label, (dx, dy)) in d.labels() {
            write!(out, " {label}({dx:+},{dy:+})").unwrap();
        }
        out.push('\n');
        for c in p.comments() {
            writeln!(out, "  comment #{c}").unwrap();
        }
        for a in p.attributes() {
            writeln!(out, "  {} = {:?} at {}", a.key, a.value, a.value_location).unwrap();
        }
    }
    out
}

// ----- parsing and formatting ---------------------------------------------

#[test]
fn sample_file_parsed_and_formatted() {
    let file = load("sample.pat");
    let set = PatternSet::compile(&file).unwrap();
    let formatted = file.format();
    insta::assert_snapshot!(
        "sample_formatted",
        format!(
            "{}\n----- canonical text -----\n{formatted}",
            summarise(&set)
        )
    );
}

#[test]
fn connection_fixture_is_canonical() {
    let (name, text) = fixture("connections.pat");
    let file = PatternFile::parse(&name, &text).unwrap();
    assert_eq!(file.format(), text, "run the formatter on {name}");
    let set = PatternSet::compile(&file).unwrap();
    assert_eq!(set.len(), 76);
    insta::assert_snapshot!("connections_summary", summarise(&set));
}

#[test]
fn formatting_round_trips_and_is_idempotent() {
    for relative in ["sample.pat", "connections.pat"] {
        let file = load(relative);
        let once = file.format();
        let reparsed = PatternFile::parse("formatted", &once).unwrap();
        assert!(
            file.content_eq(&reparsed),
            "{relative}: content changed by formatting"
        );
        assert_eq!(
            reparsed.format(),
            once,
            "{relative}: formatting is not idempotent"
        );
    }
}

/// The examples of `docs/pattern-format.md` that are whole files parse and
/// compile.
#[test]
fn documented_examples_compile() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/pattern-format.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let blocks: Vec<&str> = doc
        .split("```text\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .filter(|b| b.starts_with("# ") || b.trim_start().starts_with("pattern p\n"))
        .collect();
    assert_eq!(blocks.len(), 3, "{blocks:?}");
    for block in blocks {
        let set =
            PatternSet::parse("docs/pattern-format.md", block).unwrap_or_else(|e| panic!("{e}"));
        assert!(!set.is_empty());
    }
}

#[test]
fn content_eq_sees_every_difference() {
    let base = "# doc\npattern a\n  k: v\n  @ . X  # row\n";
    let parse = |t: &str| PatternFile::parse("t", t).unwrap();
    let a = parse(base);
    // Indentation, spacing and blank lines inside an entry do not matter.
    assert!(a.content_eq(&parse("\n# doc\npattern   a\n\n    k:v\n@.X    # row\n\n")));
    for changed in [
        "# doc\npattern b\n  k: v\n  @ . X  # row\n",
        "# doc\npattern a\n  k: w\n  @ . X  # row\n",
        "# doc\npattern a\n  j: v\n  @ . X  # row\n",
        "# doc\npattern a\n  k: v\n  @ . O  # row\n",
        "# doc\npattern a\n  k: v\n  @ . X  # other\n",
        "# other\npattern a\n  k: v\n  @ . X  # row\n",
        "# doc\npattern a\n  k: v\n  @ . X  # row\n# end\n",
        // A blank line between a comment and its header is kept.
        "# doc\n\npattern a\n  k: v\n  @ . X  # row\n",
    ] {
        assert!(!a.content_eq(&parse(changed)), "{changed}");
    }
}

#[test]
fn anchors_labels_and_attributes_are_located() {
    let file = PatternFile::parse(
        "t.pat",
        "pattern p\n  ? ? ?\n  . A b\n  X x o\n  note:  two  words \n",
    )
    .unwrap();
    let p = &file.patterns()[0];
    let d = p.diagram();
    // No explicit anchor: the first cell that is neither `?` nor off board.
    assert_eq!(d.anchor(), (0, 1));
    assert!(!d.has_explicit_anchor());
    assert_eq!(d.label_offset('A'), Some((1, 0)));
    assert_eq!(d.label_offset('b'), Some((2, 0)));
    assert_eq!(d.label_offset('c'), None);
    assert_eq!(d.get(1, 2), Some(Symbol::OwnOrEmpty));
    assert_eq!(
        p.cell_location(2, 2).map(|l| (l.line, l.column)),
        Some((4, 7))
    );
    let a = p.attribute("note").unwrap();
    assert_eq!(a.value, "two  words");
    assert_eq!((a.key_location.line, a.key_location.column), (5, 3));
    assert_eq!((a.value_location.line, a.value_location.column), (5, 10));
    assert_eq!(p.value("missing"), None);
    assert_eq!(file.position("p"), Some(0));
}

#[test]
fn consumers_report_attribute_errors_through_the_file() {
    let file = PatternFile::parse(
        "fixtures/patterns/links.pat",
        "pattern jump\n  link: lots\n  @ a X\n",
    )
    .unwrap();
    let attr = file.patterns()[0].attribute("link").unwrap();
    let error = file
        .error_at(attr.value_location, "link must be a number")
        .with_label("expected 1, 0.5 or 0")
        .with_len(attr.value.chars().count());
    insta::assert_snapshot!("consumer_attribute_error", error.to_string());
}

// ----- error messages ------------------------------------------------------

/// Every file of `fixtures/patterns/errors` fails to parse or to compile;
/// each rendering is a snapshot named after the file.
#[test]
fn broken_files_give_located_errors() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures().join("errors"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pat"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 20,
        "expected the error fixtures, found {}",
        files.len()
    );
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let (name, text) = fixture(&format!("errors/{stem}.pat"));
        let result = PatternFile::parse(&name, &text).and_then(|f| PatternSet::compile(&f));
        let Err(errors) = result else {
            panic!("{name} was accepted");
        };
        let first = errors.first().unwrap();
        assert!(first.line() >= 1 && first.column() >= 1);
        assert_eq!(first.file(), name);
        insta::assert_snapshot!(
            format!("error_{}", stem.replace('-', "_")),
            errors.to_string()
        );
    }
}

#[test]
fn extent_limit_is_exact() {
    let ok = format!("pattern p\n  @{}X\n", " .".repeat(MAX_EXTENT as usize - 1));
    assert!(PatternSet::parse("t", &ok).is_ok());
    let too_far = format!("pattern p\n  @{}X\n", " .".repeat(MAX_EXTENT as usize));
    let errors = PatternSet::parse("t", &too_far).unwrap_err();
    assert!(errors.first().unwrap().message().contains("too large"));
    // `?` cells do not count.
    let loose = format!("pattern p\n  @{} ?\n", " .".repeat(MAX_EXTENT as usize - 1));
    assert!(PatternSet::parse("t", &loose).is_ok());
}

// ----- matches on fixture boards -------------------------------------------

#[test]
fn sample_matches_on_small_boards() {
    let set = PatternSet::compile(&load("sample.pat")).unwrap();
    insta::assert_snapshot!(
        "sample_on_shapes_9",
        render_matches(&set, &board("boards/shapes-9.txt"), true)
    );
    insta::assert_snapshot!(
        "sample_on_corner_7",
        render_matches(&set, &board("boards/corner-7.txt"), true)
    );
}

#[test]
fn connection_matches_on_fixture_boards() {
    let set = PatternSet::compile(&load("connections.pat")).unwrap();
    insta::assert_snapshot!(
        "connections_on_shapes_9",
        render_matches(&set, &board("boards/shapes-9.txt"), true)
    );
    insta::assert_snapshot!(
        "connections_on_midgame_19",
        render_matches(&set, &board("boards/midgame-19.txt"), false)
    );
}

#[test]
fn fixture_matches_agree_with_the_reference() {
    for patterns in ["sample.pat", "connections.pat"] {
        let set = PatternSet::compile(&load(patterns)).unwrap();
        for b in [
            "boards/shapes-9.txt",
            "boards/corner-7.txt",
            "boards/midgame-19.txt",
        ] {
            let board = board(b);
            let each = set
                .matches_each(&board)
                .map(Iterator::collect::<Vec<Match>>);
            for color in Color::BOTH {
                let fast: Vec<Match> = set.matches(&board, color).collect();
                let slow = reference_matches(set.patterns(), &board, color);
                assert_eq!(fast, slow, "{patterns} on {b} for {color}");
                // Both colours' scans from one reading of the rows.
                assert_eq!(
                    each[color.index()],
                    slow,
                    "{patterns} on {b}, each, {color}"
                );
            }
        }
    }
}

#[test]
fn symmetric_shapes_keep_only_distinct_symmetries() {
    let set = PatternSet::parse(
        "t",
        "pattern stone\n  @\n\
         pattern jump\n  @ . X\n\
         pattern diagonal\n  @ a\n  b X\n\
         pattern labelled-side\n  a @ .\n\
         pattern bent\n  @ X\n  . X\n\
         pattern edge\n  @\n  -\n\
         pattern centre\n  ? . ?\n  . * .\n  ? . ?\n",
    )
    .unwrap();
    let counts: Vec<usize> = (0..set.len()).map(|i| set.symmetries(i).len()).collect();
    assert_eq!(counts, [1, 4, 4, 4, 8, 4, 1]);
    assert_eq!(set.variant_count(), counts.iter().sum::<usize>());

    // A lone black stone: one match of `stone`, not eight.
    let board =
        Board::from_diagram(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .").unwrap();
    let stone: Vec<Match> = set
        .matches(&board, Color::Black)
        .filter(|m| m.pattern == 0)
        .collect();
    assert_eq!(stone.len(), 1);
    // The empty centre point of the plus shape: one match, at the four
    // points around the stone none.
    let centre: Vec<Point> = set
        .matches(&board, Color::Black)
        .filter(|m| m.pattern == 6)
        .map(|m| m.anchor)
        .collect();
    assert!(!centre.contains(&Point::new(2, 1)));
    assert_eq!(
        centre.iter().filter(|&&p| p == Point::new(0, 0)).count(),
        0,
        "corner has off-board neighbours"
    );
    assert_eq!(centre.iter().filter(|&&p| p == Point::new(1, 1)).count(), 1);
}

#[test]
fn labels_and_cells_follow_the_symmetry() {
    let set = PatternSet::parse("t", "pattern knight\n  @ a .\n  . b X\n").unwrap();
    let board = Board::from_diagram(
        ". . . . . . .\n. . . . . . .\n. . . X . . .\n. . . . . . .\n. . . . X . .\n. . . . . . .\n. . . . . . .",
    )
    .unwrap();
    let found: Vec<String> = set
        .matches(&board, Color::Black)
        .map(|m| describe(&set, 7, &m))
        .collect();
    // Each stone anchors the shape once, towards the other stone.
    assert_eq!(
        found,
        [
            "D5   black knight Transpose a=D4 b=E4",
            "E3   black knight AntiTranspose a=E4 b=D4"
        ]
    );
    let m = set.matches(&board, Color::Black).next().unwrap();
    let cells: Vec<(char, Option<Point>)> = set
        .placed_cells(&m, 7)
        .map(|c| (c.symbol.to_char(), c.point))
        .collect();
    assert_eq!(cells.len(), 6);
    assert_eq!(cells[0], ('@', Some(Point::new(3, 2))));
    assert_eq!(cells[5], ('X', Some(Point::new(4, 4))));
    assert_eq!(set.label_point(&m, 'z'), None);
    // For White the same board has no knight's move.
    assert_eq!(set.matches(&board, Color::White).count(), 0);
}

#[test]
fn edges_and_labels_match_only_where_they_can() {
    let set = PatternSet::parse(
        "t",
        "pattern first-line\n  @\n  -\npattern corner\n  + -\n  | @\npattern neighbour\n  @ A\n",
    )
    .unwrap();
    let board =
        Board::from_diagram("X . . . X\n. . . . .\n. . X . .\n. . . . .\nX . . . X").unwrap();
    let found: Vec<String> = set
        .matches(&board, Color::Black)
        .map(|m| describe(&set, 5, &m))
        .collect();
    insta::assert_snapshot!("edges_and_any_labels", found.join("\n"));
}

#[test]
fn matches_at_one_point_equals_the_scan() {
    let set = PatternSet::compile(&load("connections.pat")).unwrap();
    let board = board("boards/midgame-19.txt");
    for color in Color::BOTH {
        let scan: Vec<Match> = set.matches(&board, color).collect();
        for p in board.points() {
            let here: Vec<Match> = set.matches_at(&board, p, color).collect();
            let expected: Vec<Match> = scan.iter().copied().filter(|m| m.anchor == p).collect();
            assert_eq!(here, expected, "{}", p.to_gtp(19));
        }
    }
    // Off the board (a border cell of the padded layout): nothing.
    let border = Point::from_index(0);
    assert_eq!(set.matches_at(&board, border, Color::Black).count(), 0);
}

// ----- properties ------------------------------------------------------------

/// Cells a random pattern is drawn from: `l`/`U` become distinct lowercase /
/// uppercase labels; `?` is common so that large patterns still match.
const POOL: &[char] = &['X', 'O', '.', '.', '?', '?', '?', 'x', 'o', 'l', 'U'];
const LOWER: &[u8] = b"abcdefghijklmnpqrstuvwyz";
const UPPER: &[u8] = b"ABCDEFGHIJKLMNPQRSTUVWYZ";

/// A random valid diagram as text rows: inner cells, an optional anchor, and
/// optional edges (opposite edges only when the inner size is a board size).
fn diagram_rows() -> impl Strategy<Value = Vec<String>> {
    (
        1usize..=6,
        1usize..=6,
        0u8..16,
        proptest::option::of((0usize..36, any::<bool>())),
    )
        .prop_flat_map(|(w, h, edges, anchor)| {
            (
                Just((w, h, edges, anchor)),
                proptest::collection::vec(0..POOL.len(), w * h),
            )
        })
        .prop_map(|((w, h, edges, anchor), picks)| {
            let (mut lower, mut upper) = (0, 0);
            let mut cells: Vec<char> = picks
                .iter()
                .map(|&i| match POOL[i] {
                    'l' => {
                        lower += 1;
                        LOWER[lower - 1] as char
                    }
                    'U' => {
                        upper += 1;
                        UPPER[upper - 1] as char
                    }
                    c => c,
                })
                .collect();
            if cells.iter().all(|&c| c == '?') {
                cells[0] = '.';
            }
            if let Some((i, own)) = anchor {
                if i < cells.len() {
                    cells[i] = if own { '@' } else { '*' };
                }
            }
            let top = edges & 1 != 0;
            let bottom = edges & 2 != 0 && (!top || h == 5);
            let left = edges & 4 != 0;
            let right = edges & 8 != 0 && (!left || w == 5);
            let edge_row = || {
                let mut r = String::new();
                if left {
                    r.push('+');
                }
                r.push_str(&"-".repeat(w));
                if right {
                    r.push('+');
                }
                r
            };
            let mut rows = Vec::new();
            if top {
                rows.push(edge_row());
            }
            for row in cells.chunks(w) {
                let mut r = String::new();
                if left {
                    r.push('|');
                }
                r.extend(row);
                if right {
                    r.push('|');
                }
                rows.push(r);
            }
            if bottom {
                rows.push(edge_row());
            }
            rows
        })
}

fn pattern_file(diagrams: &[Vec<String>]) -> String {
    let mut text = String::new();
    for (i, rows) in diagrams.iter().enumerate() {
        writeln!(text, "pattern p{i}").unwrap();
        for r in rows {
            writeln!(text, "  {r}").unwrap();
        }
    }
    text
}

/// A random board: the size, then every cell empty, black or white (empty
/// half the time). Chains without liberties are allowed: matching does not
/// care.
fn random_board() -> impl Strategy<Value = Board> {
    proptest::sample::select(vec![5u8, 9, 19, 25])
        .prop_flat_map(|size| {
            let n = usize::from(size) * usize::from(size);
            (Just(size), proptest::collection::vec(0u8..4, n))
        })
        .prop_map(|(size, cells)| {
            let mut b = Board::new(u32::from(size)).unwrap();
            for (p, c) in Point::all(size).zip(cells) {
                match c {
                    2 => b.set_stone(Color::Black, p).unwrap(),
                    3 => b.set_stone(Color::White, p).unwrap(),
                    _ => {}
                }
            }
            b
        })
}

fn sort_key(m: &Match) -> (Point, Color, usize, Symmetry) {
    (m.anchor, m.color, m.pattern, m.symmetry)
}

/// `(x, y)` moved by `sym` on a board of `size`, for any coordinates
/// (also off the board), by turning about the centre.
fn transform(sym: Symmetry, x: i32, y: i32, size: u8) -> (i32, i32) {
    let m = i32::from(size) - 1;
    let (dx, dy) = sym.apply_offset(2 * x - m, 2 * y - m);
    ((dx + m) / 2, (dy + m) / 2)
}

/// What a match requires where: pattern, colour, and each constraining cell
/// as board coordinates with its requirement (label names dropped). Two
/// matches with the same signature are the same placement.
type Signature = (usize, Color, Vec<(i32, i32, char)>);

fn signature(set: &PatternSet, m: &Match, moved: impl Fn(i32, i32) -> (i32, i32)) -> Signature {
    let d = set.pattern(m.pattern).unwrap().diagram();
    let mut cells: Vec<(i32, i32, char)> = d
        .cells()
        .filter(|c| c.symbol != Symbol::Any)
        .map(|c| {
            let (dx, dy) = m.symmetry.apply_offset(c.dx, c.dy);
            let (x, y) = moved(m.anchor.x() + dx, m.anchor.y() + dy);
            let class = match c.symbol {
                Symbol::EmptyLabel(_) => 'l',
                Symbol::AnyLabel(_) => 'L',
                Symbol::AnchorEmpty => '.',
                Symbol::AnchorOwn => 'X',
                s if s.is_off_board() => '#',
                s => s.to_char(),
            };
            (x, y, class)
        })
        .collect();
    cells.sort_unstable();
    (m.pattern, m.color, cells)
}

/// A random pattern file and board, and the board with one point emptied
/// and then given a stone of either colour or left empty: the file's text,
/// its compiled set, the point, the board and the changed board.
fn change_case() -> impl Strategy<Value = (String, PatternSet, Point, Board, Board)> {
    (
        proptest::collection::vec(diagram_rows(), 1..6),
        random_board(),
        (0u8..25, 0u8..25),
        0u8..3,
    )
        .prop_map(|(diagrams, board, at, stone)| {
            let text = pattern_file(&diagrams);
            let set = PatternSet::parse("random.pat", &text).unwrap();
            let size = board.size();
            let changed = Point::new(at.0 % size, at.1 % size);
            let mut other = board.clone();
            other.clear_point(changed).unwrap();
            match stone {
                0 => {}
                1 => other.set_stone(Color::Black, changed).unwrap(),
                _ => other.set_stone(Color::White, changed).unwrap(),
            }
            (text, set, changed, board, other)
        })
}

/// Text made of lines a pattern file may hold, well formed or not, and of
/// odd characters: what a maintainer's editor may produce.
fn arbitrary_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        4 => (0u8..6).prop_map(|i| format!("pattern p{i}")),
        3 => Just(String::new()),
        2 => Just("# a comment".to_string()),
        2 => Just("  # indented".to_string()),
        3 => Just("  link: 0.5".to_string()),
        3 => Just("  @ . X".to_string()),
        3 => Just("  X.O  # row note".to_string()),
        2 => Just("  ? ? ?".to_string()),
        2 => Just("  - - -".to_string()),
        1 => Just("  * a".to_string()),
        1 => Just("  | . .".to_string()),
        1 => Just("  + - -".to_string()),
        1 => Just("  . A b".to_string()),
        1 => Just("  cut:".to_string()),
        1 => Just("Pattern q".to_string()),
        1 => Just("link 0.5".to_string()),
        2 => proptest::collection::vec(
            prop_oneof![
                Just(' '), Just('\t'), Just('#'), Just(':'), Just('X'), Just('O'),
                Just('.'), Just('?'), Just('x'), Just('o'), Just('*'), Just('@'),
                Just('|'), Just('-'), Just('+'), Just('a'), Just('A'), Just('é'),
                Just('='), Just('\r'),
            ],
            0..12,
        )
        .prop_map(|cs| cs.into_iter().collect::<String>()),
    ];
    proptest::collection::vec(line, 0..16).prop_map(|lines| lines.join("\n"))
}

/// The random cases exercise what they should: many matches, among them
/// matches of edge patterns and of patterns reaching outside the 5×5 window.
#[test]
fn random_cases_find_edge_and_wide_matches() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (
        proptest::collection::vec(diagram_rows(), 1..6),
        random_board(),
    );
    let (mut total, mut edge, mut wide) = (0, 0, 0);
    for _ in 0..200 {
        let (diagrams, board) = strategy.new_tree(&mut runner).unwrap().current();
        let set = PatternSet::parse("random.pat", &pattern_file(&diagrams)).unwrap();
        for m in set.matches_both(&board) {
            total += 1;
            let d = set.pattern(m.pattern).unwrap().diagram();
            if d.cells().any(|c| c.symbol.is_off_board()) {
                edge += 1;
            }
            if d.extent() > 2 {
                wide += 1;
            }
        }
    }
    assert!(
        total > 4000 && edge > 1000 && wide > 500,
        "{total} {edge} {wide}"
    );
}

proptest! {
    #[test]
    fn fast_matcher_agrees_with_the_reference(
        diagrams in proptest::collection::vec(diagram_rows(), 1..6),
        board in random_board(),
    ) {
        let text = pattern_file(&diagrams);
        let file = PatternFile::parse("random.pat", &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let set = PatternSet::compile(&file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut both = Vec::new();
        for color in Color::BOTH {
            let fast: Vec<Match> = set.matches(&board, color).collect();
            let slow = reference_matches(file.patterns(), &board, color);
            prop_assert_eq!(&fast, &slow, "{}", text);
            for p in board.points().step_by(11) {
                let here: Vec<Match> = set.matches_at(&board, p, color).collect();
                let expected: Vec<Match> = slow.iter().copied().filter(|m| m.anchor == p).collect();
                prop_assert_eq!(here, expected);
            }
            both.extend(slow);
        }
        both.sort_by_key(sort_key);
        let fast_both: Vec<Match> = set.matches_both(&board).collect();
        prop_assert_eq!(fast_both, both);
    }

    /// `reach` is honest: changing a point leaves every anchor farther than
    /// `reach` from it with the same matches; and some pattern cell is
    /// exactly that far from its anchor.
    #[test]
    fn matches_farther_than_the_reach_from_a_change_stay((text, set, changed, board, other) in change_case()) {
        let reach = set.reach();
        for p in board.points() {
            let far = (p.x() - changed.x()).abs().max((p.y() - changed.y()).abs()) > reach;
            if far {
                for color in Color::BOTH {
                    let before: Vec<Match> = set.matches_at(&board, p, color).collect();
                    let after: Vec<Match> = set.matches_at(&other, p, color).collect();
                    prop_assert_eq!(before, after, "{}", text);
                }
            }
        }
        let farthest = set
            .patterns()
            .iter()
            .flat_map(|p| p.diagram().cells())
            .filter(|c| c.symbol != Symbol::Any)
            .map(|c| c.dx.abs().max(c.dy.abs()))
            .max()
            .unwrap_or(0);
        prop_assert_eq!(reach, farthest);
    }

    /// `depends_on` names exactly the points under the cells of a match
    /// that do not accept every content; and it is honest: changing a
    /// point keeps every match that does not depend on it, and every match
    /// the change brings depends on it.
    #[test]
    fn a_change_keeps_the_matches_that_do_not_depend_on_it((text, set, changed, board, other) in change_case()) {
        let reads_every = |s: Symbol| {
            [Cell::Empty, Cell::Black, Cell::White].iter().all(|&c| s.accepts(c, Color::Black))
        };
        for p in board.points() {
            for color in Color::BOTH {
                let before: Vec<Match> = set.matches_at(&board, p, color).collect();
                let after: Vec<Match> = set.matches_at(&other, p, color).collect();
                for m in &before {
                    let under: Vec<Point> = set
                        .placed_cells(m, board.size())
                        .filter(|c| !reads_every(c.symbol))
                        .filter_map(|c| c.point)
                        .collect();
                    for q in board.points() {
                        prop_assert_eq!(set.depends_on(m, q), under.contains(&q), "{:?} {:?}", m, q);
                    }
                    for q in &under {
                        prop_assert!(set.reads_offset(q.x() - m.anchor.x(), q.y() - m.anchor.y()));
                    }
                    if !set.depends_on(m, changed) {
                        prop_assert!(after.contains(m), "{:?} lost\n{}", m, text);
                    }
                }
                for m in after.iter().filter(|m| !before.contains(m)) {
                    prop_assert!(set.depends_on(m, changed), "{:?} new\n{}", m, text);
                }
                // The matches that depend on the change, found directly.
                for (b, all) in [(&board, &before), (&other, &after)] {
                    let depending: Vec<Match> =
                        all.iter().copied().filter(|m| set.depends_on(m, changed)).collect();
                    let found: Vec<Match> =
                        set.matches_at_depending_on(b, p, color, &[changed]).collect();
                    prop_assert_eq!(found, depending);
                }
            }
        }
        // `reads_offset`: the offsets of the reading cells of every pattern
        // in every orientation the set matches it in, and no others.
        let mut read = std::collections::HashSet::new();
        for (i, p) in set.patterns().iter().enumerate() {
            for s in set.symmetries(i) {
                for c in p.diagram().cells().filter(|c| !reads_every(c.symbol)) {
                    read.insert(s.apply_offset(c.dx, c.dy));
                }
            }
        }
        for dy in -MAX_EXTENT - 1..=MAX_EXTENT + 1 {
            for dx in -MAX_EXTENT - 1..=MAX_EXTENT + 1 {
                prop_assert_eq!(set.reads_offset(dx, dy), read.contains(&(dx, dy)), "({}, {})", dx, dy);
            }
        }
    }

    /// `edge_reach` is honest: when it is `Some(k)`, every match's anchor
    /// lies fewer than `k` lines from an edge; and it is `Some` exactly when
    /// every pattern has a cell that must be off the board.
    #[test]
    fn matches_lie_within_the_edge_reach(
        diagrams in proptest::collection::vec(diagram_rows(), 1..4),
        board in random_board(),
    ) {
        let text = pattern_file(&diagrams);
        let set = PatternSet::parse("random.pat", &text).unwrap();
        let every_pattern_needs_the_edge = set.patterns().iter().all(|p| {
            p.diagram().cells().any(|c| {
                matches!(c.symbol, Symbol::EdgeVertical | Symbol::EdgeHorizontal | Symbol::Corner)
            })
        });
        prop_assert_eq!(set.edge_reach().is_some(), every_pattern_needs_the_edge, "{}", text);
        if let Some(k) = set.edge_reach() {
            for color in Color::BOTH {
                for m in set.matches(&board, color) {
                    prop_assert!(m.anchor.edge_distance(board.size()) < k, "{:?}\n{}", m, text);
                }
            }
        }
    }

    #[test]
    fn matching_a_transformed_board_gives_transformed_matches(
        diagrams in proptest::collection::vec(diagram_rows(), 1..5),
        board in random_board(),
        sym in proptest::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let set = PatternSet::parse("random.pat", &pattern_file(&diagrams)).unwrap();
        let size = board.size();
        let turned = board.transformed(sym);
        let mut before: Vec<Signature> = set
            .matches_both(&board)
            .map(|m| signature(&set, &m, |x, y| transform(sym, x, y, size)))
            .collect();
        let mut after: Vec<Signature> = set
            .matches_both(&turned)
            .map(|m| signature(&set, &m, |x, y| (x, y)))
            .collect();
        before.sort();
        after.sort();
        prop_assert_eq!(before, after);
    }

    #[test]
    fn swapping_colours_swaps_the_colour_of_matches(
        diagrams in proptest::collection::vec(diagram_rows(), 1..5),
        board in random_board(),
    ) {
        let set = PatternSet::parse("random.pat", &pattern_file(&diagrams)).unwrap();
        let swapped = board.swapped_colors();
        for color in Color::BOTH {
            let direct: Vec<Match> = set.matches(&board, color).collect();
            let via_swap: Vec<Match> = set
                .matches(&swapped, color.opponent())
                .map(|m| Match { color, ..m })
                .collect();
            prop_assert_eq!(direct, via_swap);
        }
    }

    /// Any text at all: parsing gives a file or located errors, never a
    /// panic; what parses formats, reparses to the same content and
    /// compiles or reports an error.
    #[test]
    fn arbitrary_text_never_panics(text in arbitrary_text()) {
        match PatternFile::parse("fuzz.pat", &text) {
            Ok(file) => {
                let again = PatternFile::parse("formatted.pat", &file.format())
                    .unwrap_or_else(|e| panic!("{e}\n{text:?}"));
                prop_assert!(file.content_eq(&again), "{:?}", text);
                let _ = PatternSet::compile(&file);
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                for e in &errors {
                    prop_assert!(e.line() >= 1 && e.column() >= 1);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn formatting_random_files_round_trips(
        diagrams in proptest::collection::vec(diagram_rows(), 1..5),
        noise in proptest::collection::vec(0u8..6, 12),
    ) {
        // Decorate a random file with comments, odd spacing and attributes.
        let mut text = String::from("# generated\n");
        for (i, rows) in diagrams.iter().enumerate() {
            let n = |k: usize| noise[(i * 3 + k) % noise.len()];
            if n(0) == 1 {
                text.push_str("\n# about this one\n\n");
            }
            writeln!(text, "pattern   p{i}{}", if n(1) == 2 { "  # header note" } else { "" }).unwrap();
            if n(2) < 3 {
                writeln!(text, "    weight :  {}  ", n(0)).unwrap();
            }
            for (r, row) in rows.iter().enumerate() {
                let spaced: String = if n(1) % 2 == 0 {
                    row.chars().flat_map(|c| [c, ' ']).collect()
                } else {
                    row.clone()
                };
                let comment = if r == 0 && n(2) == 4 { "   #first row" } else { "" };
                writeln!(text, "\t{}{comment}", spaced.trim_end()).unwrap();
            }
            if n(2) == 5 {
                writeln!(text, "  note: after the diagram\n   # an end comment").unwrap();
            }
        }
        let file = PatternFile::parse("random.pat", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let once = file.format();
        let again = PatternFile::parse("formatted.pat", &once).unwrap_or_else(|e| panic!("{e}\n{once}"));
        prop_assert!(file.content_eq(&again), "{}\n=>\n{}", text, once);
        prop_assert_eq!(again.format(), once);
    }
}
