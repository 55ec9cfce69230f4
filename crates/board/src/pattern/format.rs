//! The canonical text of a pattern file.
//!
//! Layout: a header `pattern NAME` at column 1; every line of the entry
//! indented by two spaces; attributes (in the order written) before the
//! diagram; diagram cells separated by single spaces; one blank line between
//! entries; comments kept where they were attached (above an item, at the
//! end of its line, at the end of the entry); a trailing comment separated
//! from its line by two spaces.

use super::syntax::{Pattern, PatternFile};

const INDENT: &str = "  ";

fn push_line(out: &mut String, indent: &str, text: &str, comment: Option<&String>) {
    out.push_str(indent);
    out.push_str(text);
    if let Some(c) = comment {
        if !text.is_empty() {
            out.push_str("  ");
        }
        out.push('#');
        out.push_str(c);
    }
    out.push('\n');
}

fn push_trivia(out: &mut String, trivia: &[Option<String>]) {
    for t in trivia {
        match t {
            Some(c) => push_line(out, "", "", Some(c)),
            None => out.push('\n'),
        }
    }
}

/// Appends the canonical text of one entry, its leading comments included.
pub(crate) fn format_entry(out: &mut String, p: &Pattern) {
    let comments = &p.comments;
    push_trivia(out, &comments.leading);
    push_line(
        out,
        "",
        &format!("pattern {}", p.name),
        comments.header.as_ref(),
    );
    for (i, a) in p.attributes.iter().enumerate() {
        let item = comments.attributes.get(i);
        for c in item.map(|c| c.leading.as_slice()).unwrap_or_default() {
            push_line(out, INDENT, "", Some(c));
        }
        let trailing = item.and_then(|c| c.trailing.as_ref());
        push_line(out, INDENT, &format!("{}: {}", a.key, a.value), trailing);
    }
    for c in &comments.diagram {
        push_line(out, INDENT, "", Some(c));
    }
    for (r, row) in p.diagram.rows().enumerate() {
        let cells: Vec<String> = row.iter().map(|s| s.to_char().to_string()).collect();
        let trailing = comments.rows.get(r).and_then(Option::as_ref);
        push_line(out, INDENT, &cells.join(" "), trailing);
    }
    for c in &comments.end {
        push_line(out, INDENT, "", Some(c));
    }
}

pub(crate) fn format_file(file: &PatternFile) -> String {
    let mut out = String::new();
    for (i, p) in file.patterns.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        format_entry(&mut out, p);
    }
    push_trivia(&mut out, &file.trailing);
    out
}
