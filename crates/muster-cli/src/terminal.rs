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

/// The width reports wrap at when the terminal does not say, and when writing to a
/// file or pipe, so output is stable.
const FIXED_WIDTH: usize = 100;

/// Terminal width for wrapping reports; a fixed width otherwise so output is stable.
pub fn width() -> usize {
    if std::io::stdout().is_terminal() {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .or_else(|| size().map(|(cols, _)| cols))
            .unwrap_or(FIXED_WIDTH)
    } else {
        FIXED_WIDTH
    }
}

/// The size of the terminal on stdout as (columns, rows); `None` when stdout is
/// not a terminal (piped output is appended, never redrawn).
pub fn size() -> Option<(usize, usize)> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let asked = asked_size();
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    let cols = env("COLUMNS").or(asked.map(|(c, _)| c)).unwrap_or(80);
    let rows = env("LINES").or(asked.map(|(_, r)| r)).unwrap_or(24);
    Some((cols.max(1), rows.max(1)))
}

#[cfg(unix)]
fn asked_size() -> Option<(usize, usize)> {
    // SAFETY: TIOCGWINSZ only writes the `winsize` we own.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
    (ok && ws.ws_col > 0 && ws.ws_row > 0).then(|| (usize::from(ws.ws_col), usize::from(ws.ws_row)))
}

#[cfg(not(unix))]
fn asked_size() -> Option<(usize, usize)> {
    None
}
