//! The parsed form of a pattern file.

use super::Symbol;
use crate::diag::{Location, Source, SourceError, SourceErrors};
use std::fmt;

/// A parsed pattern file: its source (for diagnostics), its entries in file
/// order, and the comments that follow the last entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternFile {
    pub(crate) source: Source,
    pub(crate) patterns: Vec<Pattern>,
    /// Comment lines (`Some(text after '#')`) and blank lines (`None`) after
    /// the last entry.
    pub(crate) trailing: Vec<Option<String>>,
}

impl PatternFile {
    /// Parses the text of a pattern file. `name` (usually the file path) is
    /// what diagnostics show. On failure, every error found is returned
    /// (at most one per entry: an entry is skipped after its first error).
    pub fn parse(name: &str, text: &str) -> Result<PatternFile, SourceErrors> {
        super::parse::parse_file(name, text)
    }

    /// The source the file was parsed from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The entries in file order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether the file has no entry.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The entry called `name`.
    pub fn get(&self, name: &str) -> Option<&Pattern> {
        self.patterns.iter().find(|p| p.name == name)
    }

    /// The index of the entry called `name` (the `pattern` field of a
    /// [`Match`](super::Match)).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.patterns.iter().position(|p| p.name == name)
    }

    /// A copy of the file in which every diagram cell holds
    /// `f(pattern index, symbol)` instead of its symbol. Anchors stay on
    /// their cells, so offsets and labels elsewhere keep their meaning:
    /// a consumer can compile a stricter set than the one written (say, a
    /// labelled cell that must hold an own stone) without rewriting text.
    #[must_use]
    pub fn map_symbols(&self, f: impl Fn(usize, Symbol) -> Symbol) -> PatternFile {
        let mut out = self.clone();
        for (i, p) in out.patterns.iter_mut().enumerate() {
            for cell in &mut p.diagram.cells {
                *cell = f(i, *cell);
            }
        }
        out
    }

    /// A diagnostic at `location` of this file, for consumers that validate
    /// attribute values: `file.error_at(attr.value_location, "...")`.
    pub fn error_at(&self, location: Location, message: impl Into<String>) -> SourceError {
        self.source.error_at(location, message)
    }

    /// The canonical text of the file: two-space indents, cells separated by
    /// single spaces, attributes before the diagram, one blank line between
    /// entries, comments kept. Parsing the result gives a file with the same
    /// content ([`PatternFile::content_eq`]), and formatting is idempotent.
    pub fn format(&self) -> String {
        super::format::format_file(self)
    }

    /// Whether two files hold the same entries, attributes, diagrams and
    /// comments, ignoring where in their sources they were written. A
    /// formatter checks `parse(format(f))` against `f` with this.
    pub fn content_eq(&self, other: &PatternFile) -> bool {
        self.trailing == other.trailing
            && self.patterns.len() == other.patterns.len()
            && self
                .patterns
                .iter()
                .zip(&other.patterns)
                .all(|(a, b)| a.content_eq(b))
    }
}

impl fmt::Display for PatternFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format())
    }
}

/// One `key: value` line of an entry. The value is the raw text after the
/// colon (trimmed); its meaning belongs to the consumer, which reports its
/// own validation errors at `value_location` through
/// [`PatternFile::error_at`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The key: letters, digits, `-` and `_`, starting with a letter.
    pub key: String,
    /// The raw value, trimmed; never empty.
    pub value: String,
    /// Where the key starts.
    pub key_location: Location,
    /// Where the value starts.
    pub value_location: Location,
}

/// Comments attached to one attribute line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemComments {
    /// Whole-line comments just above the item.
    pub(crate) leading: Vec<String>,
    /// The comment at the end of the item's line.
    pub(crate) trailing: Option<String>,
}

/// Every comment of an entry, so that formatting keeps them. Texts are what
/// follows `#`, right-trimmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EntryComments {
    /// Comment lines (`Some`) and blank lines (`None`) above the header.
    pub(crate) leading: Vec<Option<String>>,
    /// The comment at the end of the header line.
    pub(crate) header: Option<String>,
    /// One per attribute, in order.
    pub(crate) attributes: Vec<ItemComments>,
    /// Whole-line comments just above the diagram.
    pub(crate) diagram: Vec<String>,
    /// One per diagram row: the comment at the end of the row.
    pub(crate) rows: Vec<Option<String>>,
    /// Indented comment lines after the entry's last line.
    pub(crate) end: Vec<String>,
}

/// One entry of a pattern file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub(crate) name: String,
    pub(crate) location: Location,
    pub(crate) name_location: Location,
    pub(crate) attributes: Vec<Attribute>,
    pub(crate) diagram: Diagram,
    /// Where each diagram cell was written, row by row.
    pub(crate) cell_locations: Vec<Location>,
    pub(crate) comments: EntryComments,
}

impl Pattern {
    /// The name given in the `pattern NAME` header.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the header (the word `pattern`) starts.
    pub fn location(&self) -> Location {
        self.location
    }

    /// Where the name starts in the header.
    pub fn name_location(&self) -> Location {
        self.name_location
    }

    /// The attributes in the order written.
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// The attribute with `key`.
    pub fn attribute(&self, key: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.key == key)
    }

    /// The value of the attribute with `key`.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.attribute(key).map(|a| a.value.as_str())
    }

    /// The diagram.
    pub fn diagram(&self) -> &Diagram {
        &self.diagram
    }

    /// Where the diagram cell at `column`, `row` (from 0, top-left) was written.
    pub fn cell_location(&self, column: usize, row: usize) -> Option<Location> {
        if column >= self.diagram.width || row >= self.diagram.height {
            return None;
        }
        self.cell_locations
            .get(row * self.diagram.width + column)
            .copied()
    }

    /// The whole-line comments written just above the header (without the
    /// `#`), e.g. a description of the pattern.
    pub fn comments(&self) -> impl Iterator<Item = &str> {
        self.comments.leading.iter().flatten().map(String::as_str)
    }

    /// Whether two entries have the same name, attributes (keys and values),
    /// diagram and comments, wherever they were written.
    pub fn content_eq(&self, other: &Pattern) -> bool {
        self.name == other.name
            && self.diagram == other.diagram
            && self.comments == other.comments
            && self.attributes.len() == other.attributes.len()
            && self
                .attributes
                .iter()
                .zip(&other.attributes)
                .all(|(a, b)| a.key == b.key && a.value == b.value)
    }
}

impl fmt::Display for Pattern {
    /// The canonical text of this entry, with its comments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        super::format::format_entry(&mut out, self);
        f.write_str(&out)
    }
}

/// A rectangular diagram with its anchor. Cells are addressed by `column`
/// and `row` from the top-left (from 0); offsets `(dx, dy)` are relative to
/// the anchor, x to the right and y downwards, as in
/// [`Symmetry::apply_offset`](crate::Symmetry::apply_offset).
///
/// A diagram is valid by construction: rows of equal length, at most one
/// explicit anchor, labels unique, off-board cells only in edge rows and
/// columns at the sides of the diagram.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) cells: Vec<Symbol>,
    pub(crate) anchor: (usize, usize),
}

/// One cell of a [`Diagram`] with its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiagramCell {
    /// Column from the left, from 0.
    pub column: usize,
    /// Row from the top, from 0.
    pub row: usize,
    /// Horizontal offset from the anchor.
    pub dx: i32,
    /// Vertical offset from the anchor (downwards).
    pub dy: i32,
    /// What the cell requires.
    pub symbol: Symbol,
}

impl Diagram {
    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The symbol at `column`, `row`.
    pub fn get(&self, column: usize, row: usize) -> Option<Symbol> {
        if column < self.width && row < self.height {
            self.cells.get(row * self.width + column).copied()
        } else {
            None
        }
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Symbol]> {
        self.cells.chunks(self.width.max(1))
    }

    /// `(column, row)` of the anchor: the `*` or `@` cell, or else the first
    /// cell in reading order that is neither `?` nor off the board.
    pub fn anchor(&self) -> (usize, usize) {
        self.anchor
    }

    /// Whether the anchor is written explicitly (`*` or `@`).
    pub fn has_explicit_anchor(&self) -> bool {
        self.cells.iter().any(|s| s.is_anchor())
    }

    /// Every cell in reading order with its offset from the anchor.
    pub fn cells(&self) -> impl Iterator<Item = DiagramCell> + '_ {
        let (ax, ay) = self.anchor;
        self.cells.iter().enumerate().map(move |(i, &symbol)| {
            let (column, row) = (i % self.width, i / self.width);
            DiagramCell {
                column,
                row,
                dx: column as i32 - ax as i32,
                dy: row as i32 - ay as i32,
                symbol,
            }
        })
    }

    /// The labels in reading order with their offsets from the anchor.
    pub fn labels(&self) -> impl Iterator<Item = (char, (i32, i32))> + '_ {
        self.cells()
            .filter_map(|c| c.symbol.label().map(|l| (l, (c.dx, c.dy))))
    }

    /// The offset from the anchor of the cell labelled `label`.
    pub fn label_offset(&self, label: char) -> Option<(i32, i32)> {
        self.labels().find(|&(l, _)| l == label).map(|(_, d)| d)
    }

    /// The largest distance, in columns or rows, from the anchor to a cell
    /// that constrains the board (anything but `?`).
    pub fn extent(&self) -> i32 {
        self.cells()
            .filter(|c| c.symbol != Symbol::Any)
            .map(|c| c.dx.abs().max(c.dy.abs()))
            .max()
            .unwrap_or(0)
    }
}

impl fmt::Display for Diagram {
    /// The rows, cells separated by single spaces, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            let line: Vec<String> = row.iter().map(|s| s.to_char().to_string()).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}
