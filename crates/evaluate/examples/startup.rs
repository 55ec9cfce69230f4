//! Times the first load of every built-in database in a fresh process (what
//! a program pays once, before its first evaluation): the eye shapes, the
//! connection patterns, the removal rules, the room patterns, the influence
//! model's reinforcement rules and the candidates' efficiency patterns,
//! each the first time it is asked for, then `Evaluator::new` with all of
//! them loaded. (The move-probability tables are not built in: a program
//! loads the file it built with `keisei stats build`.)
//!
//! `cargo run --release -p keisei-evaluate --example startup`
//!
//! Each database loads once per process, so one run gives one figure of
//! each; run it several times.
#![allow(clippy::print_stdout)]

use keisei_candidates::efficiency::Efficiency;
use keisei_evaluate::{Config, Evaluator};
use keisei_groups::RoomPatterns;
use keisei_influence::rules::ReinforcementRules;
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn time<T>(total: &mut Duration, name: &str, f: impl FnOnce() -> T) {
    let start = Instant::now();
    black_box(f());
    let took = start.elapsed();
    *total += took;
    println!("{name:<40} {took:>10.1?}");
}

fn main() {
    let mut total = Duration::ZERO;
    time(&mut total, "eye shapes (compiled index)", || {
        keisei_eyes::builtin::builtin()
    });
    time(&mut total, "connection patterns (parse + compile)", || {
        ConnectionPatterns::builtin()
    });
    time(&mut total, "removal rules", RemovalRules::builtin);
    time(&mut total, "room patterns", RoomPatterns::builtin);
    time(
        &mut total,
        "reinforcement rules",
        ReinforcementRules::builtin,
    );
    time(&mut total, "efficiency patterns", Efficiency::builtin);
    println!("{:<40} {total:>10.1?}", "all built-in databases");
    let start = Instant::now();
    black_box(Evaluator::new(Config::default()));
    println!("{:<40} {:>10.1?}", "then Evaluator::new", start.elapsed());
}
