//! Output folder names: each scenario builds into a folder named after its file
//! (`east/op.muster` into `op/`), so two scenarios whose names meet there would
//! overwrite each other. Such collisions are errors naming both sources (MC115);
//! nothing is disambiguated silently (docs/cli.md says why).
use muster_syntax::Code;

use crate::pack::{Discovery, Target};
// muster-render's own naming, so the check cannot drift from where files go.
use muster_render::folder_of;
use muster_syntax::Diagnostic;
use std::collections::BTreeMap;

/// The code of two scenarios building into one output folder.
pub const COLLISION: Code = Code::MC115;

/// An MC115 for every scenario of the discovery whose output folder another one
/// also builds into, keyed by (pack, pack-relative path).
pub fn collisions(discovery: &Discovery) -> BTreeMap<(usize, String), Diagnostic> {
    let mut by_folder: BTreeMap<String, Vec<&Target>> = BTreeMap::new();
    for target in discovery.targets.iter().filter(|t| !t.library) {
        by_folder
            .entry(folder_of(&target.path))
            .or_default()
            .push(target);
    }
    let mut found = BTreeMap::new();
    for (folder, targets) in by_folder.into_iter().filter(|(_, t)| t.len() > 1) {
        let shown: Vec<String> = targets
            .iter()
            .map(|t| discovery.packs[t.pack].display(&t.path))
            .collect();
        for (i, target) in targets.iter().enumerate() {
            let others: Vec<String> = shown
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, s)| format!("`{s}`"))
                .collect();
            let d = Diagnostic::error(
                COLLISION,
                format!(
                    "`{}` and {} would both be built into the output folder `{folder}`",
                    shown[i],
                    others.join(" and ")
                ),
            )
            .with_help(
                "rename one of the files: output folders are named after the file name alone",
            );
            found.insert((target.pack, target.path.clone()), d);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_follow_the_file_name() {
        assert_eq!(folder_of("east/op.muster"), "op");
        assert_eq!(folder_of("my op.muster"), "my_op");
        assert_eq!(folder_of("my_op.muster"), "my_op");
        assert_eq!(folder_of("...muster"), "unnamed");
        assert_eq!(folder_of("Pegasus-Bridge.muster"), "Pegasus-Bridge");
    }
}
