//! Verifies and lints the built-in database (what `keisei db verify` and
//! `keisei db lint` do), printing a summary.
#![allow(clippy::print_stdout)]
fn main() {
    let t = std::time::Instant::now();
    let db = keisei_eyes::builtin::load_text().unwrap_or_else(|e| panic!("{e}"));
    let r = keisei_eyes::verify::verify(&db, keisei_eyes::verify::VERIFY_BUDGET);
    println!(
        "{} entries, {} shapes, {} nodes, {} disagreements, {:?}",
        r.entries,
        r.shapes,
        r.nodes,
        r.disagreements.len(),
        t.elapsed()
    );
    for d in r.disagreements.iter().take(5) {
        println!("{d}");
    }
    let lint = keisei_eyes::lint::lint(&db, keisei_eyes::builtin::FILES);
    println!("lint: {} findings", lint.len());
    for d in lint.iter().take(5) {
        println!("{d}");
    }
}
