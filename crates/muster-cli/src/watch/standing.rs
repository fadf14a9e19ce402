//! The pack's standing findings between saves: what each file's last check
//! reported, so every redraw shows the whole pack whichever file was saved, and
//! the status line counts the pack rather than the files of the last save.

use super::plan::Key;
use super::screen::Rendered;
use std::collections::BTreeMap;

/// One file's findings from its last check.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Findings {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    /// Rendered only with `--notes`; always counted.
    pub notes: Vec<String>,
    /// What the file holds, findings past the limit (MC007) included.
    pub counts: Counts,
}

/// Counts over the whole pack.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

/// Every file's standing findings, each stamped with the cycle in which they last
/// changed, so the newest change is shown first.
#[derive(Debug, Default)]
pub struct Standing {
    files: BTreeMap<Key, (u64, Findings)>,
    cycle: u64,
}

impl Standing {
    /// Starts a cycle: forgets files no longer found (`keep` says which stay).
    pub fn begin(&mut self, keep: impl Fn(&Key) -> bool) {
        self.cycle += 1;
        self.files.retain(|k, _| keep(k));
    }

    /// Records a file's findings from this cycle; its place moves to the top only
    /// when they differ from what stood before.
    pub fn record(&mut self, key: Key, findings: Findings) {
        let cycle = self.cycle;
        match self.files.get_mut(&key) {
            Some((_, old)) if *old == findings => {}
            Some(entry) => *entry = (cycle, findings),
            None => {
                self.files.insert(key, (cycle, findings));
            }
        }
    }

    /// The pack's counts.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for (_, f) in self.files.values() {
            c.errors += f.counts.errors;
            c.warnings += f.counts.warnings;
            c.notes += f.counts.notes;
        }
        c
    }

    /// Everything standing, errors first, then warnings, then notes; within each,
    /// the most recently changed file first, then by path.
    pub fn rendered(&self) -> Rendered {
        let mut order: Vec<(&Key, &(u64, Findings))> = self.files.iter().collect();
        order.sort_by(|(ka, (ca, _)), (kb, (cb, _))| cb.cmp(ca).then_with(|| ka.cmp(kb)));
        let gather = |part: fn(&Findings) -> &Vec<String>| -> Vec<String> {
            order
                .iter()
                .flat_map(|(_, (_, f))| part(f).iter().cloned())
                .collect()
        };
        Rendered {
            errors: gather(|f| &f.errors),
            warnings: gather(|f| &f.warnings),
            notes: gather(|f| &f.notes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn key(p: &str) -> Key {
        (PathBuf::from("/pack"), p.to_string())
    }

    fn errors(list: &[&str]) -> Findings {
        Findings {
            errors: list.iter().map(|s| s.to_string()).collect(),
            counts: Counts {
                errors: list.len(),
                ..Counts::default()
            },
            ..Findings::default()
        }
    }

    #[test]
    fn a_save_elsewhere_keeps_a_broken_files_error_and_count() {
        let mut s = Standing::default();
        s.begin(|_| true);
        s.record(key("a.muster"), errors(&["a is broken"]));
        s.record(key("b.muster"), Findings::default());
        s.begin(|_| true);
        s.record(key("lib/spare.muster"), Findings::default());
        assert_eq!(s.counts().errors, 1);
        assert_eq!(s.rendered().errors, ["a is broken"]);
    }

    #[test]
    fn the_newest_change_comes_first_and_removed_files_go() {
        let mut s = Standing::default();
        s.begin(|_| true);
        s.record(key("a.muster"), errors(&["a"]));
        s.record(key("b.muster"), errors(&["b"]));
        assert_eq!(s.rendered().errors, ["a", "b"]);
        s.begin(|_| true);
        s.record(key("b.muster"), errors(&["b", "b again"]));
        // re-checked without a change: stays where it was
        s.record(key("a.muster"), errors(&["a"]));
        assert_eq!(s.rendered().errors, ["b", "b again", "a"]);
        s.begin(|k| k.1 != "b.muster");
        assert_eq!(s.rendered().errors, ["a"]);
        assert_eq!(s.counts().errors, 1);
    }
}
