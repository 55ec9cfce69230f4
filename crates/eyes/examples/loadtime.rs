//! Times loading the built-in database: from its text (parse + index +
//! duplicate check) and from its compiled index.
#![allow(clippy::print_stdout)]
use std::time::Instant;

fn main() {
    let n = 20;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(keisei_eyes::builtin::load_text().unwrap().shape_count());
    }
    println!("text: {:?} per load", t.elapsed() / n);
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(
            keisei_eyes::store::load(keisei_eyes::builtin::COMPILED)
                .unwrap()
                .shape_count(),
        );
    }
    println!("compiled: {:?} per load", t.elapsed() / n);
}
