//! What the terminal allows: colour only on a terminal with `NO_COLOR` unset.

use std::io::IsTerminal;

/// Whether to colour output on stdout (https://no-color.org).
pub fn stdout_colour() -> bool {
    std::io::stdout().is_terminal() && !no_color()
}

/// Whether stderr is a terminal, for the progress bar.
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// `NO_COLOR` set to anything non-empty disables colour.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Terminal width for wrapping reports; a fixed width otherwise so output is stable.
pub fn width() -> usize {
    if std::io::stdout().is_terminal() {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(100)
    } else {
        100
    }
}
