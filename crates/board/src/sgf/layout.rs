//! Where things are in SGF text: the line and column of each main-line node
//! and of the properties errors name, and of the first thing that makes the
//! text malformed. `sgf-parse` gives a tree without positions; this scan
//! gives [`SgfError`](super::SgfError)s their `file:line:col`.
//!
//! The scan knows only SGF's lexical rules: `(` and `)` open and close game
//! trees, `;` starts a node, a property is an identifier of letters followed
//! by one or more `[values]`, and inside a value `\` escapes the next
//! character. The main line is every node before the first `)`: each tree's
//! first variation follows its sequence at once, so the first `)` closes the
//! main line's last tree.

use crate::diag::Location;

/// The properties whose place is recorded (the ones errors are about).
const NAMED: [&str; 10] = ["B", "W", "AB", "AW", "AE", "PL", "SZ", "KM", "HA", "GM"];

/// One main-line node: where its `;` is, and where its named properties'
/// identifiers are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct NodeLayout {
    /// The node's `;`.
    pub(super) at: Location,
    /// `(identifier, where it starts)` of each named property, in order.
    pub(super) props: Vec<(&'static str, Location)>,
}

impl NodeLayout {
    /// Where the first property `id` of the node starts, if it has one.
    pub(super) fn prop(&self, id: &str) -> Option<Location> {
        self.props.iter().find(|(p, _)| *p == id).map(|&(_, at)| at)
    }

    /// Where the `n`-th (from 0) of the properties in `ids` starts.
    pub(super) fn nth_of(&self, ids: &[&str], n: usize) -> Option<Location> {
        self.props
            .iter()
            .filter(|(p, _)| ids.contains(p))
            .nth(n)
            .map(|&(_, at)| at)
    }
}

/// The main line's nodes, and the first lexical problem of the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) nodes: Vec<NodeLayout>,
    /// The first place where the text stops being SGF, with what is wrong:
    /// text outside a game tree, a value left open, a tree left open at the
    /// end of the text.
    pub(super) problem: Option<(Location, &'static str)>,
}

/// A cursor over the text that keeps the line and column (in characters,
/// from 1) of the next character.
struct Cursor<'t> {
    chars: std::iter::Peekable<std::str::Chars<'t>>,
    at: Location,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }
}

/// Scans `text` (see the module documentation).
pub(super) fn layout(text: &str) -> Layout {
    let mut out = Layout::default();
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        at: Location { line: 1, column: 1 },
    };
    let problem = |out: &mut Layout, at: Location, what: &'static str| {
        if out.problem.is_none() {
            out.problem = Some((at, what));
        }
    };
    let mut depth = 0usize;
    // Whether a game tree was opened (text before the first is ignored,
    // as a byte-order mark or a mail header may be), and whether the main
    // line has ended (the first `)` was read).
    let mut opened = false;
    let mut ended = false;
    while let Some(c) = cur.peek() {
        let at = cur.at;
        match c {
            '(' => {
                cur.bump();
                depth += 1;
                opened = true;
            }
            ')' => {
                cur.bump();
                if depth == 0 {
                    problem(&mut out, at, "a `)` closes no game tree");
                } else {
                    depth -= 1;
                }
                ended = true;
            }
            ';' => {
                cur.bump();
                if depth == 0 {
                    if opened {
                        problem(&mut out, at, "a node outside any game tree");
                    }
                } else if !ended {
                    out.nodes.push(NodeLayout {
                        at,
                        props: Vec::new(),
                    });
                }
            }
            '[' => {
                // A value with no identifier before it: a further value of
                // the property before, or (outside a node) a problem.
                if depth == 0 && opened {
                    problem(&mut out, at, "a property value outside any game tree");
                }
                skip_value(&mut cur, &mut out);
            }
            c if c.is_ascii_alphabetic() => {
                let mut id = String::new();
                while let Some(l) = cur.peek().filter(char::is_ascii_alphabetic) {
                    id.push(l);
                    cur.bump();
                }
                if depth == 0 {
                    if opened {
                        problem(&mut out, at, "text outside any game tree");
                    }
                } else if !ended {
                    if let (Some(node), Some(named)) =
                        (out.nodes.last_mut(), NAMED.iter().find(|n| **n == id))
                    {
                        node.props.push((named, at));
                    }
                }
            }
            c if c.is_whitespace() => {
                cur.bump();
            }
            _ => {
                cur.bump();
                if depth > 0 {
                    problem(&mut out, at, "a character that is not SGF");
                } else if opened {
                    problem(&mut out, at, "text outside any game tree");
                }
            }
        }
    }
    if depth > 0 {
        problem(&mut out, cur.at, "the text ends inside a game tree");
    }
    out
}

/// Reads a `[value]` from its `[`, recording a value left open.
fn skip_value(cur: &mut Cursor<'_>, out: &mut Layout) {
    let open = cur.at;
    cur.bump();
    loop {
        match cur.bump() {
            None => {
                if out.problem.is_none() {
                    out.problem = Some((open, "a property value is never closed (no `]`)"));
                }
                return;
            }
            Some(']') => return,
            Some('\\') => {
                cur.bump();
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(line: usize, column: usize) -> Location {
        Location { line, column }
    }

    #[test]
    fn nodes_and_named_properties_of_the_main_line_are_placed() {
        let text = "(;GM[1]SZ[9]\nKM[6.5]C[a ; b \\] (c)]\n;B[ee];W[cc]\n(;B[dd])(;B[gg]))";
        let l = layout(text);
        assert_eq!(l.problem, None);
        let starts: Vec<_> = l.nodes.iter().map(|n| n.at).collect();
        assert_eq!(starts, [loc(1, 2), loc(3, 1), loc(3, 7), loc(4, 2)]);
        assert_eq!(l.nodes[0].prop("GM"), Some(loc(1, 3)));
        assert_eq!(l.nodes[0].prop("KM"), Some(loc(2, 1)));
        // C is not a named property; the `;`, `]` and `(` inside its value
        // are text.
        assert_eq!(l.nodes[0].props.len(), 3);
        assert_eq!(l.nodes[3].prop("B"), Some(loc(4, 3)));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let l = layout("(;PB[黒番]KM[0];B[aa])");
        assert_eq!(l.nodes[0].prop("KM"), Some(loc(1, 9)));
        assert_eq!(l.nodes[1].prop("B"), Some(loc(1, 15)));
    }

    #[test]
    fn the_first_problem_is_placed() {
        for (text, at, what) in [
            ("(;B[aa];W[bb", loc(1, 10), "never closed"),
            ("(;B[aa];W[bb]", loc(1, 14), "ends inside"),
            ("(;B[aa] ? ;W[bb])", loc(1, 9), "not SGF"),
            ("(;B[aa]))", loc(1, 9), "closes no"),
            ("(;B[aa])\n;W[bb]", loc(2, 1), "outside"),
        ] {
            let (got, message) = layout(text).problem.unwrap();
            assert_eq!(got, at, "{text}");
            assert!(message.contains(what), "{text}: {message}");
        }
    }

    #[test]
    fn a_value_that_spans_lines_moves_the_cursor_down() {
        let l = layout("(;C[one\ntwo\nthree]\n;B[aa])");
        assert_eq!(l.nodes[1].at, loc(4, 1));
        assert_eq!(l.nodes[1].prop("B"), Some(loc(4, 2)));
    }
}
