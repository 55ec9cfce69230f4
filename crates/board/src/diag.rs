//! Source diagnostics shared by every text format in keisei: pattern files,
//! the eye-shape database, reinforcement rules, weight tables.
//!
//! A [`SourceError`] names a file, a 1-based line and column, says what was
//! found and what was expected, and carries the text of the offending line so
//! it renders on its own, rustc style:
//!
//! ```text
//! error: unknown symbol '=' in diagram
//!   --> fixtures/patterns/broken.pat:12:5
//!    |
//! 12 |   . = X
//!    |     ^ expected one of: X O . ? x o * @ | - + or a label letter
//! ```
//!
//! A parser usually wraps its input in a [`Source`] (name, text and an index
//! of line starts) and builds errors from byte offsets or [`Location`]s with
//! [`Source::error`] / [`Source::error_at`]. Parsers that go on after the
//! first mistake collect their diagnostics in [`SourceErrors`].
//!
//! Columns count characters (not bytes) from 1; a tab counts as one column
//! and is drawn as four spaces in the rendering.

use std::fmt;

/// A position in a text: 1-based line and 1-based column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl Location {
    /// The location at `line`, `column` (both from 1).
    pub const fn new(line: usize, column: usize) -> Location {
        Location { line, column }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input can be used but is probably not what its author meant
    /// (what a linter reports).
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One diagnostic about a text source: where, what was found, what was
/// expected, and the offending line. Self-contained: it owns the file name
/// and the text of its line, so it outlives the source it came from.
///
/// `Display` renders it rustc style (see the [module documentation](self)).
///
/// The error is one pointer wide (its content is boxed), so results that
/// carry it stay small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    severity: Severity,
    file: String,
    location: Location,
    len: usize,
    message: String,
    label: String,
    line_text: String,
    notes: Vec<String>,
}

impl SourceError {
    /// A diagnostic at `location` of `file`, whose line reads `line_text`
    /// (without its line break). The caret is one character wide and has no
    /// label until [`with_label`](Self::with_label) and
    /// [`with_len`](Self::with_len) say otherwise.
    pub fn new(
        file: impl Into<String>,
        location: Location,
        line_text: impl Into<String>,
        message: impl Into<String>,
    ) -> SourceError {
        SourceError {
            inner: Box::new(Inner {
                severity: Severity::Error,
                file: file.into(),
                location,
                len: 1,
                message: message.into(),
                label: String::new(),
                line_text: line_text.into(),
                notes: Vec::new(),
            }),
        }
    }

    /// A diagnostic at byte `offset` of `text` (the whole content of `file`).
    /// Offsets past the end point just after the last character; offsets
    /// inside a multi-byte character point at that character.
    pub fn at_offset(
        file: impl Into<String>,
        text: &str,
        offset: usize,
        message: impl Into<String>,
    ) -> SourceError {
        Source::new(file, text).error(offset, message)
    }

    /// A diagnostic at `location` of `text` (the whole content of `file`).
    /// A line past the end shows an empty line.
    pub fn at_location(
        file: impl Into<String>,
        text: &str,
        location: Location,
        message: impl Into<String>,
    ) -> SourceError {
        Source::new(file, text).error_at(location, message)
    }

    /// Sets the text written after the caret, usually what was expected.
    #[must_use]
    pub fn with_label(mut self, label: impl Into<String>) -> SourceError {
        self.inner.label = label.into();
        self
    }

    /// Sets the width of the caret in characters (at least 1).
    #[must_use]
    pub fn with_len(mut self, len: usize) -> SourceError {
        self.inner.len = len.max(1);
        self
    }

    /// Adds a `= note:` line below the snippet.
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> SourceError {
        self.inner.notes.push(note.into());
        self
    }

    /// Sets the severity (the default is [`Severity::Error`]).
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> SourceError {
        self.inner.severity = severity;
        self
    }

    /// The severity.
    pub fn severity(&self) -> Severity {
        self.inner.severity
    }

    /// The name of the source, usually a file path.
    pub fn file(&self) -> &str {
        &self.inner.file
    }

    /// Line and column of the caret.
    pub fn location(&self) -> Location {
        self.inner.location
    }

    /// The line number, from 1.
    pub fn line(&self) -> usize {
        self.inner.location.line
    }

    /// The column in characters, from 1.
    pub fn column(&self) -> usize {
        self.inner.location.column
    }

    /// The headline: what is wrong.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The text after the caret (often what was expected); may be empty.
    pub fn label(&self) -> &str {
        &self.inner.label
    }

    /// The text of the offending line.
    pub fn line_text(&self) -> &str {
        &self.inner.line_text
    }

    /// The `= note:` lines.
    pub fn notes(&self) -> &[String] {
        &self.inner.notes
    }
}

/// Display width of a character in a rendered snippet: tabs are four spaces.
fn width(c: char) -> usize {
    if c == '\t' { 4 } else { 1 }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &*self.inner;
        let number = e.location.line.to_string();
        let pad = " ".repeat(number.len());
        writeln!(f, "{}: {}", e.severity, e.message)?;
        writeln!(f, "{pad}--> {}:{}", e.file, e.location)?;
        writeln!(f, "{pad} |")?;
        let shown: String = e
            .line_text
            .chars()
            .map(|c| {
                if c == '\t' {
                    "    ".to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let code_line = format!("{number} | {shown}");
        writeln!(f, "{}", code_line.trim_end())?;
        let skip = e.location.column.saturating_sub(1);
        let before: usize = e.line_text.chars().take(skip).map(width).sum();
        // Columns past the end of the line (e.g. "expected a value here")
        // still get their caret, one cell per missing column.
        let missing = skip.saturating_sub(e.line_text.chars().count());
        let mut spanned = e.line_text.chars().skip(skip);
        let carets: usize = (0..e.len.max(1))
            .map(|_| spanned.next().map_or(1, width))
            .sum();
        let caret_line = format!(
            "{pad} | {}{} {}",
            " ".repeat(before + missing),
            "^".repeat(carets),
            e.label
        );
        write!(f, "{}", caret_line.trim_end())?;
        for note in &e.notes {
            write!(f, "\n{pad} = note: {note}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SourceError {}

/// A named text with an index of its line starts, from which diagnostics are
/// built by byte offset or by [`Location`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl Source {
    /// Wraps `text`, whose origin (usually a file path) is `name`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        let text = text.into();
        let mut line_starts = Vec::with_capacity(text.bytes().filter(|&b| b == b'\n').count() + 1);
        line_starts.push(0);
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Source {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The name (file path) of the source.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Number of lines (a final line break does not start a new line).
    pub fn line_count(&self) -> usize {
        let n = self.line_starts.len();
        if n > 1 && self.line_starts[n - 1] == self.text.len() {
            n - 1
        } else {
            n
        }
    }

    /// Byte offset where `line` (from 1) starts, if it exists.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.line_starts.get(line.checked_sub(1)?).copied()
    }

    /// The text of `line` (from 1) without its line break; empty past the end.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(start) = self.line_start(line) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&next| next - 1);
        let s = &self.text[start..end];
        s.strip_suffix('\r').unwrap_or(s)
    }

    /// The location of byte `offset`. Offsets past the end are clamped to the
    /// end; offsets inside a multi-byte character give that character.
    pub fn location(&self, offset: usize) -> Location {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset].chars().count() + 1;
        Location { line, column }
    }

    /// A diagnostic at byte `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> SourceError {
        self.error_at(self.location(offset), message)
    }

    /// A diagnostic at `location`.
    pub fn error_at(&self, location: Location, message: impl Into<String>) -> SourceError {
        SourceError::new(
            self.name.clone(),
            location,
            self.line_text(location.line),
            message,
        )
    }
}

/// The diagnostics of one run over a source (or several), in the order found.
///
/// `Display` renders each diagnostic, separated by blank lines, and ends with
/// a count when there is more than one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceErrors {
    errors: Vec<SourceError>,
}

impl SourceErrors {
    /// No diagnostics yet.
    pub fn new() -> SourceErrors {
        SourceErrors { errors: Vec::new() }
    }

    /// Adds a diagnostic.
    pub fn push(&mut self, error: SourceError) {
        self.errors.push(error);
    }

    /// Whether there is no diagnostic.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Whether some diagnostic is an error (not only warnings).
    pub fn has_errors(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.inner.severity == Severity::Error)
    }

    /// The first diagnostic.
    pub fn first(&self) -> Option<&SourceError> {
        self.errors.first()
    }

    /// All diagnostics in the order found.
    pub fn as_slice(&self) -> &[SourceError] {
        &self.errors
    }

    /// Iterates over the diagnostics.
    pub fn iter(&self) -> std::slice::Iter<'_, SourceError> {
        self.errors.iter()
    }

    /// The diagnostics as a vector.
    pub fn into_vec(self) -> Vec<SourceError> {
        self.errors
    }

    /// `Ok(value)` if there is no error (warnings allowed), else `Err(self)`.
    pub fn into_result<T>(self, value: T) -> Result<T, SourceErrors> {
        if self.has_errors() {
            Err(self)
        } else {
            Ok(value)
        }
    }
}

impl From<SourceError> for SourceErrors {
    fn from(error: SourceError) -> SourceErrors {
        SourceErrors {
            errors: vec![error],
        }
    }
}

impl From<Vec<SourceError>> for SourceErrors {
    fn from(errors: Vec<SourceError>) -> SourceErrors {
        SourceErrors { errors }
    }
}

impl<'a> IntoIterator for &'a SourceErrors {
    type Item = &'a SourceError;
    type IntoIter = std::slice::Iter<'a, SourceError>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl IntoIterator for SourceErrors {
    type Item = SourceError;
    type IntoIter = std::vec::IntoIter<SourceError>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

impl Extend<SourceError> for SourceErrors {
    fn extend<I: IntoIterator<Item = SourceError>>(&mut self, iter: I) {
        self.errors.extend(iter);
    }
}

impl fmt::Display for SourceErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n\n")?;
            }
            write!(f, "{e}")?;
        }
        if self.errors.len() > 1 {
            let errors = self
                .errors
                .iter()
                .filter(|e| e.inner.severity == Severity::Error)
                .count();
            let warnings = self.errors.len() - errors;
            let plural =
                |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
            let summary = match (errors, warnings) {
                (e, 0) => plural(e, "error"),
                (0, w) => plural(w, "warning"),
                (e, w) => format!("{} and {}", plural(e, "error"), plural(w, "warning")),
            };
            write!(f, "\n\n{summary}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SourceErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_lines_and_characters() {
        let s = Source::new("t", "ab\ncé d\n\nlast");
        assert_eq!(s.location(0), Location::new(1, 1));
        assert_eq!(s.location(2), Location::new(1, 3));
        assert_eq!(s.location(3), Location::new(2, 1));
        // 'é' is two bytes: the space after it is column 3.
        assert_eq!(s.location(6), Location::new(2, 3));
        // Inside the multi-byte character: that character.
        assert_eq!(s.location(5), Location::new(2, 2));
        assert_eq!(s.location(9), Location::new(3, 1));
        assert_eq!(s.location(1000), Location::new(4, 5));
        assert_eq!(s.line_text(2), "cé d");
        assert_eq!(s.line_text(3), "");
        assert_eq!(s.line_text(9), "");
        assert_eq!(s.line_count(), 4);
        assert_eq!(Source::new("t", "a\n").line_count(), 1);
    }

    #[test]
    fn renders_like_rustc() {
        let text = "line one\n\tx = 1\n";
        let e = SourceError::at_offset("f.txt", text, 12, "bad thing")
            .with_label("expected good thing")
            .with_note("see the docs");
        assert_eq!(
            e.to_string(),
            "error: bad thing\n --> f.txt:2:4\n  |\n2 |     x = 1\n  |       ^ expected good thing\n  = note: see the docs"
        );
    }

    #[test]
    fn caret_past_the_end_of_the_line() {
        let e = SourceError::at_location("f", "key:", Location::new(1, 5), "no value")
            .with_severity(Severity::Warning);
        assert_eq!(
            e.to_string(),
            "warning: no value\n --> f:1:5\n  |\n1 | key:\n  |     ^"
        );
    }

    #[test]
    fn collections_count_their_errors() {
        let mut all = SourceErrors::new();
        assert!(all.is_empty());
        all.push(SourceError::new("f", Location::new(1, 1), "x", "one"));
        all.push(SourceError::new("f", Location::new(2, 1), "y", "two").with_len(3));
        let shown = all.to_string();
        assert!(shown.ends_with("\n\n2 errors"), "{shown}");
        assert!(shown.contains("  |\n2 | y\n  | ^^^"), "{shown}");
        assert!(all.into_result(()).is_err());
    }
}
