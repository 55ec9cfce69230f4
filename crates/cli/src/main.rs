//! `keisei`: the command-line face of the keisei workspace.
//!
//! # What this crate owns
//! Argument parsing (clap derive), the conventions every subcommand shares
//! (`FILE.sgf [--move N] [--json]`), text and JSON output, and exit codes.
//!
//! # What it must not know
//! Algorithms. Every subcommand calls a library crate and prints what it
//! returns; nothing here computes a factor.

// A command-line tool prints by design.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod args;
mod cmd;
mod out;
mod peer;

use clap::Parser;
use std::process::ExitCode;

// mimalloc rather than the system's allocator: an evaluation makes about a
// hundred short-lived allocations, and glibc's malloc and free were 3 % of
// its instructions (1.7 % fewer in all with mimalloc; docs/results.md). The
// library crates leave the choice to the programs that use them.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match cmd::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Complete diagnostics (rustc-style, already saying `error:`) are
            // printed as they are; anything else gets the `error: ` prefix.
            if e.is::<cmd::Failed>() {
                eprintln!("{e}");
            } else {
                eprintln!("error: {e}");
            }
            ExitCode::from(1)
        }
    }
}
