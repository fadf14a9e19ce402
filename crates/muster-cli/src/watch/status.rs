//! The one line `muster watch` prints per cycle:
//! `[12:03:04] pegasus-bridge.muster changed: 1 scenario checked, 0 errors, 2 warnings, 0 notes (14 ms)`.

use std::time::Duration;

/// How many changed names are listed before "and N more".
const NAMES_SHOWN: usize = 3;

/// What one cycle did, for its status line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cycle {
    /// What triggered it: changed paths as shown, or a phrase (`watching scenarios/`).
    pub trigger: String,
    pub checked: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// Notes are counted but not printed (no `--notes`).
    pub notes_hidden: bool,
    /// Scenarios whose outputs were written; `None` when not building.
    pub built: Option<usize>,
    /// Scenarios held back by errors (their last good outputs stay).
    pub held: usize,
    /// A problem that stopped the cycle (a path vanished, an output not written).
    pub trouble: Option<String>,
}

/// `a.muster, lib/b.muster changed` (at most three names, then "and N more").
pub fn changed(names: &[String]) -> String {
    let mut shown: Vec<&str> = names.iter().take(NAMES_SHOWN).map(String::as_str).collect();
    let more = names.len().saturating_sub(NAMES_SHOWN);
    let extra = format!("{more} more");
    if more > 0 {
        shown.push(&extra);
    }
    let list = match shown.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_string(),
        None => "nothing".to_string(),
    };
    format!("{list} changed")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Said after the count of notes that are not printed; the first thing a narrow
/// terminal drops from the status line, before the counts and the time.
pub const NOTES_HINT: &str = " (--notes shows them)";

impl Cycle {
    /// The status line without its clock prefix.
    pub fn line(&self, took: Duration) -> String {
        let mut parts = vec![
            format!("{} checked", plural(self.checked, "scenario", "scenarios")),
            plural(self.errors, "error", "errors"),
            plural(self.warnings, "warning", "warnings"),
        ];
        match (self.notes, self.notes_hidden) {
            (0, _) | (_, false) => parts.push(plural(self.notes, "note", "notes")),
            (n, true) => parts.push(format!("{}{NOTES_HINT}", plural(n, "note", "notes"))),
        }
        if let Some(built) = self.built {
            parts.push(format!("{built} built"));
            if self.held > 0 {
                parts.push(format!("{} kept from the last good build", self.held));
            }
        }
        if let Some(trouble) = &self.trouble {
            parts.push(trouble.clone());
        }
        format!(
            "{}: {} ({} ms)",
            self.trigger,
            parts.join(", "),
            took.as_millis()
        )
    }
}

/// `[HH:MM:SS] ` in local time.
pub fn clock() -> String {
    let (h, m, s) = local_time();
    format!("[{h:02}:{m:02}:{s:02}]")
}

#[cfg(unix)]
fn local_time() -> (i32, i32, i32) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let t = libc::time_t::try_from(now).unwrap_or(0);
    // SAFETY: `localtime_r` only writes the `tm` we own; both pointers are valid.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let ok = unsafe { !libc::localtime_r(&t, &mut tm).is_null() };
    if ok {
        (tm.tm_hour, tm.tm_min, tm.tm_sec)
    } else {
        utc(now)
    }
}

#[cfg(not(unix))]
fn local_time() -> (i32, i32, i32) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    utc(now)
}

fn utc(secs: u64) -> (i32, i32, i32) {
    let day = secs % 86_400;
    let h = i32::try_from(day / 3600).unwrap_or(0);
    let m = i32::try_from(day % 3600 / 60).unwrap_or(0);
    let s = i32::try_from(day % 60).unwrap_or(0);
    (h, m, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_read_as_sentences() {
        let one = Cycle {
            trigger: changed(&["pegasus-bridge.muster".into()]),
            checked: 1,
            warnings: 2,
            ..Cycle::default()
        };
        assert_eq!(
            one.line(Duration::from_millis(14)),
            "pegasus-bridge.muster changed: 1 scenario checked, 0 errors, 2 warnings, 0 notes (14 ms)"
        );
        let names: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).into();
        let many = Cycle {
            trigger: changed(&names),
            checked: 3,
            errors: 1,
            built: Some(2),
            held: 1,
            notes: 7,
            notes_hidden: true,
            ..Cycle::default()
        };
        assert_eq!(
            many.line(Duration::from_millis(5)),
            "a, b, c and 2 more changed: 3 scenarios checked, 1 error, 0 warnings, \
             7 notes (--notes shows them), 2 built, \
             1 kept from the last good build (5 ms)"
        );
        assert_eq!(changed(&["a".into(), "b".into()]), "a and b changed");
    }

    #[test]
    fn clock_has_the_fixed_shape() {
        let c = clock();
        assert_eq!(c.len(), 10);
        assert!(c.starts_with('[') && c.ends_with(']'));
        assert_eq!(utc(3600 * 25 + 61), (1, 1, 1));
    }
}
