//! The eye-shape database text format: parser (nom) and canonical formatter.
//!
//! ```text
//! # A comment; anything after `#` on a line.
//! shape bent-three
//!   names: bent three
//!   value: [2,1]
//!   * .
//!   . X
//! ```
//!
//! An entry starts with `shape ID` and runs to the next `shape` line. Its body
//! holds attribute lines `key: value` (`value` is required; `names` and `note`
//! are optional) and one diagram, in any order, the diagram rows contiguous.
//! Diagram symbols: `.` empty eye point, `!` marginal eye point (the
//! opponent's outside touches it), `@` marginal point vital for both, `O` dead opponent stone in the eye space,
//! `o` eye point that may be empty or hold an opponent stone, `*` vital point
//! for both sides, `d` vital point for the owner (defence) only, `a` vital
//! point for the opponent (attack) only, `X` the owner's wall, and the board
//! edge drawn with `-` (a row), `|` (a column) and `+` (where they meet).
//! Spaces between cells are optional. See `docs/pattern-format.md`.

use crate::shape::{Content, Shape, ShapePoint};
use crate::value::{EyeValue, Eyes};
use keisei_board::diag::{Location, Source, SourceError};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{all_consuming, rest};
use nom::{IResult, Parser};
use std::fmt::Write as _;

/// The symbols a diagram may use, for error messages.
pub const DIAGRAM_SYMBOLS: &str = ". ! @ O o * d a X | - +";

/// One diagram cell as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`
    Empty,
    /// `!`
    Marginal,
    /// `@`: a marginal point vital for both sides.
    MarginalVital,
    /// `O`
    Opponent,
    /// `o`
    Either,
    /// `*`
    VitalBoth,
    /// `d`
    VitalDefence,
    /// `a`
    VitalAttack,
    /// `X`
    Wall,
    /// `-`, `|` or `+`
    Edge(char),
}

impl Cell {
    fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            '!' => Cell::Marginal,
            '@' => Cell::MarginalVital,
            'O' => Cell::Opponent,
            'o' => Cell::Either,
            '*' => Cell::VitalBoth,
            'd' => Cell::VitalDefence,
            'a' => Cell::VitalAttack,
            'X' => Cell::Wall,
            '-' | '|' | '+' => Cell::Edge(c),
            _ => return None,
        })
    }

    /// The symbol.
    pub fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Marginal => '!',
            Cell::MarginalVital => '@',
            Cell::Opponent => 'O',
            Cell::Either => 'o',
            Cell::VitalBoth => '*',
            Cell::VitalDefence => 'd',
            Cell::VitalAttack => 'a',
            Cell::Wall => 'X',
            Cell::Edge(c) => c,
        }
    }

    fn is_eye(self) -> bool {
        !matches!(self, Cell::Wall | Cell::Edge(_))
    }
}

/// One entry of the database, as written in its file.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeEntry {
    /// The identifier after `shape`.
    pub id: String,
    /// Common names (`names:`, comma separated).
    pub names: Vec<String>,
    /// `value: [a,b]`.
    pub value: EyeValue,
    /// `note:`, free text.
    pub note: Option<String>,
    /// The diagram, row by row (edges included).
    pub diagram: Vec<Vec<Cell>>,
    /// Comments on their own lines just before the `shape` line.
    pub leading_comments: Vec<String>,
    /// Comments on their own lines inside the entry.
    pub body_comments: Vec<String>,
    /// Where things are, for later diagnostics.
    pub origin: Origin,
}

/// Where an entry and its parts are in their file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The file name.
    pub file: String,
    /// The `shape` line.
    pub header: Location,
    /// The `value:` attribute's value.
    pub value: Location,
    /// The first diagram row's first cell.
    pub diagram: Location,
    /// The text of the header line, the value line and the first diagram row.
    pub lines: [String; 3],
    /// Each diagram row: its line number, text, and the column of each cell.
    pub rows: Vec<(usize, String, Vec<usize>)>,
}

impl Origin {
    /// An error pointing at the `shape` line.
    pub fn error_at_header(&self, message: impl Into<String>) -> SourceError {
        SourceError::new(&self.file, self.header, &self.lines[0], message)
    }

    /// An error pointing at the value.
    pub fn error_at_value(&self, message: impl Into<String>) -> SourceError {
        SourceError::new(&self.file, self.value, &self.lines[1], message)
    }

    /// An error pointing at the diagram.
    pub fn error_at_diagram(&self, message: impl Into<String>) -> SourceError {
        SourceError::new(&self.file, self.diagram, &self.lines[2], message)
    }

    /// An error pointing at the diagram cell in column `x`, row `y` (from 0).
    pub fn error_at_cell(&self, (x, y): (i8, i8), message: impl Into<String>) -> SourceError {
        let cell = usize::try_from(y)
            .ok()
            .and_then(|y| self.rows.get(y))
            .and_then(|(line, text, cols)| {
                usize::try_from(x)
                    .ok()
                    .and_then(|x| cols.get(x))
                    .map(|&c| (Location::new(*line, c), text.clone()))
            });
        match cell {
            Some((loc, text)) => SourceError::new(&self.file, loc, text, message),
            None => self.error_at_diagram(message),
        }
    }
}

/// A parsed database file.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeFile {
    /// The file name used in diagnostics.
    pub name: String,
    /// Comments at the top of the file, before a blank line.
    pub header_comments: Vec<String>,
    /// The entries in file order.
    pub entries: Vec<EyeEntry>,
    /// Comments after the last entry's body that were separated from it.
    pub trailing_comments: Vec<String>,
}

impl EyeEntry {
    /// The eye shape of the diagram: eye points with contents, marginal flags
    /// and edges, in diagram coordinates (x to the right, y down, from the
    /// top-left cell of the diagram, edges included).
    pub fn shape(&self) -> Shape {
        shape_of(&self.diagram)
    }

    /// Vital points in diagram coordinates.
    pub fn vital_points(&self) -> VitalPoints {
        vital_points_of(&self.diagram)
    }
}

/// The eye shape drawn by diagram rows (see [`EyeEntry::shape`]).
pub fn shape_of(diagram: &[Vec<Cell>]) -> Shape {
    let at = |x: i32, y: i32| -> Option<Cell> {
        if y < 0 || x < 0 {
            return None;
        }
        diagram
            .get(y as usize)
            .and_then(|r| r.get(x as usize))
            .copied()
    };
    let mut points = Vec::new();
    for (y, row) in diagram.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            if !c.is_eye() {
                continue;
            }
            let (x, y) = (x as i32, y as i32);
            let mut off = 0u8;
            for (d, (dx, dy)) in [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().enumerate() {
                if matches!(at(x + dx, y + dy), Some(Cell::Edge(_))) {
                    off |= 1 << d;
                }
            }
            let content = match c {
                Cell::Opponent => Content::Opponent,
                Cell::Either => Content::Either,
                _ => Content::Empty,
            };
            points.push(ShapePoint {
                x: x as i8,
                y: y as i8,
                content,
                marginal: matches!(c, Cell::Marginal | Cell::MarginalVital),
                off_board: off,
            });
        }
    }
    Shape::new(points)
}

/// The vital points marked in diagram rows, in diagram coordinates.
pub fn vital_points_of(diagram: &[Vec<Cell>]) -> VitalPoints {
    let mut defence = Vec::new();
    let mut attack = Vec::new();
    for (y, row) in diagram.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = (x as i8, y as i8);
            if matches!(
                c,
                Cell::VitalBoth | Cell::VitalDefence | Cell::MarginalVital
            ) {
                defence.push(p);
            }
            if matches!(c, Cell::VitalBoth | Cell::VitalAttack | Cell::MarginalVital) {
                attack.push(p);
            }
        }
    }
    VitalPoints { defence, attack }
}

/// Vital points of an entry, in diagram coordinates `(x, y)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VitalPoints {
    /// Where the owner plays to get `a` eyes.
    pub defence: Vec<(i8, i8)>,
    /// Where the opponent plays to hold the owner to `b`.
    pub attack: Vec<(i8, i8)>,
}

// ----- line grammar (nom) ----------------------------------------------------

fn identifier(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_').parse(i)
}

/// `shape ID`
fn header(i: &str) -> IResult<&str, &str> {
    let (i, _) = (space0, tag("shape"), space1).parse(i)?;
    let (i, id) = identifier(i)?;
    let (i, _) = space0(i)?;
    Ok((i, id))
}

/// `key: value`
fn attribute(i: &str) -> IResult<&str, (&str, &str)> {
    let (i, _) = space0(i)?;
    let (i, key) = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_')(i)?;
    let (i, _) = (space0, char(':'), space0).parse(i)?;
    let (i, value) = rest(i)?;
    Ok((i, (key, value.trim_end())))
}

fn count(i: &str) -> IResult<&str, Eyes> {
    let (i, c) = alt((char('0'), char('1'), char('2'), char('M'), char('m'))).parse(i)?;
    Ok((i, Eyes::from_symbol(c).expect("one of 0 1 2 M")))
}

/// `[a,b]`
fn eye_value(i: &str) -> IResult<&str, EyeValue> {
    let (i, (_, _, a, _, _, _, b, _, _)) = (
        char('['),
        space0,
        count,
        space0,
        char(','),
        space0,
        count,
        space0,
        char(']'),
    )
        .parse(i)?;
    Ok((i, EyeValue::new(a, b)))
}

/// Parses a value such as `[2,1]`; `a >= b` and `M` only as `[M,M]`.
pub fn parse_value(text: &str) -> Result<EyeValue, String> {
    let expected = "expected a value like [2,1]: two counts 0, 1, 2 or M in brackets";
    let (_, v) = all_consuming(eye_value)
        .parse(text.trim())
        .map_err(|_| expected.to_string())?;
    if v.a.count() < v.b.count() {
        return Err(format!(
            "value {v} says the owner gets fewer eyes moving first than second; expected a >= b"
        ));
    }
    if (v.a == Eyes::Many) != (v.b == Eyes::Many) {
        return Err(format!(
            "value {v}: M (two eyes, comfortably) comes only as [M,M]"
        ));
    }
    Ok(v)
}

/// Splits a line into its content and its `#` comment (without the `#`).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    match line.find('#') {
        Some(i) => (&line[..i], Some(line[i + 1..].trim())),
        None => (line, None),
    }
}

fn column_of(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

// ----- file parser -----------------------------------------------------------

struct Pending {
    id: String,
    header: Location,
    header_line: String,
    names: Option<Vec<String>>,
    value: Option<(EyeValue, Location, String)>,
    note: Option<String>,
    rows: Vec<(Vec<Cell>, Location, String, Vec<usize>)>,
    rows_ended: bool,
    leading: Vec<String>,
    body: Vec<String>,
}

/// Parses one database file. Stops at the first error.
pub fn parse_file(name: &str, text: &str) -> Result<EyeFile, SourceError> {
    let src = Source::new(name, text);
    let mut file = EyeFile {
        name: name.to_string(),
        header_comments: Vec::new(),
        entries: Vec::new(),
        trailing_comments: Vec::new(),
    };
    let mut comments: Vec<String> = Vec::new();
    let mut current: Option<Pending> = None;
    let mut seen_ids: Vec<(String, Location)> = Vec::new();

    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let (content, comment) = split_comment(raw);
        let loc = |byte: usize| Location::new(line_no, column_of(raw, byte));
        let err = |byte: usize, msg: String| src.error_at(loc(byte), msg);
        let indent = content.len() - content.trim_start().len();

        if content.trim().is_empty() {
            match comment {
                Some(c) => comments.push(c.to_string()),
                None => {
                    // A blank line: comments gathered so far belong to the file
                    // header (before any entry) or close the current entry's body.
                    if current.is_none() && file.entries.is_empty() {
                        file.header_comments.append(&mut comments);
                    } else if let Some(p) = current.as_mut() {
                        p.body.append(&mut comments);
                        if !p.rows.is_empty() {
                            p.rows_ended = true;
                        }
                    }
                }
            }
            continue;
        }

        if let Ok((after, id)) = header(content) {
            if !after.trim().is_empty() {
                let byte = content.len() - after.len();
                return Err(err(
                    byte,
                    format!("unexpected text after the shape id {id:?}"),
                ));
            }
            if let Some(p) = current.take() {
                file.entries.push(finish(&src, p)?);
            }
            if let Some((_, first)) = seen_ids.iter().find(|(s, _)| s == id) {
                return Err(err(
                    indent,
                    format!(
                        "shape id {id:?} is used twice (first at line {})",
                        first.line
                    ),
                ));
            }
            let l = loc(indent);
            seen_ids.push((id.to_string(), l));
            let mut body = Vec::new();
            if let Some(c) = comment {
                body.push(c.to_string());
            }
            current = Some(Pending {
                id: id.to_string(),
                header: l,
                header_line: raw.to_string(),
                names: None,
                value: None,
                note: None,
                rows: Vec::new(),
                rows_ended: false,
                leading: std::mem::take(&mut comments),
                body,
            });
            continue;
        }

        let Some(p) = current.as_mut() else {
            return Err(err(
                indent,
                "expected `shape ID` to start an entry".to_string(),
            ));
        };
        p.body.append(&mut comments);
        if let Some(c) = comment {
            p.body.push(c.to_string());
        }

        if content.contains(':') {
            let Ok((_, (key, value))) = attribute(content) else {
                return Err(err(
                    indent,
                    "expected an attribute `key: value`".to_string(),
                ));
            };
            if !p.rows.is_empty() {
                p.rows_ended = true;
            }
            let value_byte = content.find(':').map_or(indent, |i| {
                i + 1 + (content[i + 1..].len() - content[i + 1..].trim_start().len())
            });
            match key {
                "value" => {
                    if p.value.is_some() {
                        return Err(err(indent, "a second `value:` in one entry".to_string()));
                    }
                    let v = parse_value(value).map_err(|m| err(value_byte, m))?;
                    p.value = Some((v, loc(value_byte), raw.to_string()));
                }
                "names" => {
                    let names: Vec<String> = value
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect();
                    if names.is_empty() {
                        return Err(err(
                            value_byte,
                            "expected one or more names after `names:`".to_string(),
                        ));
                    }
                    p.names = Some(names);
                }
                "note" => {
                    if value.is_empty() {
                        return Err(err(value_byte, "expected text after `note:`".to_string()));
                    }
                    p.note = Some(value.to_string());
                }
                other => {
                    return Err(err(
                        indent,
                        format!("unknown attribute {other:?}; expected `value`, `names` or `note`"),
                    ));
                }
            }
            continue;
        }

        // A diagram row.
        if p.rows_ended {
            return Err(err(
                indent,
                "a second diagram in one entry: diagram rows must be contiguous".to_string(),
            ));
        }
        let (cells, columns) = parse_row(&src, line_no, raw, content)?;
        if let Some((first, first_loc, _, _)) = p.rows.first() {
            if cells.len() != first.len() {
                return Err(err(
                    indent,
                    format!(
                        "ragged diagram: this row has {} cells, the first row (line {}) has {}",
                        cells.len(),
                        first_loc.line,
                        first.len()
                    ),
                ));
            }
        }
        p.rows.push((cells, loc(indent), raw.to_string(), columns));
    }
    if let Some(p) = current.take() {
        file.entries.push(finish(&src, p)?);
    }
    file.trailing_comments = comments;
    Ok(file)
}

/// Parses one diagram row: its cells and the column of each.
fn parse_row(
    src: &Source,
    line_no: usize,
    raw: &str,
    content: &str,
) -> Result<(Vec<Cell>, Vec<usize>), SourceError> {
    let mut cells = Vec::new();
    let mut columns = Vec::new();
    for (byte, ch) in content.char_indices() {
        if ch.is_whitespace() {
            continue;
        }
        match Cell::from_char(ch) {
            Some(c) => {
                cells.push(c);
                columns.push(column_of(raw, byte));
            }
            None => {
                return Err(src.error_at(
                    Location::new(line_no, column_of(raw, byte)),
                    format!("unknown symbol {ch:?} in diagram; expected one of: {DIAGRAM_SYMBOLS}"),
                ));
            }
        }
    }
    Ok((cells, columns))
}

/// Parses a bare drawing of one eye space (diagram rows, `#` comments and
/// blank lines around them), as `keisei eyes value` reads it.
pub fn parse_drawing(name: &str, text: &str) -> Result<Vec<Vec<Cell>>, SourceError> {
    let src = Source::new(name, text);
    let mut rows: Vec<(Vec<Cell>, usize)> = Vec::new();
    let mut ended = false;
    for (index, raw) in text.lines().enumerate() {
        let (content, _) = split_comment(raw);
        if content.trim().is_empty() {
            ended |= !rows.is_empty();
            continue;
        }
        let indent = content.len() - content.trim_start().len();
        let at = Location::new(index + 1, column_of(raw, indent));
        if ended {
            return Err(src.error_at(
                at,
                "a second drawing: one eye space at a time, rows contiguous",
            ));
        }
        let (cells, _) = parse_row(&src, index + 1, raw, content)?;
        if let Some((first, line)) = rows.first() {
            if cells.len() != first.len() {
                return Err(src.error_at(
                    at,
                    format!(
                        "ragged diagram: this row has {} cells, the first row (line {line}) has {}",
                        cells.len(),
                        first.len()
                    ),
                ));
            }
        }
        rows.push((cells, index + 1));
    }
    let Some(&(_, first_line)) = rows.first() else {
        return Err(src.error_at(
            Location::new(1, 1),
            "expected a drawing of an eye space, found nothing",
        ));
    };
    let at_first = Location::new(
        first_line,
        column_of(
            src.line_text(first_line),
            src.line_text(first_line).len() - src.line_text(first_line).trim_start().len(),
        ),
    );
    let diagram: Vec<Vec<Cell>> = rows.into_iter().map(|(c, _)| c).collect();
    check_edges(&diagram).map_err(|(_, m)| src.error_at(at_first, m))?;
    let shape = shape_of(&diagram);
    let problem = if shape.is_empty() {
        Some("the drawing has no eye point (. ! @ O o * d a)".to_string())
    } else if !shape.is_connected() {
        Some("the eye points are not connected".to_string())
    } else if shape.len() > crate::space::MAX_POINTS {
        Some(format!(
            "the eye space has {} points; at most {} can be valued",
            shape.len(),
            crate::space::MAX_POINTS
        ))
    } else if !(0..shape.len()).any(|i| shape.touches_wall(i)) {
        Some("no eye point touches the owner's wall".to_string())
    } else {
        None
    };
    match problem {
        Some(m) => Err(src.error_at(at_first, m)),
        None => Ok(diagram),
    }
}

/// Checks a complete entry and builds it.
fn finish(src: &Source, p: Pending) -> Result<EyeEntry, SourceError> {
    let at_header = |m: String| src.error_at(p.header, m);
    let Some((value, value_loc, value_line)) = p.value else {
        return Err(at_header(format!("shape {:?} has no `value: [a,b]`", p.id)));
    };
    let Some((_, diagram_loc, diagram_line, _)) = p.rows.first().cloned() else {
        return Err(at_header(format!("shape {:?} has no diagram", p.id)));
    };
    let rows: Vec<Vec<Cell>> = p.rows.iter().map(|(c, _, _, _)| c.clone()).collect();
    let row_origins = p
        .rows
        .iter()
        .map(|(_, l, t, cols)| (l.line, t.clone(), cols.clone()))
        .collect();
    check_edges(&rows).map_err(|(r, m)| src.error_at(p.rows[r].1, m))?;
    let entry = EyeEntry {
        id: p.id,
        names: p.names.unwrap_or_default(),
        value,
        note: p.note,
        diagram: rows,
        leading_comments: p.leading,
        body_comments: p.body,
        origin: Origin {
            file: src.name().to_string(),
            header: p.header,
            value: value_loc,
            diagram: diagram_loc,
            lines: [p.header_line, value_line, diagram_line],
            rows: row_origins,
        },
    };
    let shape = entry.shape();
    if shape.is_empty() {
        return Err(entry
            .origin
            .error_at_diagram("the diagram has no eye point (. ! O o * d a)"));
    }
    if !shape.is_connected() {
        return Err(entry
            .origin
            .error_at_diagram("the eye points are not connected: one entry is one eye space"));
    }
    if shape.len() > crate::space::MAX_POINTS {
        return Err(entry.origin.error_at_diagram(format!(
            "the eye space has {} points; the database holds at most {}",
            shape.len(),
            crate::space::MAX_POINTS
        )));
    }
    if !(0..shape.len()).any(|i| shape.touches_wall(i)) {
        return Err(entry
            .origin
            .error_at_diagram("no eye point touches the owner's wall"));
    }
    Ok(entry)
}

/// Edges: `-` rows only first or last, `|` columns only first or last, `+`
/// only where an edge row meets an edge column. Returns the offending row.
fn check_edges(rows: &[Vec<Cell>]) -> Result<(), (usize, String)> {
    let h = rows.len();
    let w = rows[0].len();
    let is_edge_row = |r: &Vec<Cell>| r.iter().all(|c| matches!(c, Cell::Edge('-' | '+')));
    let is_edge_col = |x: usize| rows.iter().all(|r| matches!(r[x], Cell::Edge('|' | '+')));
    for (y, row) in rows.iter().enumerate() {
        let edge_row = is_edge_row(row);
        if edge_row && y != 0 && y != h - 1 {
            return Err((
                y,
                "an edge row (`-`) inside the diagram; edges go on its border".to_string(),
            ));
        }
        for (x, c) in row.iter().enumerate() {
            if let Cell::Edge(ch) = c {
                let col = is_edge_col(x) && (x == 0 || x == w - 1);
                let ok = match ch {
                    '-' => edge_row && (y == 0 || y == h - 1),
                    '|' => col,
                    _ => (edge_row || col) && (y == 0 || y == h - 1) && (x == 0 || x == w - 1),
                };
                if !ok {
                    return Err((
                        y,
                        format!(
                            "edge symbol {ch:?} at column {} is not on a whole edge row or column of the border",
                            x + 1
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

// ----- drawing ------------------------------------------------------------------

/// Draws a shape as diagram rows: its bounding box with `X` for wall cells,
/// edge rows and columns where its points touch the edge, vital points from
/// the given lists (coordinates of the shape's frame).
pub fn draw(shape: &Shape, defence: &[(i8, i8)], attack: &[(i8, i8)]) -> Vec<Vec<Cell>> {
    let pts = shape.points();
    let min_x = pts.iter().map(|p| p.x).min().unwrap_or(0);
    let max_x = pts.iter().map(|p| p.x).max().unwrap_or(0);
    let min_y = pts.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = pts.iter().map(|p| p.y).max().unwrap_or(0);
    let any = |bit: u8| pts.iter().any(|p| p.off_board & bit != 0);
    let (top, right, bottom, left) = (any(1), any(2), any(4), any(8));
    let mut rows = Vec::new();
    let edge_row = || {
        let mut r = Vec::new();
        if left {
            r.push(Cell::Edge('+'));
        }
        r.extend((min_x..=max_x).map(|_| Cell::Edge('-')));
        if right {
            r.push(Cell::Edge('+'));
        }
        r
    };
    if top {
        rows.push(edge_row());
    }
    for y in min_y..=max_y {
        let mut r = Vec::new();
        if left {
            r.push(Cell::Edge('|'));
        }
        for x in min_x..=max_x {
            let cell = match pts.iter().find(|p| p.x == x && p.y == y) {
                None => Cell::Wall,
                Some(p) => {
                    let d = defence.contains(&(x, y));
                    let a = attack.contains(&(x, y));
                    match (p.content, p.marginal, d, a) {
                        (Content::Opponent, _, _, _) => Cell::Opponent,
                        (Content::Either, _, _, _) => Cell::Either,
                        (Content::Empty, true, true, true) => Cell::MarginalVital,
                        (Content::Empty, true, _, _) => Cell::Marginal,
                        (Content::Empty, false, true, true) => Cell::VitalBoth,
                        (Content::Empty, false, true, false) => Cell::VitalDefence,
                        (Content::Empty, false, false, true) => Cell::VitalAttack,
                        (Content::Empty, false, false, false) => Cell::Empty,
                    }
                }
            };
            r.push(cell);
        }
        if right {
            r.push(Cell::Edge('|'));
        }
        rows.push(r);
    }
    if bottom {
        rows.push(edge_row());
    }
    rows
}

/// Renders diagram rows as text, cells separated by one space.
pub fn diagram_text(rows: &[Vec<Cell>]) -> String {
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|c| c.symbol().to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect()
}

// ----- formatter --------------------------------------------------------------

/// Writes a file canonically: header comments, then each entry as
/// leading comments, `shape ID`, body comments, `names`, `value`, `note`, the
/// diagram with cells separated by one space, all indented two spaces; one
/// blank line between entries. `format_file(parse(format_file(f)))` is
/// `format_file(f)`.
pub fn format_file(file: &EyeFile) -> String {
    let mut out = String::new();
    for c in &file.header_comments {
        let _ = writeln!(out, "{}", comment_line(c, ""));
    }
    if !file.header_comments.is_empty() {
        out.push('\n');
    }
    for (i, e) in file.entries.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format_entry(e));
    }
    if !file.trailing_comments.is_empty() {
        out.push('\n');
        for c in &file.trailing_comments {
            let _ = writeln!(out, "{}", comment_line(c, ""));
        }
    }
    out
}

fn comment_line(c: &str, indent: &str) -> String {
    if c.is_empty() {
        format!("{indent}#")
    } else {
        format!("{indent}# {c}")
    }
}

/// Writes one entry canonically (see [`format_file`]).
pub fn format_entry(e: &EyeEntry) -> String {
    let mut out = String::new();
    for c in &e.leading_comments {
        let _ = writeln!(out, "{}", comment_line(c, ""));
    }
    let _ = writeln!(out, "shape {}", e.id);
    for c in &e.body_comments {
        let _ = writeln!(out, "{}", comment_line(c, "  "));
    }
    if !e.names.is_empty() {
        let _ = writeln!(out, "  names: {}", e.names.join(", "));
    }
    let _ = writeln!(out, "  value: {}", e.value);
    if let Some(n) = &e.note {
        let _ = writeln!(out, "  note: {n}");
    }
    for row in &e.diagram {
        let cells: Vec<String> = row.iter().map(|c| c.symbol().to_string()).collect();
        let _ = writeln!(out, "  {}", cells.join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# Sample database.
# Second header line.

# The classic.
shape straight-three  # header comment
  names: straight three, nakade three
  value: [2,1]
  . * .   # the vital point
shape corner-two
  value: [1,1]
  + - -
  | . .
";

    #[test]
    fn parses_entries_values_edges_and_comments() {
        let f = parse_file("sample.eyes", SAMPLE).unwrap();
        assert_eq!(
            f.header_comments,
            vec!["Sample database.", "Second header line."]
        );
        assert_eq!(f.entries.len(), 2);
        let e = &f.entries[0];
        assert_eq!(e.id, "straight-three");
        assert_eq!(e.names, vec!["straight three", "nakade three"]);
        assert_eq!(e.value.to_string(), "[2,1]");
        assert_eq!(e.leading_comments, vec!["The classic."]);
        assert_eq!(e.body_comments, vec!["header comment", "the vital point"]);
        assert_eq!(
            e.vital_points(),
            VitalPoints {
                defence: vec![(1, 0)],
                attack: vec![(1, 0)]
            }
        );
        let corner = f.entries[1].shape();
        assert_eq!(corner.len(), 2);
        assert!(corner.points().iter().all(|p| p.off_board & 1 != 0));
        assert_eq!(corner.points()[0].off_board, 1 | 8);
    }

    #[test]
    fn formatting_is_canonical_and_idempotent() {
        let f = parse_file("sample.eyes", SAMPLE).unwrap();
        let once = format_file(&f);
        let g = parse_file("sample.eyes", &once).unwrap();
        assert_eq!(format_file(&g), once);
        assert_eq!(
            g.entries
                .iter()
                .map(|e| (&e.id, e.value, &e.diagram))
                .collect::<Vec<_>>(),
            f.entries
                .iter()
                .map(|e| (&e.id, e.value, &e.diagram))
                .collect::<Vec<_>>()
        );
        assert_eq!(g.header_comments, f.header_comments);
        assert_eq!(g.entries[0].body_comments, f.entries[0].body_comments);
    }

    #[test]
    fn values() {
        assert!(parse_value("[2,1]").is_ok());
        assert!(parse_value(" [ M , M ] ").is_ok());
        assert!(parse_value("[1,2]").unwrap_err().contains("a >= b"));
        assert!(parse_value("[M,2]").unwrap_err().contains("[M,M]"));
        assert!(
            parse_value("[3,1]")
                .unwrap_err()
                .contains("expected a value")
        );
        assert!(parse_value("2,1").is_err());
    }
}
