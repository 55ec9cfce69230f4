//! `keisei render`: one map of the evaluation drawn on the board, as SVG or
//! PNG. A scene of shapes (the board, its lines, the stones, a square per
//! point of the map) is written out as SVG text or rasterised into a PNG
//! (encoded here: stored deflate blocks, no compression library).
//!
//! Numbers are squares whose area grows with the value: dark for Black
//! (positive), light for White (negative) on signed maps, red on maps
//! without a sign; symbols are small squares, dark `x`, light `o`, grey `*`.

use super::Result;
use super::eval::load_config;
use super::maps::{self, NamedMap, named_map};
use crate::args::{ConfigArgs, PositionArgs};
use keisei_board::{Board, COLUMN_LETTERS, Color, Point};
use keisei_evaluate::Evaluator;
use std::fmt::Write as _;
use std::path::Path;

/// Pixels between two lines.
const CELL: f64 = 32.0;

/// An RGB colour.
type Rgb = [u8; 3];

const WOOD: Rgb = [0xdc, 0xb3, 0x5c];
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const GREY: Rgb = [0x80, 0x80, 0x80];
const RED: Rgb = [0xc8, 0x10, 0x10];

/// One thing drawn, in pixels.
#[derive(Clone, Debug, PartialEq)]
enum Shape {
    /// A filled rectangle: left, top, width, height, colour, opacity.
    Rect(f64, f64, f64, f64, Rgb, f64),
    /// A filled disc: centre, radius, colour, outline (black, 1 px) or not.
    Disc(f64, f64, f64, Rgb, bool),
    /// A label centred at a point (SVG only: a PNG has no font).
    Text(f64, f64, String),
}

/// A picture: its size and its shapes, drawn in order.
pub(crate) struct Scene {
    width: f64,
    height: f64,
    title: String,
    shapes: Vec<Shape>,
}

/// Runs `keisei render`.
pub(crate) fn run(
    position: &PositionArgs,
    config: &ConfigArgs,
    map: &str,
    out: &Path,
) -> Result<()> {
    let format = match out.extension().and_then(|e| e.to_str()) {
        Some("svg") => "svg",
        Some("png") => "png",
        _ => return Err(format!("{}: the output must end in .svg or .png", out.display()).into()),
    };
    let evaluator = Evaluator::new(load_config(config)?);
    let (game, pos) = super::load_position(position)?;
    let e = evaluator.evaluate(&pos.board, pos.komi);
    let size = pos.board.size();
    let named = named_map(&e, size, map)
        .ok_or_else(|| format!("unknown map `{map}` (one of: {})", maps::names()))?;
    let title = format!("{}, move {}: {map}", game.source(), pos.move_number);
    let scene = scene(&pos.board, &named, title);
    let bytes = match format {
        "svg" => scene.svg().into_bytes(),
        _ => scene.png(),
    };
    std::fs::write(out, bytes).map_err(|e| format!("{}: cannot write: {e}", out.display()))?;
    Ok(())
}

/// The board with `map` drawn on it.
pub(crate) fn scene(board: &Board, map: &NamedMap, title: String) -> Scene {
    let size = board.size();
    let n = f64::from(size);
    let margin = CELL;
    let at = |i: u8| margin + f64::from(i) * CELL;
    let side = (n - 1.0) * CELL + 2.0 * margin;
    let mut shapes = vec![Shape::Rect(0.0, 0.0, side, side, WOOD, 1.0)];
    // Lines, star points, coordinates.
    for i in 0..size {
        shapes.push(Shape::Rect(
            at(0),
            at(i) - 0.5,
            (n - 1.0) * CELL,
            1.0,
            BLACK,
            1.0,
        ));
        shapes.push(Shape::Rect(
            at(i) - 0.5,
            at(0),
            1.0,
            (n - 1.0) * CELL,
            BLACK,
            1.0,
        ));
        let letter = char::from(COLUMN_LETTERS[usize::from(i)]).to_string();
        let number = (size - i).to_string();
        shapes.push(Shape::Text(at(i), margin * 0.45, letter.clone()));
        shapes.push(Shape::Text(at(i), side - margin * 0.4, letter));
        shapes.push(Shape::Text(margin * 0.4, at(i), number.clone()));
        shapes.push(Shape::Text(side - margin * 0.4, at(i), number));
    }
    for p in star_points(size) {
        shapes.push(Shape::Disc(
            at(p.x() as u8),
            at(p.y() as u8),
            3.0,
            BLACK,
            false,
        ));
    }
    for p in Point::all(size) {
        if let Some(c) = board.color(p) {
            let (fill, outline) = match c {
                Color::Black => (BLACK, false),
                Color::White => (WHITE, true),
            };
            shapes.push(Shape::Disc(
                at(p.x() as u8),
                at(p.y() as u8),
                CELL * 0.47,
                fill,
                outline,
            ));
        }
    }
    // The map, over the stones (strength and danger are maps of stones).
    let square = |p: Point, side: f64, colour: Rgb, opacity: f64| {
        let (x, y) = (at(p.x() as u8), at(p.y() as u8));
        Shape::Rect(x - side / 2.0, y - side / 2.0, side, side, colour, opacity)
    };
    match map {
        NamedMap::Numbers { map: m, signed } => {
            let signed = *signed;
            let scale = Point::all(size).map(|p| m[p].abs()).fold(1.0_f64, f64::max);
            for p in Point::all(size) {
                let v = m[p];
                if v == 0.0 || !v.is_finite() {
                    continue;
                }
                let side = CELL * 0.8 * (v.abs() / scale).sqrt();
                let (colour, opacity) = match (signed, v > 0.0) {
                    (false, _) => (RED, 0.75),
                    (true, true) => (BLACK, 0.7),
                    (true, false) => (WHITE, 0.85),
                };
                shapes.push(square(p, side, colour, opacity));
            }
        }
        NamedMap::Symbols(m) => {
            for p in Point::all(size) {
                let colour = match m[p] {
                    'x' => BLACK,
                    'o' => WHITE,
                    '*' => GREY,
                    _ => continue,
                };
                shapes.push(square(p, CELL * 0.4, colour, 0.9));
            }
        }
    }
    Scene {
        width: side,
        height: side,
        title,
        shapes,
    }
}

/// The usual star points: 4 on boards up to 11 lines (2 or 3 in from the
/// edge), 9 from 13 lines on, the centre of every odd board.
fn star_points(size: u8) -> Vec<Point> {
    let edge = if size >= 13 { 3 } else { 2 };
    if size < 7 {
        return Vec::new();
    }
    let far = size - 1 - edge;
    let mid = size / 2;
    let mut lines = vec![edge, far];
    if size % 2 == 1 && size >= 13 {
        lines.push(mid);
    }
    let mut out: Vec<Point> = lines
        .iter()
        .flat_map(|&y| lines.iter().map(move |&x| Point::new(x, y)))
        .collect();
    if size % 2 == 1 && size < 13 {
        out.push(Point::new(mid, mid));
    }
    out.sort();
    out
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

impl Scene {
    /// The scene as SVG text.
    pub(crate) fn svg(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
            w = self.width,
            h = self.height
        );
        let _ = writeln!(s, "<title>{}</title>", escape(&self.title));
        for shape in &self.shapes {
            let _ = match shape {
                Shape::Rect(x, y, w, h, c, o) => writeln!(
                    s,
                    "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{}\"{}/>",
                    hex(*c),
                    opacity(*o)
                ),
                Shape::Disc(x, y, r, c, outline) => writeln!(
                    s,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{}\"{}/>",
                    hex(*c),
                    if *outline { " stroke=\"#000000\"" } else { "" }
                ),
                Shape::Text(x, y, t) => writeln!(
                    s,
                    "<text x=\"{x:.1}\" y=\"{y:.1}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                    escape(t)
                ),
            };
        }
        s.push_str("</svg>\n");
        s
    }

    /// The scene as a PNG image (8-bit RGB; labels are not drawn).
    pub(crate) fn png(&self) -> Vec<u8> {
        let (w, h) = (self.width.round() as usize, self.height.round() as usize);
        let mut pixels = vec![0u8; w * h * 3];
        for shape in &self.shapes {
            match *shape {
                Shape::Rect(x, y, rw, rh, c, o) => {
                    let x0 = x.round().max(0.0) as usize;
                    let y0 = y.round().max(0.0) as usize;
                    let x1 = ((x + rw).round() as usize).min(w);
                    let y1 = ((y + rh).round() as usize).min(h);
                    for py in y0..y1 {
                        for px in x0..x1 {
                            blend(&mut pixels[(py * w + px) * 3..][..3], c, o);
                        }
                    }
                }
                Shape::Disc(cx, cy, r, c, outline) => {
                    if outline {
                        disc(&mut pixels, w, h, cx, cy, r + 0.5, BLACK);
                        disc(&mut pixels, w, h, cx, cy, r - 0.5, c);
                    } else {
                        disc(&mut pixels, w, h, cx, cy, r, c);
                    }
                }
                Shape::Text(..) => {}
            }
        }
        png::encode(w, h, &pixels)
    }
}

fn opacity(o: f64) -> String {
    if o >= 1.0 {
        String::new()
    } else {
        format!(" fill-opacity=\"{o:.2}\"")
    }
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Mixes `c` into a pixel with opacity `o`.
fn blend(px: &mut [u8], c: Rgb, o: f64) {
    for (v, &t) in px.iter_mut().zip(&c) {
        *v = (f64::from(*v) * (1.0 - o) + f64::from(t) * o).round() as u8;
    }
}

/// A disc, its edge smoothed by the share of 4×4 subpixels inside it.
fn disc(pixels: &mut [u8], w: usize, h: usize, cx: f64, cy: f64, r: f64, c: Rgb) {
    let x0 = (cx - r - 1.0).floor().max(0.0) as usize;
    let y0 = (cy - r - 1.0).floor().max(0.0) as usize;
    let x1 = ((cx + r + 1.0).ceil() as usize).min(w);
    let y1 = ((cy + r + 1.0).ceil() as usize).min(h);
    for py in y0..y1 {
        for px in x0..x1 {
            let mut inside = 0u32;
            for sy in 0..4 {
                for sx in 0..4 {
                    let dx = px as f64 + (f64::from(sx) + 0.5) / 4.0 - cx;
                    let dy = py as f64 + (f64::from(sy) + 0.5) / 4.0 - cy;
                    inside += u32::from(dx * dx + dy * dy <= r * r);
                }
            }
            if inside > 0 {
                blend(
                    &mut pixels[(py * w + px) * 3..][..3],
                    c,
                    f64::from(inside) / 16.0,
                );
            }
        }
    }
}

/// A minimal PNG encoder: 8-bit RGB, no filtering, one zlib stream of one
/// deflate block with the fixed Huffman codes, whose only matches repeat
/// the pixel before (distance 3) or the row above: drawings of flat
/// colours shrink about eighteenfold (a 19×19 ownership map: 70 KB).
pub(crate) mod png {
    /// The PNG file of a `w`×`h` image, `rgb` row by row from the top.
    pub(crate) fn encode(w: usize, h: usize, rgb: &[u8]) -> Vec<u8> {
        let mut raw = Vec::with_capacity(h * (w * 3 + 1));
        for row in rgb.chunks(w * 3) {
            raw.push(0); // filter: none
            raw.extend_from_slice(row);
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&(w as u32).to_be_bytes());
        ihdr.extend_from_slice(&(h as u32).to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit, RGB, deflate, no filter, no interlace
        chunk(&mut out, *b"IHDR", &ihdr);
        chunk(&mut out, *b"IDAT", &zlib(&raw, w * 3 + 1));
        chunk(&mut out, *b"IEND", &[]);
        out
    }

    fn chunk(out: &mut Vec<u8>, kind: [u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend_from_slice(&kind);
        out.extend_from_slice(data);
        let crc = crc32(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }

    /// The base of each deflate length code (257 + index) and its extra
    /// bits (RFC 1951 §3.2.5).
    pub(crate) const LENGTHS: [(u16, u8); 29] = [
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
        (7, 0),
        (8, 0),
        (9, 0),
        (10, 0),
        (11, 1),
        (13, 1),
        (15, 1),
        (17, 1),
        (19, 2),
        (23, 2),
        (27, 2),
        (31, 2),
        (35, 3),
        (43, 3),
        (51, 3),
        (59, 3),
        (67, 4),
        (83, 4),
        (99, 4),
        (115, 4),
        (131, 5),
        (163, 5),
        (195, 5),
        (227, 5),
        (258, 0),
    ];

    /// The base of each deflate distance code and its extra bits.
    pub(crate) const DISTANCES: [(u16, u8); 30] = [
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 1),
        (7, 1),
        (9, 2),
        (13, 2),
        (17, 3),
        (25, 3),
        (33, 4),
        (49, 4),
        (65, 5),
        (97, 5),
        (129, 6),
        (193, 6),
        (257, 7),
        (385, 7),
        (513, 8),
        (769, 8),
        (1025, 9),
        (1537, 9),
        (2049, 10),
        (3073, 10),
        (4097, 11),
        (6145, 11),
        (8193, 12),
        (12289, 12),
        (16385, 13),
        (24577, 13),
    ];

    /// Bits written least significant first, as deflate packs them.
    struct Bits {
        out: Vec<u8>,
        acc: u32,
        n: u32,
    }

    impl Bits {
        fn put(&mut self, value: u32, len: u32) {
            self.acc |= value << self.n;
            self.n += len;
            while self.n >= 8 {
                self.out.push(self.acc as u8);
                self.acc >>= 8;
                self.n -= 8;
            }
        }

        /// A Huffman code: its bits go most significant first.
        fn code(&mut self, code: u32, len: u32) {
            self.put(code.reverse_bits() >> (32 - len), len);
        }

        /// A literal/length symbol in the fixed code (RFC 1951 §3.2.6).
        fn symbol(&mut self, s: u32) {
            match s {
                0..=143 => self.code(0x30 + s, 8),
                144..=255 => self.code(0x190 + s - 144, 9),
                256..=279 => self.code(s - 256, 7),
                _ => self.code(0xC0 + s - 280, 8),
            }
        }
    }

    /// A zlib stream holding `data` in one fixed-code deflate block; matches
    /// look one pixel back and `row` bytes back (at most 32 768).
    pub(crate) fn zlib(data: &[u8], row: usize) -> Vec<u8> {
        let mut bits = Bits {
            out: vec![0x78, 0x01],
            acc: 0,
            n: 0,
        };
        bits.put(1, 1); // the last block
        bits.put(1, 2); // fixed Huffman codes
        let run = |i: usize, d: usize| {
            let mut k = 0;
            if d <= i && d <= 32_768 {
                while k < 258 && i + k < data.len() && data[i + k] == data[i + k - d] {
                    k += 1;
                }
            }
            k
        };
        let mut i = 0;
        while i < data.len() {
            let (len, d) = [(run(i, 3), 3), (run(i, row), row)]
                .into_iter()
                .max_by_key(|&(len, d)| (len, std::cmp::Reverse(d)))
                .unwrap_or((0, 3));
            if len >= 3 {
                let k = LENGTHS
                    .iter()
                    .rposition(|&(base, _)| usize::from(base) <= len)
                    .unwrap_or(0);
                let (base, extra) = LENGTHS[k];
                bits.symbol(257 + k as u32);
                bits.put((len - usize::from(base)) as u32, u32::from(extra));
                let k = DISTANCES
                    .iter()
                    .rposition(|&(base, _)| usize::from(base) <= d)
                    .unwrap_or(0);
                let (base, extra) = DISTANCES[k];
                bits.code(k as u32, 5);
                bits.put((d - usize::from(base)) as u32, u32::from(extra));
                i += len;
            } else {
                bits.symbol(u32::from(data[i]));
                i += 1;
            }
        }
        bits.symbol(256);
        if bits.n > 0 {
            bits.out.push(bits.acc as u8);
        }
        let mut out = bits.out;
        out.extend_from_slice(&adler32(data).to_be_bytes());
        out
    }

    /// CRC-32 (ISO-HDLC, as PNG uses), bit by bit.
    pub(crate) fn crc32(data: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    /// Adler-32, as zlib uses.
    pub(crate) fn adler32(data: &[u8]) -> u32 {
        let (mut a, mut b) = (1u32, 0u32);
        for &x in data {
            a = (a + u32::from(x)) % 65_521;
            b = (b + a) % 65_521;
        }
        (b << 16) | a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_published_check_values() {
        // The check values of the catalogue of CRC and checksum algorithms.
        assert_eq!(png::crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(png::adler32(b"Wikipedia"), 0x11E6_0398);
    }

    /// Decodes a zlib stream of fixed-code deflate blocks (the subset the
    /// encoder writes, any distance), for the round trip below.
    fn inflate_fixed(z: &[u8]) -> Vec<u8> {
        assert_eq!(&z[..2], &[0x78, 0x01]);
        let mut pos = 16usize; // bit position after the zlib header
        let mut bit = || {
            let b = (z[pos / 8] >> (pos % 8)) & 1;
            pos += 1;
            u32::from(b)
        };
        let mut out: Vec<u8> = Vec::new();
        let last = bit();
        assert_eq!(last, 1);
        assert_eq!((bit(), bit()), (1, 0), "fixed codes");
        let read = |n: u32, bit: &mut dyn FnMut() -> u32| (0..n).fold(0, |v, i| v | (bit() << i));
        loop {
            // Huffman codes arrive most significant bit first.
            let mut code = 0u32;
            let mut len = 0;
            let symbol = loop {
                code = (code << 1) | bit();
                len += 1;
                match (len, code) {
                    (7, 0..=0x17) => break 256 + code,
                    (8, 0x30..=0xBF) => break code - 0x30,
                    (8, 0xC0..=0xC7) => break 280 + code - 0xC0,
                    (9, 0x190..=0x1FF) => break 144 + code - 0x190,
                    _ => assert!(len < 9, "no symbol"),
                }
            };
            match symbol {
                0..=255 => out.push(symbol as u8),
                256 => break,
                _ => {
                    let (base, extra) = png::LENGTHS[(symbol - 257) as usize];
                    let length = usize::from(base) + read(u32::from(extra), &mut bit) as usize;
                    let mut d = 0u32;
                    for _ in 0..5 {
                        d = (d << 1) | bit();
                    }
                    let (base, extra) = png::DISTANCES[d as usize];
                    let distance = usize::from(base) + read(u32::from(extra), &mut bit) as usize;
                    for _ in 0..length {
                        out.push(out[out.len() - distance]);
                    }
                }
            }
        }
        let end = pos.div_ceil(8);
        assert_eq!(z[end..], png::adler32(&out).to_be_bytes());
        out
    }

    #[test]
    fn the_deflate_stream_decodes_to_the_data() {
        // Runs of every length around the code boundaries, and noise.
        let mut data: Vec<u8> = Vec::new();
        let mut x = 7u32;
        for run in [1usize, 2, 3, 4, 10, 11, 12, 257, 258, 259, 600, 5] {
            data.extend(std::iter::repeat_n([x as u8, (x >> 8) as u8, 200], run).flatten());
            for _ in 0..run % 7 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                data.push((x >> 16) as u8);
            }
        }
        // As rows of an image: each row after the first repeats the one
        // above but for a byte.
        let row = data.len();
        let mut image = data.clone();
        for r in 1..40 {
            let mut next = data.clone();
            next[r * 7 % row] ^= 0x55;
            image.extend(next);
        }
        for (data, row) in [(&data, 3), (&data, 1000), (&image, row)] {
            let z = png::zlib(data, row);
            assert_eq!(&inflate_fixed(&z), data);
            assert!(
                z.len() < data.len() / 4,
                "{} bytes for {}",
                z.len(),
                data.len()
            );
        }
        // The row above repeats what one pixel back cannot.
        assert!(png::zlib(&image, row).len() < png::zlib(&image, 3).len() / 2);
        assert_eq!(inflate_fixed(&png::zlib(&[], 3)), Vec::<u8>::new());
    }

    /// The PNG of a scene, decoded: a black stone's centre is black, a
    /// white stone's white, an empty point off the lines wood, and every
    /// chunk's CRC checks.
    #[test]
    fn a_png_decodes_to_the_scene() {
        let mut board = Board::new(9).unwrap();
        board.play(Color::Black, Point::new(2, 2)).unwrap();
        board.play(Color::White, Point::new(6, 6)).unwrap();
        let map = NamedMap::Symbols(keisei_board::BoardMap::from_fn(9, |p| {
            if p == Point::new(4, 4) { 'x' } else { '.' }
        }));
        let png = scene(&board, &map, "test".into()).png();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let mut at = 8;
        let mut idat = Vec::new();
        let mut kinds = Vec::new();
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let body = &png[at + 4..at + 8 + len];
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(png::crc32(body), crc);
            kinds.push(String::from_utf8_lossy(&body[..4]).to_string());
            if &body[..4] == b"IDAT" {
                idat.extend_from_slice(&body[4..]);
            }
            at += 12 + len;
        }
        assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
        let side = 8 * 32 + 2 * 32;
        let raw = inflate_fixed(&idat);
        assert_eq!(raw.len(), side * (side * 3 + 1));
        let pixel = |x: usize, y: usize| -> [u8; 3] {
            let i = y * (side * 3 + 1) + 1 + x * 3;
            [raw[i], raw[i + 1], raw[i + 2]]
        };
        let centre = |p: Point| (32 + 32 * p.x() as usize, 32 + 32 * p.y() as usize);
        let (x, y) = centre(Point::new(2, 2));
        assert_eq!(pixel(x, y), BLACK);
        let (x, y) = centre(Point::new(6, 6));
        assert_eq!(pixel(x, y), WHITE);
        let (x, y) = centre(Point::new(4, 4));
        assert_ne!(pixel(x, y), WOOD, "the map's square");
        let (x, y) = centre(Point::new(7, 1));
        assert_eq!(pixel(x + 10, y + 10), WOOD);
    }

    #[test]
    fn star_points_are_the_usual_ones() {
        let names = |size: u8| -> Vec<String> {
            star_points(size).iter().map(|p| p.to_gtp(size)).collect()
        };
        assert_eq!(
            names(19),
            ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]
        );
        assert_eq!(names(9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(
            names(13),
            ["D10", "G10", "K10", "D7", "G7", "K7", "D4", "G4", "K4"]
        );
        assert!(star_points(5).is_empty());
    }
}
