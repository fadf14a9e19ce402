//! What the prose-leak rules read: who names each map item every side is shown
//! (MC810), and the kinds of enemy element a side is not told of (MC811). Each
//! text is searched once, for all names together, with the fog rules' search.

use super::knowledge::{
    folded_names, made_up, own_names, side_refs, Reader, Said, Secret, Secrets,
};
use super::name_search::{is_word_char, lower};
use crate::prelude::*;
use foldhash::{HashMap, HashSet};
use std::borrow::Cow;

/// Who names one map item every side is shown.
#[derive(Default)]
pub(crate) struct Naming {
    /// The sides whose orders, intel or victory conditions name it, each with
    /// the first place it does.
    pub plan: Vec<(SideId, Loc)>,
    /// The sides that name it in anything they read.
    pub sides: Vec<SideId>,
    /// Whether a text or reference every side reads names it.
    pub everyone: bool,
}

impl Naming {
    fn mark(&mut self, reader: Reader, plan: bool, at: Loc) {
        match reader {
            Reader::Everyone => self.everyone = true,
            Reader::Side(s) => {
                if !self.sides.contains(&s) {
                    self.sides.push(s);
                }
                if plan && !self.plan.iter().any(|(p, _)| *p == s) {
                    self.plan.push((s, at));
                }
            }
        }
    }
}

/// Every map item that every side is shown without a `shared` reason, but for
/// table edges, in model order, with who names it by reference or by name (its display name, or its
/// identifier when made up) in a text.
pub(crate) fn common_items<'a>(cx: &Context<'a>) -> Vec<(&'a Name, Naming)> {
    let m = cx.model;
    let common = |k: &Known| *k == Known::Everyone;
    let items: Vec<(Target, &'a Name, &'a Option<String>)> = (m.areas.iter().enumerate())
        .filter(|(_, a)| common(&a.known_to))
        .map(|(i, a)| (Target::Area(AreaId(i)), &a.name, &a.display))
        .chain(
            (m.lines.iter().enumerate())
                .filter(|(_, a)| common(&a.known_to))
                .map(|(i, a)| (Target::Line(LineId(i)), &a.name, &a.display)),
        )
        .chain(
            (m.crossings.iter().enumerate())
                .filter(|(_, a)| common(&a.known_to))
                .map(|(i, a)| (Target::Crossing(CrossingId(i)), &a.name, &a.display)),
        )
        .chain(
            // a table edge is the table's, every side's
            (m.places.iter().enumerate())
                .filter(|(_, a)| common(&a.known_to) && !matches!(a.at, PlaceAt::Edge(_)))
                .map(|(i, a)| (Target::Place(PlaceId(i)), &a.name, &a.display)),
        )
        .collect();
    let index: HashMap<Target, usize> = items
        .iter()
        .enumerate()
        .map(|(i, (t, _, _))| (*t, i))
        .collect();
    let list = items
        .iter()
        .map(|(t, name, display)| {
            let id = Some(name.id.as_str()).filter(|id| made_up(id));
            let mut names = folded_names(display.as_deref().into_iter().chain(id));
            names.retain(|n| n.chars().count() >= 3);
            Secret {
                what: "map item",
                id: &name.id,
                names,
                loc: name.loc,
                unit: None,
                target: Some(*t),
            }
        })
        .collect();
    let search = Secrets::new(list, Vec::new());
    let mut naming: Vec<Naming> = items.iter().map(|_| Naming::default()).collect();
    // a map item's name names itself, and tells nothing of who plans with it
    let texts = cx.fog().texts.iter().filter(|t| t.said != Said::MapName);
    for t in texts {
        for (secret, _, at) in search.leaks(cx, t) {
            let i = secret.target.and_then(|x| index.get(&x));
            if let Some(n) = i.and_then(|&i| naming.get_mut(i)) {
                n.mark(t.reader, t.said.plan(), at);
            }
        }
    }
    for sr in side_refs(cx) {
        let i = sr.r.target.and_then(|x| index.get(&x));
        if let Some(n) = i.and_then(|&i| naming.get_mut(i)) {
            n.mark(sr.reader, sr.said.plan(), sr.r.name.loc);
        }
    }
    items
        .into_iter()
        .zip(naming)
        .map(|((_, name, _), n)| (name, n))
        .collect()
}

/// The kinds of enemy element `side` is not told of, ready to be found in its
/// texts: each enemy element's identifier when it is a plain word (`tigers`,
/// which MC802 leaves alone as describing rather than naming) and each part of
/// its `mix` (`"Sherman Firefly"`), in the singular and the plural. A kind the
/// side has of its own, or that its intel words or briefing narrative use, is
/// told.
pub(crate) fn enemy_kinds<'a>(cx: &Context<'a>, side: SideId) -> Secrets<'a> {
    let m = cx.model;
    let fog = cx.fog();
    let mut told: HashSet<String> = HashSet::default();
    for t in fog.texts.iter().filter(|t| t.reader == Reader::Side(side)) {
        if t.said.told() {
            let low = lower(&t.text);
            for w in low
                .split(|c: char| !is_word_char(c))
                .filter(|w| !w.is_empty())
            {
                told.extend(forms(w));
            }
        }
    }
    for n in own_names(cx, fog, side) {
        told.extend(forms(&n));
    }
    let is_told = |kind: &str| {
        let low = lower(kind);
        low.split(|c: char| !is_word_char(c))
            .filter(|w| !w.is_empty())
            .all(|w| told.contains(w))
    };
    let mut list = Vec::new();
    let mut seen: HashSet<String> = HashSet::default();
    for e in m.elements.iter().filter(|e| e.side != side) {
        let plain = Some(e.name.id.as_str()).filter(|id| !made_up(id));
        for kind in plain
            .into_iter()
            .chain(e.mix.iter().map(|(_, w)| w.as_str()))
        {
            let key = lower(kind).into_owned();
            if kind.chars().count() < 3 || is_told(kind) || !seen.insert(key) {
                continue;
            }
            let names = forms(kind).into_iter().map(Cow::Owned).collect();
            list.push(Secret {
                what: "enemy element kind",
                id: kind,
                names,
                loc: e.name.loc,
                unit: Some(&e.qualified),
                target: None,
            });
        }
    }
    Secrets::new(list, Vec::new())
}

/// A word in the singular and the plural as English forms them for kinds of
/// troops and vehicles (`Tiger`, `Tigers`); enough to match what writers write.
fn forms(word: &str) -> Vec<String> {
    let mut out = vec![word.to_string()];
    match word.strip_suffix('s') {
        Some(one) if one.chars().count() >= 3 => out.push(one.to_string()),
        Some(_) => {}
        None => out.push(format!("{word}s")),
    }
    out
}

/// The word at `at` as written, when it is written as a name: capitalised, and
/// not only because it starts a sentence, so a generic `guns` (or `Guns fire`)
/// is not taken for a kind such as `Tigers`.
pub(crate) fn written_as_name<'a>(cx: &Context<'a>, at: Loc) -> Option<&'a str> {
    let file = cx.model.files.iter().find(|f| f.id == at.file)?;
    let word = file.text.get(at.span.start..at.span.end)?;
    if !word.chars().next().is_some_and(char::is_uppercase) {
        return None;
    }
    let before = file.text.get(..at.span.start).unwrap_or("");
    let previous = before.trim_end().chars().next_back();
    (!matches!(previous, None | Some('"' | '.' | '!' | '?' | ':' | ';'))).then_some(word)
}
