//! Source lines of a rendered report cut to the terminal's width: a long line
//! would wrap and leave its underline under the wrong characters. Each line and
//! the underline rows beneath it are cut to the same window of columns, moved
//! right when the underline lies beyond the first screenful, with `…` where text
//! was cut.

/// `report` with every source line and its underlines within `width` columns.
pub fn fit(report: &str, width: usize) -> String {
    let lines: Vec<&str> = report.split('\n').collect();
    if lines.iter().all(|l| l.chars().count() <= width) {
        return report.to_string();
    }
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some(gutter) = source_gutter(lines[i]) else {
            out.push(lines[i].to_string());
            i += 1;
            continue;
        };
        // the underline rows drawn under this source line
        let mut end = i + 1;
        while end < lines.len() && underline_gutter(lines[end]) == Some(gutter) {
            end += 1;
        }
        let group = &lines[i..end];
        let room = width.saturating_sub(gutter);
        if room < 8 || group.iter().all(|l| l.chars().count() <= width) {
            out.extend(group.iter().map(|l| l.to_string()));
        } else {
            let start = window_start(&group[1..], gutter, room);
            out.extend(group.iter().map(|l| cut(l, gutter, start, room)));
        }
        i = end;
    }
    out.join("\n")
}

/// The width of a source line's gutter (`  71 | `), or `None` for other lines.
fn source_gutter(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &trimmed[digits..];
    let bar = [" | ", " │ "].into_iter().find(|b| rest.starts_with(b))?;
    Some((line.len() - trimmed.len()) + digits + bar.chars().count())
}

/// The width of an underline row's gutter (`     : `), or `None`.
fn underline_gutter(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    let mark = [": ", "· "].into_iter().find(|m| trimmed.starts_with(m))?;
    Some((line.len() - trimmed.len()) + mark.chars().count())
}

/// The first column of the window: 0 unless the first mark of an underline lies
/// beyond the first screenful, then a little before it.
fn window_start(underlines: &[&str], gutter: usize, room: usize) -> usize {
    let first_mark = underlines
        .iter()
        .filter_map(|l| l.chars().skip(gutter).position(|c| !c.is_whitespace()))
        .min();
    match first_mark {
        Some(m) if m + 2 >= room => m.saturating_sub(room / 4),
        _ => 0,
    }
}

/// One row cut to the window `[start, start + room)` of its text after the gutter.
fn cut(line: &str, gutter: usize, start: usize, room: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let head: String = chars.iter().take(gutter).collect();
    let text = chars.get(gutter..).unwrap_or_default();
    if start == 0 && text.len() <= room {
        return line.to_string();
    }
    let mut shown: Vec<char> = text.iter().skip(start).take(room).copied().collect();
    let blank = |c: &char| c.is_whitespace();
    if start > 0 && !shown.is_empty() && !shown.iter().all(blank) {
        shown[0] = '…';
    }
    if text.len() > start + room {
        if let Some(last) = shown.last_mut() {
            *last = '…';
        }
    }
    let body: String = shown.into_iter().collect();
    format!("{head}{}", body.trim_end())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_long_line_is_cut_and_its_underline_stays_under_its_word() {
        let long = format!("{}target{}", "x".repeat(120), "y".repeat(60));
        let report = format!(
            "warning[MC301] element-separated\n    ,-[a.muster:3:121]\n  3 | {long}\n    : {}^^^|^^\n    : {}   `-- here\n    `----\n",
            " ".repeat(120),
            " ".repeat(120)
        );
        let fitted = fit(&report, 80);
        assert!(fitted.lines().all(|l| l.chars().count() <= 80), "{fitted}");
        let lines: Vec<&str> = fitted.lines().collect();
        let source = lines[2];
        let marks = lines[3];
        let at = source.find("target").unwrap();
        // the carets sit under `target`, in characters
        let col = |s: &str, byte: usize| s[..byte].chars().count();
        assert_eq!(col(marks, marks.find('^').unwrap()), col(source, at));
        assert!(source.contains('…'));
        assert!(lines[4].contains("`-- here"));
    }

    #[test]
    fn short_reports_are_untouched() {
        let report = "error[MC001] syntax-error\n  1 | map {\n    : ^^^\n";
        assert_eq!(fit(report, 80), report);
    }
}
