//! Writing to stdout without panicking when the reader goes away
//! (`keisei show … | head`): a closed pipe ends the program quietly, any other
//! write error is reported once.

use std::io::{ErrorKind, Write};

/// Writes `text` to stdout; on a broken pipe exits with status 0.
pub(crate) fn write(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write output: {e}");
        std::process::exit(1);
    }
}

/// `println!` that never panics on a closed pipe.
macro_rules! outln {
    () => { $crate::out::write("\n") };
    ($($arg:tt)*) => { $crate::out::write(&format!("{}\n", format_args!($($arg)*))) };
}

/// `print!` that never panics on a closed pipe.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::write(&format!($($arg)*)) };
}

pub(crate) use {out, outln};
