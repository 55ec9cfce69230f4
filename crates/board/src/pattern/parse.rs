//! The pattern-file parser: one nom parser per kind of line (header,
//! attribute, diagram row), and a line-by-line state machine that tracks
//! locations, assembles entries, keeps comments and validates diagrams.

use super::syntax::{Attribute, Diagram, EntryComments, ItemComments, Pattern, PatternFile};
use super::{EXPECTED_SYMBOLS, Symbol};
use crate::diag::{Location, Source, SourceError, SourceErrors};
use crate::point::{MAX_SIZE, MIN_SIZE};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{anychar, char, satisfy, space0, space1};
use nom::combinator::{eof, recognize, rest};
use nom::multi::fold_many1;
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Offset, Parser};
use std::collections::HashMap;

/// The header keyword.
const KEYWORD: &str = "pattern";

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

// ----- nom parsers for one line (comment already removed) -------------------

/// `pattern` at the start of a line, followed by blanks or the end.
fn keyword(i: &str) -> IResult<&str, &str> {
    preceded(space0, terminated(tag(KEYWORD), alt((space1, eof)))).parse(i)
}

/// A pattern name.
fn name(i: &str) -> IResult<&str, &str> {
    take_while1(is_name_char).parse(i)
}

/// `key: value`; the value is the rest of the line.
fn attribute(i: &str) -> IResult<&str, (&str, &str)> {
    (
        preceded(
            space0,
            recognize((
                satisfy(|c| c.is_ascii_alphabetic()),
                take_while(is_name_char),
            )),
        ),
        delimited(space0, char(':'), space0),
        rest,
    )
        .map(|(key, _, value)| (key, value))
        .parse(i)
}

/// Diagram cells, one character each, optionally separated by blanks,
/// appended to `cells` with their byte offsets in `i`. Any character is
/// accepted here; the state machine checks the symbols, because what to say
/// about a stray character depends on where it is.
fn row<'a>(i: &'a str, cells: &mut Vec<(char, usize)>) -> IResult<&'a str, ()> {
    let cell = terminated(recognize(anychar), space0);
    preceded(
        space0,
        fold_many1(
            cell,
            || (),
            |(), c: &str| {
                if let Some(ch) = c.chars().next() {
                    cells.push((ch, i.offset(c)));
                }
            },
        ),
    )
    .parse(i)
}

/// What one line holds; offsets are bytes into the line.
enum LineKind<'a> {
    Blank,
    Header {
        keyword_at: usize,
        name: &'a str,
        name_at: usize,
    },
    Attribute {
        key: &'a str,
        key_at: usize,
        value: &'a str,
        value_at: usize,
    },
    /// A diagram row; its cells are in the parser's buffer.
    Row,
}

/// A mistake found within one line.
struct LineError {
    at: usize,
    len: usize,
    message: String,
    label: String,
    notes: Vec<String>,
}

impl LineError {
    fn new(at: usize, message: impl Into<String>, label: impl Into<String>) -> LineError {
        LineError {
            at,
            len: 1,
            message: message.into(),
            label: label.into(),
            notes: Vec::new(),
        }
    }
}

/// What `line` holds. The cells of a diagram row are put in `cells`.
fn classify<'a>(line: &'a str, cells: &mut Vec<(char, usize)>) -> Result<LineKind<'a>, LineError> {
    if line.trim().is_empty() {
        return Ok(LineKind::Blank);
    }
    if let Ok((after, kw)) = keyword(line) {
        let keyword_at = line.offset(kw);
        let Ok((tail, name)) = name(after) else {
            let at = line.offset(after);
            return Err(match after.chars().next() {
                None => LineError::new(
                    at,
                    "missing pattern name",
                    "expected a name after 'pattern'",
                ),
                Some(c) => LineError::new(
                    at,
                    format!("invalid character '{c}' in pattern name"),
                    "names use letters, digits, '-' and '_'",
                ),
            });
        };
        let trimmed = tail.trim_start();
        if let Some(c) = trimmed.chars().next() {
            let at = line.offset(trimmed);
            return Err(if trimmed.len() == tail.len() {
                LineError::new(
                    at,
                    format!("invalid character '{c}' in pattern name"),
                    "names use letters, digits, '-' and '_'",
                )
            } else {
                LineError::new(
                    at,
                    "unexpected text after the pattern name",
                    "expected the end of the line (names cannot contain spaces)",
                )
            });
        }
        return Ok(LineKind::Header {
            keyword_at,
            name,
            name_at: line.offset(name),
        });
    }
    if let Ok((_, (key, value))) = attribute(line) {
        let value_at = line.offset(value);
        let value = value.trim_end();
        if value.is_empty() {
            return Err(LineError::new(
                value_at,
                format!("attribute '{key}' has no value"),
                "expected a value after ':'",
            ));
        }
        return Ok(LineKind::Attribute {
            key,
            key_at: line.offset(key),
            value,
            value_at,
        });
    }
    cells.clear();
    if row(line, cells).is_ok() {
        return Ok(LineKind::Row);
    }
    // `row` accepts every non-blank line; this is only a safety net.
    Err(LineError::new(
        0,
        "unreadable line",
        "expected a header, an attribute or a diagram row",
    ))
}

/// Levenshtein distance, for "did you mean" hints on short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The first word of a line if it is made of letters only.
fn first_word(line: &str) -> Option<(&str, usize)> {
    let trimmed = line.trim_start();
    let word = trimmed.split(|c: char| c.is_whitespace()).next()?;
    (word.len() >= 2 && word.chars().all(|c| c.is_ascii_alphabetic()))
        .then(|| (word, line.offset(trimmed)))
}

/// A line that reads as a diagram row but starts with something like a
/// misspelt `pattern` keyword.
fn misspelt_keyword(line: &str) -> Option<LineError> {
    let (word, at) = first_word(line)?;
    let lower = word.to_ascii_lowercase();
    (word.len() >= 4 && word != KEYWORD && edit_distance(&lower, KEYWORD) <= 2).then(|| {
        let mut e = LineError::new(
            at,
            format!("unknown keyword '{word}'"),
            "expected 'pattern NAME' to start a pattern",
        );
        e.len = word.chars().count();
        e
    })
}

// ----- the state machine -----------------------------------------------------

/// A whole-line comment or a blank line between items.
enum Trivia {
    Blank,
    Comment { text: String, indented: bool },
}

#[derive(PartialEq, Eq)]
enum DiagramState {
    NotStarted,
    Open,
    Closed,
}

/// The entry being read.
struct Entry {
    name: String,
    location: Location,
    name_location: Location,
    comments: EntryComments,
    attributes: Vec<Attribute>,
    /// The diagram so far: its cells row by row, where each was written,
    /// and the width of its first row.
    cells: Vec<Symbol>,
    locations: Vec<Location>,
    width: usize,
    state: DiagramState,
}

struct FileParser<'s> {
    source: &'s Source,
    errors: SourceErrors,
    patterns: Vec<Pattern>,
    names: HashMap<&'s str, Location>,
    /// The cells of the current line, when it is a diagram row.
    cells: Vec<(char, usize)>,
    entry: Option<Entry>,
    /// After an error: ignore everything up to the next header.
    skipping: bool,
    pending: Vec<Trivia>,
}

/// Splits a line into its content and the text of its comment.
fn split_comment(raw: &str) -> (&str, Option<String>) {
    match raw.find('#') {
        Some(i) => (&raw[..i], Some(raw[i + 1..].trim_end().to_string())),
        None => (raw, None),
    }
}

pub(crate) fn parse_file(name: &str, text: &str) -> Result<PatternFile, SourceErrors> {
    let source = Source::new(name, text);
    // About as many entries as occurrences of the keyword.
    let entries = text.matches(KEYWORD).count();
    let mut parser = FileParser {
        source: &source,
        errors: SourceErrors::new(),
        patterns: Vec::with_capacity(entries),
        names: HashMap::with_capacity(entries),
        cells: Vec::new(),
        entry: None,
        skipping: false,
        pending: Vec::new(),
    };
    for number in 1..=source.line_count() {
        let mut raw = source.line_text(number);
        if number == 1 {
            raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        }
        parser.line(number, raw);
    }
    parser.finish_entry();
    let trailing = normalise_trailing(std::mem::take(&mut parser.pending));
    let FileParser {
        errors, patterns, ..
    } = parser;
    let file = PatternFile {
        source,
        patterns,
        trailing,
    };
    errors.into_result(file)
}

/// The location of byte `byte` of line `number`, whose text is `raw`.
fn location(number: usize, raw: &str, byte: usize) -> Location {
    let mut byte = byte.min(raw.len());
    while !raw.is_char_boundary(byte) {
        byte -= 1;
    }
    Location::new(number, raw[..byte].chars().count() + 1)
}

impl<'s> FileParser<'s> {
    fn report(&mut self, error: SourceError) {
        self.errors.push(error);
        self.entry = None;
        self.skipping = true;
        self.pending.clear();
    }

    fn line(&mut self, number: usize, raw: &'s str) {
        let (content, comment) = split_comment(raw);
        let mut cells = std::mem::take(&mut self.cells);
        let kind = classify(content, &mut cells);
        if self.skipping && !matches!(kind, Ok(LineKind::Header { .. })) {
            self.cells = cells;
            return;
        }
        match kind {
            Err(e) => {
                let mut error = self
                    .source
                    .error_at(location(number, raw, e.at), e.message)
                    .with_label(e.label)
                    .with_len(e.len);
                for note in e.notes {
                    error = error.with_note(note);
                }
                self.report(error);
            }
            Ok(LineKind::Blank) => {
                if let Some(entry) = &mut self.entry {
                    if entry.state == DiagramState::Open {
                        entry.state = DiagramState::Closed;
                    }
                }
                self.pending.push(match comment {
                    Some(text) => Trivia::Comment {
                        text,
                        indented: raw.starts_with([' ', '\t']),
                    },
                    None => Trivia::Blank,
                });
            }
            Ok(LineKind::Header {
                keyword_at,
                name,
                name_at,
            }) => {
                self.header(number, raw, keyword_at, name, name_at, comment);
            }
            Ok(LineKind::Attribute {
                key,
                key_at,
                value,
                value_at,
            }) => {
                let key_location = location(number, raw, key_at);
                let value_location = location(number, raw, value_at);
                self.attribute(
                    Attribute {
                        key: key.to_string(),
                        value: value.to_string(),
                        key_location,
                        value_location,
                    },
                    comment,
                );
            }
            Ok(LineKind::Row) => self.row(number, raw, content, &cells, comment),
        }
        self.cells = cells;
    }

    fn header(
        &mut self,
        number: usize,
        raw: &str,
        keyword_at: usize,
        name: &'s str,
        name_at: usize,
        comment: Option<String>,
    ) {
        self.finish_entry();
        self.skipping = false;
        let header_location = location(number, raw, keyword_at);
        let name_location = location(number, raw, name_at);
        if let Some(first) = self.names.get(name) {
            let error = self
                .source
                .error_at(name_location, format!("duplicate pattern name '{name}'"))
                .with_label("this name is already taken")
                .with_len(name.chars().count())
                .with_note(format!(
                    "the first pattern '{name}' is at line {}",
                    first.line
                ));
            self.report(error);
            return;
        }
        self.names.insert(name, name_location);
        let leading = normalise_leading(std::mem::take(&mut self.pending));
        self.entry = Some(Entry {
            name: name.to_string(),
            location: header_location,
            name_location,
            comments: EntryComments {
                leading,
                header: comment,
                ..EntryComments::default()
            },
            attributes: Vec::new(),
            cells: Vec::new(),
            locations: Vec::new(),
            width: 0,
            state: DiagramState::NotStarted,
        });
    }

    fn pending_comments(&mut self) -> Vec<String> {
        std::mem::take(&mut self.pending)
            .into_iter()
            .filter_map(|t| match t {
                Trivia::Comment { text, .. } => Some(text),
                Trivia::Blank => None,
            })
            .collect()
    }

    fn attribute(&mut self, attribute: Attribute, comment: Option<String>) {
        let Some(entry) = &self.entry else {
            let error = self
                .source
                .error_at(attribute.key_location, "attribute outside of a pattern")
                .with_label("expected 'pattern NAME' before the first attribute")
                .with_len(attribute.key.chars().count());
            self.report(error);
            return;
        };
        if let Some(first) = entry.attributes.iter().find(|a| a.key == attribute.key) {
            let error = self
                .source
                .error_at(
                    attribute.key_location,
                    format!(
                        "duplicate attribute '{}' in pattern '{}'",
                        attribute.key, entry.name
                    ),
                )
                .with_label("each key may be given once per pattern")
                .with_len(attribute.key.chars().count())
                .with_note(format!("first given at line {}", first.key_location.line));
            self.report(error);
            return;
        }
        let leading = self.pending_comments();
        let Some(entry) = &mut self.entry else { return };
        if entry.state == DiagramState::Open {
            entry.state = DiagramState::Closed;
        }
        // Comments are stored up to the last commented attribute only.
        if !leading.is_empty() || comment.is_some() {
            let index = entry.attributes.len();
            entry
                .comments
                .attributes
                .resize(index, ItemComments::default());
            entry.comments.attributes.push(ItemComments {
                leading,
                trailing: comment,
            });
        }
        entry.attributes.push(attribute);
    }

    fn row(
        &mut self,
        number: usize,
        raw: &str,
        content: &str,
        cells: &[(char, usize)],
        comment: Option<String>,
    ) {
        let first_at = cells.first().map_or(0, |&(_, at)| at);
        let Some(entry) = &self.entry else {
            let error = if let Some(e) = misspelt_keyword(content) {
                self.source
                    .error_at(location(number, raw, e.at), e.message)
                    .with_label(e.label)
                    .with_len(e.len)
            } else {
                self.source
                    .error_at(location(number, raw, first_at), "text outside of a pattern")
                    .with_label("expected 'pattern NAME' before the first diagram row")
            };
            self.report(error);
            return;
        };
        if let Some(e) = misspelt_keyword(content) {
            let error = self
                .source
                .error_at(location(number, raw, e.at), e.message)
                .with_label(e.label)
                .with_len(e.len);
            self.report(error);
            return;
        }
        // Unknown characters.
        if let Some(&(c, at)) = cells.iter().find(|(c, _)| Symbol::from_char(*c).is_none()) {
            // `word text` with a stray character after the word is most
            // likely an attribute without its colon.
            let word = first_word(content).filter(|&(w, start)| {
                start + w.len() < at && content[start + w.len()..].starts_with([' ', '\t'])
            });
            let error = if let Some((word, start)) = word {
                self.source
                    .error_at(
                        location(number, raw, start + word.len()),
                        format!("missing ':' after '{word}'"),
                    )
                    .with_label("expected ':' here")
                    .with_note("attributes are written 'key: value'; diagram rows hold only diagram symbols")
            } else if entry.state == DiagramState::Closed {
                self.source
                    .error_at(
                        location(number, raw, first_at),
                        format!(
                            "unexpected text after the diagram of pattern '{}'",
                            entry.name
                        ),
                    )
                    .with_label(
                        "expected 'key: value', or 'pattern NAME' to start the next pattern",
                    )
            } else {
                self.source
                    .error_at(
                        location(number, raw, at),
                        format!("unknown symbol '{c}' in diagram"),
                    )
                    .with_label(format!("expected one of: {EXPECTED_SYMBOLS}"))
            };
            self.report(error);
            return;
        }
        let count = cells.len();
        match entry.state {
            DiagramState::Closed => {
                let start = entry.locations.first().map_or(0, |l| l.line);
                let error = self
                    .source
                    .error_at(
                        location(number, raw, first_at),
                        format!("the diagram of pattern '{}' is interrupted", entry.name),
                    )
                    .with_label("diagram rows must be contiguous; this row starts a second diagram")
                    .with_note(format!(
                        "the diagram starts at line {start}; a blank line, a comment line or an \
                         attribute ends it"
                    ));
                self.report(error);
                return;
            }
            DiagramState::Open if count != entry.width => {
                let width = entry.width;
                let first_line = entry.locations.first().map_or(0, |l| l.line);
                let message = format!(
                    "ragged diagram: this row has {count} cells, the first row (line \
                     {first_line}) has {width}"
                );
                let error = if count > width {
                    self.source
                        .error_at(location(number, raw, cells[width].1), message)
                        .with_label("expected the row to end before this cell")
                        .with_len(count - width)
                } else {
                    let last = cells.last().map_or(0, |&(_, at)| at + 1);
                    self.source
                        .error_at(location(number, raw, last), message)
                        .with_label(format!("expected {} more cell(s) here", width - count))
                };
                self.report(error);
                return;
            }
            DiagramState::Open | DiagramState::NotStarted => {}
        }
        let leading = self.pending_comments();
        let Some(entry) = &mut self.entry else { return };
        if entry.state == DiagramState::NotStarted {
            entry.state = DiagramState::Open;
            entry.width = count;
            entry.cells.reserve(count * 6);
            entry.locations.reserve(count * 6);
            entry.comments.diagram = leading;
        }
        // Comments are stored up to the last commented row only.
        if let Some(comment) = comment {
            let index = entry.locations.len() / entry.width.max(1);
            entry.comments.rows.resize(index, None);
            entry.comments.rows.push(Some(comment));
        }
        for &(c, at) in cells {
            if let Some(symbol) = Symbol::from_char(c) {
                entry.cells.push(symbol);
                entry.locations.push(location(number, raw, at));
            }
        }
    }

    /// Ends the current entry: keeps its indented trailing comments, validates
    /// its diagram and stores it.
    fn finish_entry(&mut self) {
        let Some(mut entry) = self.entry.take() else {
            return;
        };
        let split = self
            .pending
            .iter()
            .take_while(|t| matches!(t, Trivia::Comment { indented: true, .. }))
            .count();
        entry.comments.end = self
            .pending
            .drain(..split)
            .filter_map(|t| match t {
                Trivia::Comment { text, .. } => Some(text),
                Trivia::Blank => None,
            })
            .collect();
        if entry.cells.is_empty() {
            let error = self
                .source
                .error_at(
                    entry.name_location,
                    format!("pattern '{}' has no diagram", entry.name),
                )
                .with_label("expected diagram rows below this header")
                .with_len(entry.name.chars().count());
            self.errors.push(error);
            return;
        }
        match build_diagram(
            self.source,
            &entry.name,
            entry.width,
            entry.cells,
            entry.locations,
        ) {
            Ok((diagram, cell_locations)) => self.patterns.push(Pattern {
                name: entry.name,
                location: entry.location,
                name_location: entry.name_location,
                attributes: entry.attributes,
                diagram,
                cell_locations,
                comments: entry.comments,
            }),
            Err(error) => self.errors.push(error),
        }
    }
}

/// Drops blank lines at the start and merges runs of blank lines.
fn normalise_leading(trivia: Vec<Trivia>) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = Vec::new();
    for t in trivia {
        match t {
            Trivia::Blank => {
                if matches!(out.last(), Some(Some(_))) {
                    out.push(None);
                }
            }
            Trivia::Comment { text, .. } => out.push(Some(text)),
        }
    }
    out
}

/// Merges runs of blank lines and drops blank lines at the end.
fn normalise_trailing(trivia: Vec<Trivia>) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = Vec::new();
    for t in trivia {
        match t {
            Trivia::Blank => {
                if !matches!(out.last(), Some(None)) {
                    out.push(None);
                }
            }
            Trivia::Comment { text, .. } => out.push(Some(text)),
        }
    }
    while matches!(out.last(), Some(None)) {
        out.pop();
    }
    out
}

/// Checks anchors, labels and edges, and finds the anchor.
fn build_diagram(
    source: &Source,
    name: &str,
    width: usize,
    cells: Vec<Symbol>,
    locations: Vec<Location>,
) -> Result<(Diagram, Vec<Location>), SourceError> {
    let height = cells.len() / width;

    // At most one explicit anchor.
    let mut anchors = (0..cells.len()).filter(|&i| cells[i].is_anchor());
    let explicit = anchors.next();
    if let (Some(first), Some(second)) = (explicit, anchors.next()) {
        return Err(source
            .error_at(
                locations[second],
                format!("two anchors in pattern '{name}'"),
            )
            .with_label("second anchor")
            .with_note(format!(
                "the first anchor ('{}') is at line {}, column {}; a pattern has at most one \
                 '*' or '@'",
                cells[first], locations[first].line, locations[first].column
            )));
    }

    // Unique labels (all ASCII letters).
    let mut seen = [usize::MAX; 128];
    for (i, s) in cells.iter().enumerate() {
        if let Some(label) = s.label() {
            let slot = &mut seen[label as usize & 127];
            if *slot != usize::MAX {
                let first = *slot;
                return Err(source
                    .error_at(
                        locations[i],
                        format!("duplicate label '{label}' in pattern '{name}'"),
                    )
                    .with_label("this label is already used")
                    .with_note(format!(
                        "first used at line {}, column {}; a label names one point",
                        locations[first].line, locations[first].column
                    )));
            }
            *slot = i;
        }
    }

    // Off-board cells: whole rows at the top or bottom, whole columns at the
    // left or right, '+' where they meet.
    if cells.iter().any(|s| s.is_off_board()) {
        check_edges(source, width, &cells, &locations)?;
    }

    // The anchor.
    let Some(anchor) = explicit.or_else(|| cells.iter().position(|s| s.is_on_board())) else {
        return Err(source
            .error_at(
                locations[0],
                format!("pattern '{name}' has nothing to anchor on"),
            )
            .with_label(
                "every cell is '?' or off the board; a pattern needs a cell on the board",
            ));
    };
    let diagram = Diagram {
        width,
        height,
        cells,
        anchor: (anchor % width, anchor / width),
    };
    Ok((diagram, locations))
}

/// Checks that off-board cells form whole edge rows and columns at the
/// sides of the diagram, with `+` where they meet, and that opposite edges
/// leave room for a board.
fn check_edges(
    source: &Source,
    width: usize,
    cells: &[Symbol],
    locations: &[Location],
) -> Result<(), SourceError> {
    let height = cells.len() / width;
    let at = |column: usize, row: usize| row * width + column;
    let off_row: Vec<bool> = (0..height)
        .map(|r| {
            (0..width).any(|c| matches!(cells[at(c, r)], Symbol::EdgeHorizontal | Symbol::Corner))
        })
        .collect();
    let off_col: Vec<bool> = (0..width)
        .map(|c| {
            (0..height).any(|r| matches!(cells[at(c, r)], Symbol::EdgeVertical | Symbol::Corner))
        })
        .collect();
    for r in 0..height {
        for c in 0..width {
            let s = cells[at(c, r)];
            let (expected, why) = match (off_row[r], off_col[c]) {
                (true, true) => (
                    Symbol::Corner,
                    "this cell is in an off-board row and an off-board column",
                ),
                (true, false) => (
                    Symbol::EdgeHorizontal,
                    "a row with '-' or '+' lies beyond the top or bottom edge",
                ),
                (false, true) => (
                    Symbol::EdgeVertical,
                    "a column with '|' or '+' lies beyond the left or right edge",
                ),
                (false, false) => continue,
            };
            if s != expected {
                let place = match expected {
                    Symbol::Corner => "where an off-board row meets an off-board column",
                    Symbol::EdgeHorizontal => "in an off-board row",
                    _ => "in an off-board column",
                };
                return Err(source
                    .error_at(locations[at(c, r)], format!("'{s}' {place}"))
                    .with_label(format!("expected '{expected}': {why}")));
            }
        }
    }
    // Characters from the first to the last cell of row `r`.
    let row_span = |r: usize| {
        locations[at(width - 1, r)]
            .column
            .saturating_sub(locations[at(0, r)].column)
            + 1
    };
    let top = off_row.iter().take_while(|&&o| o).count();
    let bottom = off_row.iter().rev().take_while(|&&o| o).count();
    let left = off_col.iter().take_while(|&&o| o).count();
    let right = off_col.iter().rev().take_while(|&&o| o).count();
    // With every row (or every column) off the board there is no anchor;
    // that is reported below.
    if top < height && left < width {
        if let Some(r) = (top..height - bottom).find(|&r| off_row[r]) {
            return Err(source
                .error_at(
                    locations[at(0, r)],
                    "off-board row in the middle of the diagram",
                )
                .with_label("rows of '-' mark the top or bottom edge: they must come first or last")
                .with_len(row_span(r)));
        }
        if let Some(c) = (left..width - right).find(|&c| off_col[c]) {
            return Err(source
                .error_at(
                    locations[at(c, 0)],
                    "off-board column in the middle of the diagram",
                )
                .with_label(
                    "columns of '|' mark the left or right edge: they must come first or last",
                ));
        }
        let spans = [
            (
                top > 0 && bottom > 0,
                height - top - bottom,
                "top and bottom",
                "rows",
                at(0, height - bottom),
            ),
            (
                left > 0 && right > 0,
                width - left - right,
                "left and right",
                "columns",
                at(width - right, 0),
            ),
        ];
        for (both, inner, edges, unit, cell) in spans {
            if both && !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&inner) {
                return Err(source
                    .error_at(
                        locations[cell],
                        format!(
                            "the {edges} edges leave {inner} {unit} for the board, so no board fits"
                        ),
                    )
                    .with_label(format!("board sizes are {MIN_SIZE} to {MAX_SIZE}"))
                    .with_len(if unit == "rows" {
                        row_span(height - bottom)
                    } else {
                        1
                    }));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_classified() {
        let mut cells = Vec::new();
        let mut classify = |line| classify(line, &mut cells);
        assert!(matches!(classify("   "), Ok(LineKind::Blank)));
        assert!(matches!(
            classify("pattern foo-1_b"),
            Ok(LineKind::Header {
                name: "foo-1_b",
                name_at: 8,
                keyword_at: 0
            })
        ));
        assert!(matches!(
            classify("  link :  0.5 "),
            Ok(LineKind::Attribute {
                key: "link",
                key_at: 2,
                value: "0.5",
                value_at: 10
            })
        ));
        assert!(classify("pattern").is_err());
        assert!(classify("pattern a b").is_err());
        assert!(classify("pattern a.b").is_err());
        assert!(classify("cut:").is_err());
        // `patterns` is not the keyword: it reads as a row (and fails later).
        assert!(matches!(classify("patterns x"), Ok(LineKind::Row)));
        assert!(matches!(classify(" X.O  ?"), Ok(LineKind::Row)));
        assert_eq!(cells, vec![('X', 1), ('.', 2), ('O', 3), ('?', 6)]);
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("pattern", "pattern"), 0);
        assert_eq!(edit_distance("patern", "pattern"), 1);
        assert_eq!(edit_distance("patterns", "pattern"), 1);
        assert_eq!(edit_distance("ptatern", "pattern"), 2);
        assert_eq!(edit_distance("abc", ""), 3);
    }
}
