//! What one watch cycle prints: errors first, then warnings, then notes when asked
//! for, ending with the one status line. On a terminal each cycle redraws the
//! screen and is cut to its height so the first error stays in view (a long list
//! of notes under it would scroll it away); piped output is appended whole.

/// The rendered reports of one cycle, one string per diagnostic.
#[derive(Debug, Default)]
pub struct Rendered {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    /// Empty unless notes are shown (`--notes`).
    pub notes: Vec<String>,
}

/// Clears the screen and its scrollback, cursor home (as `cargo watch -c`).
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

/// The text of one cycle. `header` lines (the served URL) stay at the top of
/// every redraw; `size` is the terminal's (columns, rows), `None` when piped.
pub fn compose(
    header: &[String],
    rendered: &Rendered,
    status: &str,
    size: Option<(usize, usize)>,
) -> String {
    let reports = rendered
        .errors
        .iter()
        .chain(&rendered.warnings)
        .chain(&rendered.notes);
    let Some((cols, rows)) = size else {
        let mut out: String = reports.map(String::as_str).collect();
        out.push_str(status);
        out.push('\n');
        return out;
    };
    let mut out = String::from(CLEAR);
    for line in header {
        out.push_str(&cut(line, cols));
        out.push('\n');
    }
    // The status line takes the last row; a cut body says so on one more.
    let room = rows.saturating_sub(header.len() + 1);
    let lines: Vec<&str> = reports.flat_map(|r| r.lines()).collect();
    let needed: usize = lines.iter().map(|l| rows_of(l, cols)).sum();
    if needed <= room {
        for line in &lines {
            out.push_str(line);
            out.push('\n');
        }
    } else {
        let room = room.saturating_sub(1);
        let mut used = 0;
        let mut shown = 0;
        for line in &lines {
            let takes = rows_of(line, cols);
            if used + takes > room {
                break;
            }
            used += takes;
            shown += 1;
            out.push_str(line);
            out.push('\n');
        }
        let more = format!(
            "... {} more lines not shown (the terminal is full)",
            lines.len() - shown
        );
        out.push_str(&cut(&more, cols));
        out.push('\n');
    }
    // No newline after the last row: it would scroll the first one away.
    out.push_str(&fit_status(status, cols));
    out
}

/// The status line within `cols`: the hint about hidden notes goes first, then the
/// names of the changed files are shortened (never dropped: the line must still
/// say what changed), so the counts and the time stay in view; only then is the
/// line cut.
fn fit_status(status: &str, cols: usize) -> String {
    if visible_len(status) <= cols {
        return status.to_string();
    }
    let short = status.replacen(super::status::NOTES_HINT, "", 1);
    if visible_len(&short) <= cols {
        return short;
    }
    const CHANGED: &str = " changed: ";
    let shorter = match (short.find("] "), short.find(CHANGED)) {
        (Some(open), Some(changed)) if open < changed => {
            let head = &short[..open + 2];
            let names = &short[open + 2..changed];
            let tail = &short[changed..];
            let room = cols.saturating_sub(visible_len(head) + visible_len(tail));
            // Too narrow for even a few letters of a name: keep the counts.
            if room < MIN_NAME {
                format!("{head}{}", &tail[CHANGED.len()..])
            } else {
                format!("{head}{}{tail}", cut(names, room))
            }
        }
        _ => short,
    };
    cut(&shorter, cols)
}

/// The fewest characters of the changed names worth showing on the status line.
const MIN_NAME: usize = 6;

/// `text` cut to `cols` visible characters, so it never wraps.
fn cut(text: &str, cols: usize) -> String {
    if visible_len(text) <= cols {
        return text.to_string();
    }
    let mut out: String = text.chars().take(cols.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Rows a line takes on a terminal `cols` wide (at least one).
fn rows_of(line: &str, cols: usize) -> usize {
    visible_len(line).div_ceil(cols.max(1)).max(1)
}

/// Characters shown, not counting colour escapes (`ESC [ ... letter`).
fn visible_len(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for e in chars.by_ref() {
                if e.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(head: &str, lines: usize) -> String {
        let mut r = format!("{head}\n");
        for i in 0..lines {
            r.push_str(&format!("  line {i}\n"));
        }
        r
    }

    #[test]
    fn piped_output_is_whole_and_ends_with_the_status_line() {
        let rendered = Rendered {
            errors: vec![report("error[MC101]", 2)],
            warnings: vec![report("warning[MC301]", 1)],
            notes: Vec::new(),
        };
        let out = compose(&[], &rendered, "[12:00:00] status", None);
        assert!(!out.contains('\x1b'));
        assert!(out.find("error[") < out.find("warning["));
        assert!(out.ends_with("[12:00:00] status\n"));
    }

    #[test]
    fn a_full_terminal_keeps_the_first_error_and_the_status_line() {
        let rendered = Rendered {
            errors: vec![report("error[MC101]", 3)],
            warnings: vec![report("warning[MC301]", 40)],
            notes: (0..20).map(|_| report("note[MC604]", 10)).collect(),
        };
        let status = format!("[12:00:00] {}", "x".repeat(200));
        let out = compose(&["serving here".into()], &rendered, &status, Some((80, 24)));
        let screen = out.trim_start_matches(CLEAR);
        assert_eq!(screen.lines().count(), 24, "{screen}");
        assert!(screen.starts_with("serving here\nerror[MC101]\n"));
        assert!(screen.contains("more lines not shown"));
        let last = screen.lines().last().unwrap_or_default();
        assert_eq!(last.chars().count(), 80);
        assert!(last.ends_with('…'));
    }

    #[test]
    fn a_narrow_terminal_drops_the_notes_hint_then_shortens_the_names() {
        let status = "[12:00:00] pegasus-bridge.muster changed: 11 scenarios checked, 0 errors, \
                      2 warnings, 32 notes (--notes shows them) (44 ms)";
        let out = fit_status(status, 110);
        assert_eq!(
            out,
            "[12:00:00] pegasus-bridge.muster changed: 11 scenarios checked, 0 errors, \
             2 warnings, 32 notes (44 ms)"
        );
        let narrow = fit_status(status, 100);
        assert_eq!(
            narrow,
            "[12:00:00] pegasus-bridge.mus… changed: 11 scenarios checked, 0 errors, 2 warnings, \
             32 notes (44 ms)"
        );
        assert_eq!(narrow.chars().count(), 100);
        let narrowest = fit_status(status, 83);
        assert_eq!(
            narrowest,
            "[12:00:00] 11 scenarios checked, 0 errors, 2 warnings, 32 notes (44 ms)"
        );
        assert_eq!(fit_status(status, 200), status);
    }

    #[test]
    fn colour_escapes_take_no_width() {
        assert_eq!(visible_len("\x1b[31merror\x1b[0m"), 5);
        assert_eq!(rows_of("", 10), 1);
        assert_eq!(rows_of(&"y".repeat(21), 10), 3);
    }
}
