//! A GTP peer engine (GNU Go) driven over a pipe, for side-by-side
//! comparisons. Only process plumbing and GTP parsing live here; what the
//! peer is asked and how its answers are scored is the caller's business.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

use rayon::prelude::*;

/// A running GTP engine.
pub(crate) struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    /// Starts `program` with `args` and checks it answers `name`.
    pub(crate) fn spawn(program: &Path, args: &[String]) -> Result<Gtp, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: cannot start: {e}", program.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("{}: no pipes", program.display()));
        };
        let mut gtp = Gtp {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        };
        gtp.command("name")
            .map_err(|e| format!("{}: not a GTP engine: {e}", program.display()))?;
        Ok(gtp)
    }

    /// Sends one command and returns the text of a success answer (`= …`),
    /// or the engine's error text (`? …`) or an I/O failure as `Err`.
    pub(crate) fn command(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("`{command}`: cannot write: {e}"))?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("`{command}`: cannot read: {e}"))?;
            if n == 0 {
                return Err(format!("`{command}`: the engine closed its output"));
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
        }
        if let Some(rest) = answer.strip_prefix('=') {
            Ok(strip_id(rest).to_string())
        } else if let Some(rest) = answer.strip_prefix('?') {
            Err(format!("`{command}`: {}", strip_id(rest)))
        } else {
            Err(format!("`{command}`: not a GTP answer: {answer:?}"))
        }
    }
}

/// The answer text without a leading command id and blanks.
fn strip_id(s: &str) -> &str {
    s.trim_start_matches(|c: char| c.is_ascii_digit()).trim()
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        if self.child.try_wait().ok().flatten().is_none() {
            // Give it a moment to quit on its own, then make sure.
            std::thread::sleep(std::time::Duration::from_millis(20));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// GNU Go as a GTP engine at `level`, from a `--peer` value (`gnugo` or
/// `gnugo=PATH`): the program and its arguments, checked to start (the
/// reason it cannot, if not).
pub(crate) fn gnugo(spec: &str, level: u8) -> Result<(PathBuf, Vec<String>), String> {
    if spec != "gnugo" && !spec.starts_with("gnugo=") {
        return Err(format!(
            "unknown peer `{spec}`: only `gnugo` or `gnugo=PATH`"
        ));
    }
    let path = gnugo_path(spec);
    let args = vec![
        "--mode".to_string(),
        "gtp".to_string(),
        "--level".to_string(),
        level.to_string(),
    ];
    drop(Gtp::spawn(&path, &args)?);
    Ok((path, args))
}

/// Asks the engine at `path` about each item, one engine process per
/// thread, calling `done` after each: every item's answer (`None` when it
/// failed) in order, and the first error met.
pub(crate) fn ask_each<T: Sync, R: Send>(
    path: &Path,
    args: &[String],
    items: &[T],
    ask: impl Fn(&mut Gtp, &T) -> Result<R, String> + Sync,
    done: impl Fn() + Sync,
) -> (Vec<Option<R>>, Option<String>) {
    let first_error = Mutex::new(None::<String>);
    let answers = items
        .par_iter()
        .map_init(
            || Gtp::spawn(path, args),
            |engine, item| {
                let answer = match engine {
                    Ok(e) => ask(e, item),
                    Err(e) => Err(e.clone()),
                };
                done();
                answer
                    .map_err(|e| {
                        if let Ok(mut f) = first_error.lock() {
                            f.get_or_insert(e);
                        }
                    })
                    .ok()
            },
        )
        .collect();
    (answers, first_error.into_inner().ok().flatten())
}

/// Where to find GNU Go: `gnugo` alone means the usual places.
pub(crate) fn gnugo_path(spec: &str) -> PathBuf {
    if let Some(path) = spec.strip_prefix("gnugo=") {
        return PathBuf::from(path);
    }
    let usual = Path::new("/usr/games/gnugo");
    if usual.exists() {
        usual.to_path_buf()
    } else {
        PathBuf::from("gnugo")
    }
}

/// The moves of a `top_moves` answer (`Q16 12.3 D4 10.1 …`), best first,
/// upper-cased.
pub(crate) fn parse_top_moves(answer: &str) -> Vec<String> {
    answer
        .split_whitespace()
        .step_by(2)
        .map(str::to_ascii_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_moves_are_every_other_word() {
        assert_eq!(
            parse_top_moves("Q16 12.30 d4 10.1\nC3 1"),
            vec!["Q16", "D4", "C3"]
        );
        assert!(parse_top_moves("").is_empty());
    }

    #[test]
    fn ids_are_stripped() {
        assert_eq!(strip_id("12 Q16"), "Q16");
        assert_eq!(strip_id(" Q16 "), "Q16");
    }

    #[test]
    fn a_missing_engine_is_an_error_naming_it() {
        let Err(e) = Gtp::spawn(Path::new("/nonexistent/gnugo"), &[]) else {
            panic!("spawned a missing program");
        };
        assert!(e.contains("/nonexistent/gnugo"), "{e}");
    }

    #[test]
    fn a_program_that_is_not_gtp_is_an_error() {
        // `true` exits at once: the engine closes its output.
        let Err(e) = Gtp::spawn(Path::new("true"), &[]) else {
            panic!("`true` is not a GTP engine");
        };
        assert!(e.contains("not a GTP engine"), "{e}");
    }
}
