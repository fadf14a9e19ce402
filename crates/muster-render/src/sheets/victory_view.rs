//! Victory conditions laid out for a sheet: the level in words and the `all`/
//! `any` groups flattened into indented lines, so a template needs no recursion.

use serde::Serialize;

use crate::json::plans::{Condition, Group, Level, Member, Victory};
use crate::json::ScenarioJson;
use muster_rules::vocab::GroupMode;

/// One victory as a sheet prints it.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryView {
    pub side: String,
    /// `Decisive victory`, `Marginal victory`, `Worth 10 points`; None for a plain one.
    pub level: Option<String>,
    pub text: String,
    pub lines: Vec<VictoryLine>,
}

/// A heading (`All of these:`) or one condition, at an indentation depth.
#[derive(Debug, Clone, Serialize)]
pub struct VictoryLine {
    pub depth: usize,
    pub heading: Option<String>,
    pub condition: Option<Condition>,
    /// The condition in words with display names (`destroy the coastal guns`).
    pub words: Option<String>,
}

/// Lays out every victory of the (already fogged) scenario JSON.
pub fn views(s: &ScenarioJson) -> Vec<VictoryView> {
    s.victory
        .iter()
        .map(|v| {
            let mut lines = Vec::new();
            let single = v.requires.members.len() == 1
                && matches!(v.requires.members.first(), Some(Member::Condition { .. }));
            group(s, v, &v.requires, 0, !single, &mut lines);
            VictoryView {
                side: v.side.clone(),
                level: v.level.as_ref().map(level_words),
                text: v.text.clone(),
                lines,
            }
        })
        .collect()
}

/// The level in plain words.
pub fn level_words(l: &Level) -> String {
    match l {
        Level::Decisive => "Decisive victory".into(),
        Level::Marginal => "Marginal victory".into(),
        Level::Points { points: 1 } => "Worth 1 point".into(),
        Level::Points { points } => format!("Worth {points} points"),
    }
}

/// The heading of a group in plain words.
pub fn mode_words(mode: GroupMode) -> &'static str {
    match mode {
        GroupMode::All => "All of these:",
        GroupMode::Any => "Any one of these:",
    }
}

fn group(
    s: &ScenarioJson,
    v: &Victory,
    g: &Group,
    depth: usize,
    heading: bool,
    out: &mut Vec<VictoryLine>,
) {
    let inner = if heading {
        out.push(VictoryLine {
            depth,
            heading: Some(mode_words(g.mode.0).into()),
            condition: None,
            words: None,
        });
        depth + 1
    } else {
        depth
    };
    for m in &g.members {
        match m {
            Member::Condition { index } => {
                let c = usize::try_from(*index)
                    .ok()
                    .and_then(|i| v.conditions.get(i));
                if let Some(c) = c {
                    out.push(VictoryLine {
                        depth: inner,
                        heading: None,
                        condition: Some(c.clone()),
                        words: Some(super::words::condition_words(s, c)),
                    });
                }
            }
            Member::Group { group: g } => group(s, v, g, inner, true, out),
        }
    }
}
