//! Rewrites `crates/eyes/db/compiled.bin` from the text files (the same as
//! `keisei db compile`). Run from the repository root.
#![allow(clippy::print_stdout)]
fn main() {
    let db = keisei_eyes::builtin::load_text().unwrap_or_else(|e| panic!("{e}"));
    let bytes = keisei_eyes::store::compile(&db);
    std::fs::write(keisei_eyes::builtin::COMPILED_PATH, &bytes).expect("write compiled.bin");
    println!(
        "{}: {} bytes, {} shapes",
        keisei_eyes::builtin::COMPILED_PATH,
        bytes.len(),
        db.shape_count()
    );
}
