//! Which scenarios a burst of changes affects, from what each scenario read on its
//! last check (the compiler tells us its dependencies; we do not parse imports).

use super::filter::Change;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A scenario: its pack's canonical root and its pack-relative path.
pub type Key = (PathBuf, String);

/// What the last check of one scenario told us.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Known {
    /// Every file read: the scenario itself and the libraries it imports.
    pub deps: BTreeSet<String>,
    /// An import was missing (MC104): any new or changed file may complete it.
    pub unresolved: bool,
}

/// The dependency sets of every scenario checked so far.
#[derive(Debug, Default)]
pub struct Graph {
    known: BTreeMap<Key, Known>,
}

impl Graph {
    pub fn record(&mut self, key: Key, known: Known) {
        self.known.insert(key, known);
    }

    /// Forgets scenarios that are no longer found.
    pub fn retain(&mut self, targets: &BTreeSet<Key>) {
        self.known.retain(|k, _| targets.contains(k));
    }

    /// Whether a scenario or a file one read lies in `folder` of the pack at `root`
    /// (a folder removed or renamed away matters only then).
    pub fn knows_folder(&self, root: &Path, folder: &str) -> bool {
        let prefix = format!("{folder}/");
        self.known.iter().any(|((r, scenario), known)| {
            r == root
                && (scenario.starts_with(&prefix)
                    || known.deps.iter().any(|d| d.starts_with(&prefix)))
        })
    }

    /// The targets to re-check for `changes` (each with its pack root).
    /// `building`: template changes matter only when outputs are written.
    pub fn affected(
        &self,
        targets: &BTreeSet<Key>,
        changes: &[(PathBuf, Change)],
        building: bool,
    ) -> BTreeSet<Key> {
        targets
            .iter()
            .filter(|key| match self.known.get(*key) {
                None => true,
                Some(known) => changes
                    .iter()
                    .filter(|(root, _)| *root == key.0)
                    .any(|(_, change)| touches(&key.1, known, change, building)),
            })
            .cloned()
            .collect()
    }
}

fn touches(scenario: &str, known: &Known, change: &Change, building: bool) -> bool {
    match change {
        Change::Config => true,
        Change::Template(_) => building,
        Change::Source(path) => path == scenario || known.deps.contains(path) || known.unresolved,
        Change::Folder(folder) => {
            let prefix = format!("{folder}/");
            scenario.starts_with(&prefix)
                || known.deps.iter().any(|d| d.starts_with(&prefix))
                || known.unresolved
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn key(p: &str) -> Key {
        (PathBuf::from("/pack"), p.to_string())
    }

    fn graph() -> (Graph, BTreeSet<Key>) {
        let mut g = Graph::default();
        let deps = |d: &[&str]| Known {
            deps: d.iter().map(|s| s.to_string()).collect(),
            unresolved: false,
        };
        g.record(key("a.muster"), deps(&["a.muster", "lib/german.muster"]));
        g.record(
            key("b.muster"),
            deps(&["b.muster", "lib/german.muster", "lib/british.muster"]),
        );
        g.record(key("c.muster"), deps(&["c.muster"]));
        g.record(
            key("d.muster"),
            Known {
                deps: ["d.muster".to_string()].into(),
                unresolved: true,
            },
        );
        let targets = ["a.muster", "b.muster", "c.muster", "d.muster"]
            .map(key)
            .into();
        (g, targets)
    }

    fn names(set: BTreeSet<Key>) -> Vec<String> {
        set.into_iter().map(|k| k.1).collect()
    }

    fn on(change: Change) -> Vec<(PathBuf, Change)> {
        vec![(PathBuf::from("/pack"), change)]
    }

    #[test]
    fn a_scenario_save_rechecks_it_and_unresolved_ones() {
        let (g, t) = graph();
        let got = g.affected(&t, &on(Change::Source("c.muster".into())), false);
        assert_eq!(names(got), ["c.muster", "d.muster"]);
    }

    #[test]
    fn a_library_save_rechecks_every_importer() {
        let (g, t) = graph();
        let got = g.affected(&t, &on(Change::Source("lib/british.muster".into())), false);
        assert_eq!(names(got), ["b.muster", "d.muster"]);
    }

    #[test]
    fn config_rechecks_all_and_templates_only_when_building() {
        let (g, t) = graph();
        assert_eq!(g.affected(&t, &on(Change::Config), false).len(), 4);
        let tpl = on(Change::Template("templates/umpire.html".into()));
        assert!(g.affected(&t, &tpl, false).is_empty());
        assert_eq!(g.affected(&t, &tpl, true).len(), 4);
    }

    #[test]
    fn folders_and_new_scenarios() {
        let (g, mut t) = graph();
        t.insert(key("new.muster"));
        let got = g.affected(&t, &on(Change::Folder("lib".into())), false);
        assert_eq!(
            names(got),
            ["a.muster", "b.muster", "d.muster", "new.muster"]
        );
        assert!(g.knows_folder(Path::new("/pack"), "lib"));
        assert!(!g.knows_folder(Path::new("/pack"), "li"));
        let other_pack = vec![(PathBuf::from("/other"), Change::Config)];
        assert_eq!(names(g.affected(&t, &other_pack, false)), ["new.muster"]);
    }
}
