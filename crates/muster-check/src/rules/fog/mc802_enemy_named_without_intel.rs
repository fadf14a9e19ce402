//! MC802 enemy-named-without-intel: a side's own text names an enemy unit it knows nothing of.

use crate::prelude::*;
use muster_syntax::Span;

pub(crate) const RULE: Rule = Rule {
    code: "MC802",
    name: "enemy-named-without-intel",
    severity: Severity::Warning,
    paragraph: None,
    summary: "a side's own text names an enemy unit its intel does not reveal",
    explanation: "A side's briefing prints its orders, unit notes, signals and victory \
conditions as written. If that text names an enemy unit, by identifier or display name, \
that the side's `intel` does not reveal, the briefing leaks what the players should not \
know. Reveal the unit through `intel`, or reword the text; umpire notes are never printed \
for players and are not checked.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kampfgruppe "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full (500,1500) "drive Kampfgruppe Rauch off the ridge" //~ MC802
}
orders blue {
  kampfgruppe defend (500,1500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kampfgruppe "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full (500,1500) "drive Kampfgruppe Rauch off the ridge"
}
orders blue {
  kampfgruppe defend (500,1500)
}
intel red {
  kampfgruppe seen at (500,1500) approximate "a battlegroup holds the ridge"
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (si, side) in cx.model.sides.iter().enumerate() {
        let s = SideId(si);
        let revealed: Vec<UnitId> = cx
            .model
            .intel
            .iter()
            .filter(|i| i.side.target == Some(Target::Side(s)))
            .filter_map(|i| match i.unit.target {
                Some(Target::Unit(u)) => Some(u),
                _ => None,
            })
            .collect();
        let hidden: Vec<(UnitId, &Unit)> = cx
            .model
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.side != s && !revealed.contains(&UnitId(*i)))
            .map(|(i, u)| (UnitId(i), u))
            .collect();
        if hidden.is_empty() {
            continue;
        }
        for prose in side_texts(cx, s) {
            let lowered = prose.text.to_lowercase();
            let lower = (lowered.len() == prose.text.len()).then_some(lowered.as_str());
            for (_, unit) in &hidden {
                let names = unit
                    .display
                    .as_deref()
                    .into_iter()
                    .chain(std::iter::once(unit.name.id.as_str()));
                for name in names {
                    let Some(at) = find_word(&prose.text, lower, name) else {
                        continue;
                    };
                    out.push(
                        RULE.report(
                            format!("text of `{}` names enemy unit `{}`, which its intel does not reveal", side.name.id, unit.name.id),
                            locate(cx, prose, at, name.len()),
                            "leaks into the briefing",
                        )
                        .related(unit.name.loc, format!("enemy unit `{}`", unit.name.id))
                        .with_help(format!("add `{}` to `intel {}`, or reword the text", unit.name.id, side.name.id)),
                    );
                    break;
                }
            }
        }
    }
    out
}

/// Everything printed in a side's briefing that the author wrote as prose.
fn side_texts<'a>(cx: &Context<'a>, s: SideId) -> Vec<&'a Prose> {
    let m = cx.model;
    let mut out: Vec<&Prose> = Vec::new();
    out.extend(
        m.orders
            .iter()
            .filter(|o| o.side == s)
            .filter_map(|o| o.prose.as_ref()),
    );
    out.extend(
        m.units
            .iter()
            .filter(|u| u.side == s)
            .flat_map(|u| u.notes.iter()),
    );
    out.extend(
        m.elements
            .iter()
            .filter(|e| e.side == s)
            .flat_map(|e| e.notes.iter()),
    );
    out.extend(
        m.victories
            .iter()
            .filter(|v| v.side.target == Some(Target::Side(s)))
            .map(|v| &v.prose),
    );
    out.extend(
        m.signals
            .iter()
            .filter(|g| g.side == Some(s))
            .filter_map(|g| g.meaning.as_ref()),
    );
    out.extend(
        m.intel
            .iter()
            .filter(|i| i.side.target == Some(Target::Side(s)))
            .filter_map(|i| i.words.as_ref()),
    );
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// The byte offset of `name` in `text` as a whole word, ignoring case where
/// lower-casing keeps byte offsets (`lower` is `text` lower-cased, or `None`).
fn find_word(text: &str, lower: Option<&str>, name: &str) -> Option<usize> {
    if name.chars().count() < 3 {
        return None;
    }
    let lower_name = name.to_lowercase();
    let (hay, needle) = match lower {
        Some(l) if lower_name.len() == name.len() => (l, lower_name.as_str()),
        _ => (text, name),
    };
    let mut from = 0;
    while let Some(i) = hay
        .get(from..)
        .and_then(|h| h.find(needle))
        .map(|i| i + from)
    {
        if bounded(text, i, needle.len()) {
            return Some(i);
        }
        from = i + needle.len().max(1);
    }
    None
}

fn bounded(text: &str, i: usize, len: usize) -> bool {
    let before = text.get(..i).and_then(|s| s.chars().next_back());
    let after = text.get(i + len..).and_then(|s| s.chars().next());
    !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
}

/// The location of the name inside the prose, when the source holds the text unescaped.
fn locate(cx: &Context, prose: &Prose, offset: usize, len: usize) -> Loc {
    let file = cx.model.files.iter().find(|f| f.id == prose.loc.file);
    let span = prose.loc.span;
    let inner = file.and_then(|f| f.text.get(span.start + 1..span.end.saturating_sub(1)));
    if inner == Some(prose.text.as_str()) {
        let start = span.start + 1 + offset;
        return Loc::new(prose.loc.file, Span::new(start, start + len));
    }
    prose.loc
}
