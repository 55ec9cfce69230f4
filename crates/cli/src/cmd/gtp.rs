//! `keisei gtp`: a Go Text Protocol (version 2) engine on stdin and stdout.
//!
//! The standard commands (board setup, `play`, `genmove`, `undo`,
//! `showboard`, `loadsgf`), GNU Go's `estimate_score`, `final_score`,
//! `final_status_list`, `top_moves` and `reg_genmove` in GNU Go's syntax,
//! and `GoGui`'s `gogui-analyze_commands` with one analyze command per map of
//! the evaluation. Garbage on the channel (unknown commands, bad arguments,
//! control characters, bytes that are not UTF-8) gets a `?` answer and the
//! engine goes on; only `quit` or the end of input stops it.

use super::Result;
use super::eval::load_config;
use super::maps::{self, Kind, MAPS, NamedMap, named_map};
use crate::args::ConfigArgs;
use keisei_board::{Board, Color, Game, MAX_SIZE, MIN_SIZE, Move, Point};
use keisei_evaluate::{Evaluation, Evaluator, Factor, Method};
use std::io::{BufRead, Write};

/// The commands `list_commands` names, in the order it names them.
const COMMANDS: [&str; 25] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "kgs-rules",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "loadsgf",
    "estimate_score",
    "final_score",
    "final_status_list",
    "top_moves",
    "top_moves_black",
    "top_moves_white",
    "gogui-analyze_commands",
    "keisei-map",
    "keisei-eval",
];

/// How many moves `top_moves` lists.
const TOP: usize = 10;

/// The engine's state: the position, komi, and the positions before each
/// move played (for `undo`).
pub(crate) struct Engine {
    evaluator: Evaluator,
    board: Board,
    komi: f64,
    history: Vec<Board>,
    quit: bool,
}

/// Runs the engine on stdin and stdout until `quit` or the end of input.
pub(crate) fn run(config: &ConfigArgs) -> Result<()> {
    let mut engine = Engine::new(Evaluator::new(load_config(config)?));
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(reply) = engine.handle(&String::from_utf8_lossy(&line)) {
            out.write_all(reply.as_bytes())?;
            out.flush()?;
        }
        if engine.quit {
            return Ok(());
        }
    }
}

/// A command's answer: the response text, or the error message.
type Answer = std::result::Result<String, String>;

impl Engine {
    pub(crate) fn new(evaluator: Evaluator) -> Engine {
        Engine {
            evaluator,
            board: Board::new(19).expect("19 is a supported size"),
            komi: 0.0,
            history: Vec::new(),
            quit: false,
        }
    }

    /// The reply to one line of input (`None` for a line with no command),
    /// in GTP's form: `=id response` or `?id message`, then an empty line.
    pub(crate) fn handle(&mut self, raw: &str) -> Option<String> {
        // GTP §2.5: control characters other than tab and newline are
        // removed, tabs become spaces, `#` starts a comment.
        let clean: String = raw
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let clean = clean.split('#').next().unwrap_or("");
        let mut words = clean.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.chars().all(|c| c.is_ascii_digit()) {
            (first, words.next().unwrap_or(""))
        } else {
            ("", first)
        };
        let args: Vec<&str> = words.collect();
        let (mark, text) = match self.command(command, &args) {
            Ok(text) => ('=', text),
            Err(message) => ('?', message),
        };
        // An empty line ends a response: none may stand inside one.
        let body: Vec<&str> = text
            .trim_end()
            .split('\n')
            .enumerate()
            .filter(|(i, l)| *i == 0 || !l.trim().is_empty())
            .map(|(_, l)| l)
            .collect();
        let body = body.join("\n");
        Some(if body.is_empty() {
            format!("{mark}{id}\n\n")
        } else {
            format!("{mark}{id} {body}\n\n")
        })
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("keisei".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(args, 0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                let size: u32 = arg(args, 0)?
                    .parse()
                    .map_err(|_| "boardsize not an integer")?;
                if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
                    return Err("unacceptable size".into());
                }
                self.board = Board::new(size).map_err(|e| e.to_string())?;
                self.history.clear();
                Ok(String::new())
            }
            "clear_board" => {
                self.board = Board::new(u32::from(self.board.size())).map_err(|e| e.to_string())?;
                self.history.clear();
                Ok(String::new())
            }
            "komi" => {
                let komi: f64 = arg(args, 0)?.parse().map_err(|_| "komi not a float")?;
                if !komi.is_finite() {
                    return Err("komi not a float".into());
                }
                self.komi = komi;
                Ok(String::new())
            }
            // How `final_score` and `estimate_score` count: Japanese rules
            // by territory, the others KGS names by area.
            "kgs-rules" => {
                use keisei_evaluate::config::Counting;
                let counting = match arg(args, 0)?.to_ascii_lowercase().as_str() {
                    "japanese" => Counting::Territory,
                    "chinese" | "aga" | "new_zealand" => Counting::Area,
                    other => return Err(format!("unknown rules `{other}`")),
                };
                self.evaluator.config.ownership.counting = counting;
                Ok(String::new())
            }
            "play" => {
                let color = color(arg(args, 0)?)?;
                let mv = vertex(arg(args, 1)?, self.board.size())?;
                let before = self.board.clone();
                self.board
                    .play_move(color, mv)
                    .map_err(|_| "illegal move".to_string())?;
                self.history.push(before);
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                let color = color(arg(args, 0)?)?;
                let (mv, _) = self.evaluator.choose_move(&self.board, self.komi, color);
                if command == "genmove" {
                    let before = self.board.clone();
                    self.board
                        .play_move(color, mv)
                        .map_err(|e| format!("the chosen move is illegal: {e:?}"))?;
                    self.history.push(before);
                }
                Ok(mv.to_gtp(self.board.size()))
            }
            "undo" => {
                self.board = self.history.pop().ok_or("cannot undo")?;
                Ok(String::new())
            }
            "showboard" => Ok(format!("\n{}", keisei_board::render_board(&self.board))),
            "loadsgf" => self.loadsgf(args),
            "estimate_score" => {
                // GNU Go's form: the estimate, then bounds from White's
                // point of view; keisei's estimate is one number, so the
                // bounds are that number.
                let score = self.evaluate().score;
                let white = 0.0 - round1(score);
                Ok(format!(
                    "{} (upper bound: {white:.1}, lower: {white:.1})",
                    result_text(score)
                ))
            }
            "final_score" => Ok(result_text(self.evaluate().score)),
            "final_status_list" => self.final_status_list(arg(args, 0)?),
            "top_moves" | "top_moves_black" | "top_moves_white" => {
                let color = match command {
                    "top_moves_black" => Color::Black,
                    "top_moves_white" => Color::White,
                    _ => self.board.to_move(),
                };
                let size = self.board.size();
                let mut board = self.board.clone();
                board.set_to_move(color);
                Ok(self
                    .evaluator
                    .rank(&board, self.komi, Method::Two, Factor::All, None, None)
                    .iter()
                    .filter(|m| self.board.is_legal(color, m.point))
                    .take(TOP)
                    .map(|m| format!("{} {:.2}", m.point.to_gtp(size), m.value))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "gogui-analyze_commands" => {
                let mut lines: Vec<String> = MAPS
                    .iter()
                    .map(|(name, label, kind)| {
                        let kind = if *kind == Kind::Symbols {
                            "sboard"
                        } else {
                            "dboard"
                        };
                        format!("{kind}/keisei {label}/keisei-map {name}")
                    })
                    .collect();
                lines.push("string/keisei Evaluation/keisei-eval".into());
                Ok(lines.join("\n"))
            }
            "keisei-map" => self.map(arg(args, 0)?),
            "keisei-eval" => {
                let e = self.evaluate();
                Ok(format!(
                    "total {:.3} (Black's view), score {}, territory {:.3}, influence {:.3}, danger {:.3}",
                    e.total,
                    result_text(e.score),
                    e.weighted.territory,
                    e.weighted.influence,
                    e.weighted.danger
                ))
            }
            "" => Err("no command".into()),
            _ => Err("unknown command".into()),
        }
    }

    fn evaluate(&self) -> Evaluation {
        self.evaluator.evaluate(&self.board, self.komi)
    }

    fn loadsgf(&mut self, args: &[&str]) -> Answer {
        let game = Game::load(arg(args, 0)?).map_err(|e| format!("cannot load: {e}"))?;
        // GTP: the position before move `move_number` (from 1).
        let moves = match args.get(1) {
            None => game.move_count(),
            Some(n) => n
                .parse::<usize>()
                .map_err(|_| "move number not an integer")?
                .saturating_sub(1),
        };
        let pos = game
            .position(moves.min(game.move_count()))
            .map_err(|e| format!("cannot load: {e}"))?;
        self.board = pos.board;
        self.komi = pos.komi;
        self.history.clear();
        Ok(color_name(self.board.to_move()).into())
    }

    fn final_status_list(&self, status: &str) -> Answer {
        let e = self.evaluate();
        let dead = match status {
            "dead" => true,
            "alive" => false,
            "seki" => return Ok(String::new()),
            _ => return Err("invalid status".into()),
        };
        let size = self.board.size();
        let lines: Vec<String> = self
            .board
            .chain_heads()
            .filter(|&h| e.ownership_dead.contains(h) == dead)
            .map(|h| {
                let mut stones: Vec<Point> = self.board.chain_stones(h).collect();
                stones.sort_unstable();
                stones
                    .iter()
                    .map(|p| p.to_gtp(size))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(lines.join("\n"))
    }

    /// One map of the evaluation, as `GoGui` draws it: numbers as a
    /// `dboard` (rows of numbers), symbols as an `sboard` (rows of labels,
    /// `""` for none), the top row first.
    fn map(&self, name: &str) -> Answer {
        let e = self.evaluate();
        let size = self.board.size();
        match named_map(&e, size, name) {
            Some(NamedMap::Numbers { map, .. }) => Ok(rows(size, |p| format!("{:.2}", map[p]))),
            Some(NamedMap::Symbols(m)) => Ok(rows(size, |p| match m[p] {
                '.' => "\"\"".to_string(),
                c => c.to_string(),
            })),
            None => Err(format!("unknown map (one of: {})", maps::names())),
        }
    }
}

/// The board's rows, top first, each point written by `cell`.
fn rows(size: u8, cell: impl Fn(Point) -> String) -> String {
    (0..size)
        .map(|y| {
            (0..size)
                .map(|x| cell(Point::new(x, y)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn arg<'a>(args: &[&'a str], i: usize) -> std::result::Result<&'a str, String> {
    args.get(i)
        .copied()
        .ok_or_else(|| "missing argument".to_string())
}

fn color(text: &str) -> std::result::Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color or coordinate".into()),
    }
}

fn vertex(text: &str, size: u8) -> std::result::Result<Move, String> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Point::from_gtp(text, size)
        .map(Move::Play)
        .ok_or_else(|| "invalid color or coordinate".into())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `B+3.5`, `W+0.5` or `0`, as GNU Go writes a score.
fn result_text(score: f64) -> String {
    let s = round1(score);
    if s > 0.0 {
        format!("B+{s:.1}")
    } else if s < 0.0 {
        format!("W+{:.1}", -s)
    } else {
        "0".into()
    }
}
