//! What each side may know, and who reads each text and reference: the facts the
//! fog-of-war rules (MC802, MC804–MC806) share, so they agree with the filter
//! that makes each side's outputs (`muster_render::json::for_side`). Computed
//! once per check run ([`Fog`], through `Context::fog`).

use super::name_search::{
    is_word_char, lower, may_hide, Groups, Interner, Patterns, Spans, WordLookup,
};
use crate::prelude::*;
use muster_syntax::reading::folded;
use muster_syntax::Span;
use std::borrow::Cow;
use std::cell::OnceCell;
// a fast seeded hash: names are short and hashed by the thousand
use foldhash::{HashMap, HashSet};

/// The fog-of-war facts of one scenario, built on first use and shared by the
/// fog rules, so texts and secrets are gathered once, not once per rule.
pub(crate) struct Fog<'a> {
    model: &'a Model,
    /// Every text a side reads.
    pub texts: Vec<Text<'a>>,
    /// What each side must not be told, by side index.
    secrets: Vec<Secrets<'a>>,
    /// (side, unit) for every unit a side's intel reports on.
    reported: HashSet<(SideId, UnitId)>,
}

impl<'a> Fog<'a> {
    pub(crate) fn new(cx: &Context<'a>) -> Self {
        let m = cx.model;
        let reported = m
            .intel
            .iter()
            .filter_map(|i| match (i.side.target, i.unit.target) {
                (Some(Target::Side(s)), Some(Target::Unit(u))) => Some((s, u)),
                _ => None,
            })
            .collect();
        let mut fog = Fog {
            model: m,
            texts: texts(cx),
            secrets: Vec::new(),
            reported,
        };
        fog.secrets = (0..m.sides.len())
            .map(|s| secrets(cx, &fog, SideId(s)))
            .collect();
        fog
    }

    /// What `side` must not be told.
    pub(crate) fn secrets(&self, side: SideId) -> Option<&Secrets<'a>> {
        self.secrets.get(side.0)
    }

    /// Whether `side`'s intel reveals enemy unit `u`: a report on it or on a unit
    /// it belongs to (a report on a battery covers its guns).
    pub(crate) fn revealed(&self, side: SideId, u: UnitId) -> bool {
        let m = self.model;
        let mut at = Some(u);
        // Bounded by the number of units, even if the tree were cyclic.
        for _ in 0..=m.units.len() {
            let Some(x) = at else { return false };
            if self.reported.contains(&(side, x)) {
                return true;
            }
            at = m.units.get(x.0).and_then(|unit| unit.parent);
        }
        false
    }
}

/// Who reads a text or a reference in the outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    /// Every side: the title, end conditions, side names, common map items.
    Everyone,
    /// One side (and the umpire).
    Side(SideId),
}

impl Reader {
    /// The sides that read it.
    pub(crate) fn sides(self, m: &Model) -> Vec<SideId> {
        match self {
            Reader::Everyone => (0..m.sides.len()).map(SideId).collect(),
            Reader::Side(s) => vec![s],
        }
    }
}

/// Who reads a map item: `None` for the umpire alone.
pub(crate) fn item_reader(k: &Known) -> Option<Reader> {
    match k {
        Known::Everyone | Known::Shared(_) => Some(Reader::Everyone),
        Known::Umpire(_) => None,
        Known::Side(r) => match r.target {
            Some(Target::Side(s)) => Some(Reader::Side(s)),
            _ => None,
        },
    }
}

/// What part of a side's briefing a text is: the plan (orders and victory
/// conditions), what it is told of the enemy (intel words, the narrative), or else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Said {
    Plan,
    /// Intel words: part of the plan, and what the side is told.
    Intel,
    Briefing,
    /// A `historical-strength` source: a citation, whose titles describe nothing
    /// the side sees.
    Source,
    /// A map item's display name.
    MapName,
    Other,
}

impl Said {
    /// Orders, intel and victory conditions.
    pub(crate) fn plan(self) -> bool {
        matches!(self, Said::Plan | Said::Intel)
    }

    /// What the writer tells the side of the enemy: intel words and the narrative.
    pub(crate) fn told(self) -> bool {
        matches!(self, Said::Intel | Said::Briefing)
    }
}

/// A text some side reads, with where it is written.
pub(crate) struct Text<'a> {
    /// The text as names are compared in it (`muster_syntax::reading::folded`).
    pub text: Cow<'a, str>,
    /// The text as the model holds it.
    written: &'a str,
    /// Where each byte of `text` comes from in `written`, when folding changed it.
    offsets: Option<Vec<usize>>,
    pub loc: Loc,
    /// Whether `loc` spans the quoted text itself, so a name can be pointed at.
    pub quoted: bool,
    pub reader: Reader,
    /// What part of a side's briefing the text is.
    pub said: Said,
    /// The text lower-cased, when that keeps its length in bytes: names are then
    /// found ignoring case (else as written).
    lowered: Option<Cow<'a, str>>,
    /// Whether lower-casing keeps every character's length, so the lower-cased
    /// text has the same words at the same offsets.
    aligned: bool,
}

impl<'a> Text<'a> {
    fn new(written: &'a str, loc: Loc, quoted: bool, reader: Reader, said: Said) -> Self {
        match folded(written) {
            None => Text {
                text: Cow::Borrowed(written),
                written,
                offsets: None,
                loc,
                quoted,
                reader,
                said,
                lowered: lowered(written),
                aligned: aligned(written),
            },
            Some((text, offsets)) => Text {
                lowered: lowered(&text).map(|l| Cow::Owned(l.into_owned())),
                aligned: aligned(&text),
                text: Cow::Owned(text),
                written,
                offsets: Some(offsets),
                loc,
                quoted,
                reader,
                said,
            },
        }
    }
}

/// A name in the form texts are searched in: folded (`_` for `-`, one space
/// for any whitespace, invisible characters dropped).
fn fold_name(name: &str) -> Cow<'_, str> {
    folded(name).map_or(Cow::Borrowed(name), |(f, _)| Cow::Owned(f))
}

/// Names folded for the search.
pub(crate) fn folded_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Cow<'a, str>> {
    names.into_iter().map(fold_name).collect()
}

/// `text` lower-cased, when that keeps its length in bytes (so offsets agree).
fn lowered(text: &str) -> Option<Cow<'_, str>> {
    Some(lower(text)).filter(|l| l.len() == text.len())
}

/// Whether lower-casing keeps the length of every character of `text`: always
/// for ASCII, which `is_ascii` tells without decoding a character.
fn aligned(text: &str) -> bool {
    text.is_ascii()
        || text.chars().all(|c| {
            c.is_ascii() || c.to_lowercase().map(char::len_utf8).sum::<usize>() == c.len_utf8()
        })
}

/// Every text a side reads in its outputs. Umpire-only text (designer and umpire
/// notes, events, items known to the umpire alone) is never checked.
fn texts<'a>(cx: &Context<'a>) -> Vec<Text<'a>> {
    let m = cx.model;
    let mut out = Vec::new();
    let mut prose = |p: &'a Prose, reader: Reader, said: Said| {
        out.push(Text::new(&p.text, p.loc, true, reader, said))
    };
    if let Some(h) = &m.header {
        prose(&h.title, Reader::Everyone, Said::Other);
        h.end_conditions
            .iter()
            .for_each(|p| prose(p, Reader::Everyone, Said::Other));
    }
    for u in &m.units {
        u.notes
            .iter()
            .for_each(|p| prose(p, Reader::Side(u.side), Said::Other));
        if let Some(h) = &u.historical_strength {
            prose(&h.source, Reader::Side(u.side), Said::Source);
        }
        // the declared start's reason is printed on the side's sheets
        u.start
            .iter()
            .for_each(|s| prose(&s.reason, Reader::Side(u.side), Said::Other));
    }
    for e in &m.elements {
        e.notes
            .iter()
            .for_each(|p| prose(p, Reader::Side(e.side), Said::Other));
        e.start
            .iter()
            .for_each(|s| prose(&s.reason, Reader::Side(e.side), Said::Other));
    }
    for o in &m.orders {
        o.prose
            .iter()
            .for_each(|p| prose(p, Reader::Side(o.side), Said::Plan));
    }
    for s in &m.signals {
        let Some(side) = s.side else { continue };
        s.meaning
            .iter()
            .for_each(|p| prose(p, Reader::Side(side), Said::Other));
        if let Some(Trigger::Condition(p)) = &s.trigger {
            prose(p, Reader::Side(side), Said::Other);
        }
    }
    for a in &m.arrivals {
        if let (Some(side), Some(p)) = (a.side, &a.prose) {
            prose(p, Reader::Side(side), Said::Other);
        }
    }
    for v in &m.victories {
        if let Some(Target::Side(s)) = v.side.target {
            prose(&v.prose, Reader::Side(s), Said::Plan);
        }
    }
    for i in &m.intel {
        if let (Some(Target::Side(s)), Some(p)) = (i.side.target, &i.words) {
            prose(p, Reader::Side(s), Said::Intel);
        }
    }
    for b in &m.briefings {
        if let Some(Target::Side(s)) = b.side.as_ref().and_then(|r| r.target) {
            b.sections
                .iter()
                .for_each(|(_, p)| prose(p, Reader::Side(s), Said::Briefing));
        }
    }
    let mut named = |display: &'a Option<String>, at: Loc, reader: Option<Reader>, said: Said| {
        if let (Some(text), Some(reader)) = (display.as_deref(), reader) {
            let (loc, quoted) = match find_quoted(cx, at, text) {
                Some(l) => (l, true),
                None => (at, false),
            };
            out.push(Text::new(text, loc, quoted, reader, said));
        }
    };
    for (i, s) in m.sides.iter().enumerate() {
        named(&s.display, s.loc, Some(Reader::Everyone), Said::Other);
        for p in &s.players {
            named(
                &p.display,
                p.loc,
                Some(Reader::Side(SideId(i))),
                Said::Other,
            );
        }
    }
    for u in &m.units {
        named(&u.display, u.loc, Some(Reader::Side(u.side)), Said::Other);
    }
    for n in &m.nets {
        named(&n.display, n.loc, Some(Reader::Side(n.side)), Said::Other);
    }
    for a in &m.areas {
        named(&a.display, a.loc, item_reader(&a.known_to), Said::MapName);
    }
    for l in &m.lines {
        named(&l.display, l.loc, item_reader(&l.known_to), Said::MapName);
    }
    for c in &m.crossings {
        named(&c.display, c.loc, item_reader(&c.known_to), Said::MapName);
    }
    for p in &m.places {
        named(&p.display, p.loc, item_reader(&p.known_to), Said::MapName);
    }
    out
}

/// The location of `"text"` inside `within`, when the source holds it unescaped.
fn find_quoted(cx: &Context, within: Loc, text: &str) -> Option<Loc> {
    let file = cx.model.files.iter().find(|f| f.id == within.file)?;
    let src = file.text.get(within.span.start..within.span.end)?;
    // the first `"` followed by the text and a closing `"`
    let at = src.match_indices('"').map(|(i, _)| i).find(|&i| {
        src.get(i + 1..).is_some_and(|rest| {
            rest.starts_with(text) && rest.as_bytes().get(text.len()) == Some(&b'"')
        })
    })?;
    let start = within.span.start + at;
    Some(Loc::new(
        within.file,
        Span::new(start, start + text.len() + 2),
    ))
}

/// Something one side must not be told, and the names that would tell it.
pub(crate) struct Secret<'a> {
    /// `enemy unit`, `enemy player`, `hidden map item`, …
    pub what: &'static str,
    pub id: &'a str,
    /// Folded, as texts are searched.
    pub names: Vec<Cow<'a, str>>,
    pub loc: Loc,
    /// The unit an intel entry would have to reveal, for the hint.
    pub unit: Option<&'a str>,
    /// The map item or element the secret is, when a rule needs to tell which.
    pub target: Option<Target>,
}

/// An identifier a writer made up (`gr-1`, `coy_hq`, `pak40`), as opposed to a
/// plain word (`pillbox`) that prose uses to describe, not to name.
pub(crate) fn made_up(id: &str) -> bool {
    id.chars()
        .any(|c| c == '-' || c == '_' || c.is_ascii_digit())
}

/// Everything `side` must not be told by name: enemy units and their elements its
/// intel does not reveal, enemy players, signals and nets, and map items it does
/// not know. A name the side knows through something of its own is left out.
fn secrets<'a>(cx: &Context<'a>, fog: &Fog<'a>, side: SideId) -> Secrets<'a> {
    let m = cx.model;
    let mut out: Vec<Secret<'a>> = Vec::new();
    let enemy = |s: SideId| s != side;
    for (i, u) in m.units.iter().enumerate() {
        if enemy(u.side) && !fog.revealed(side, UnitId(i)) {
            let id = Some(u.name.id.as_str()).filter(|id| made_up(id));
            out.push(Secret {
                what: "enemy unit",
                id: &u.name.id,
                names: folded_names(u.display.as_deref().into_iter().chain(id)),
                loc: u.name.loc,
                unit: Some(&u.name.id),
                target: None,
            });
        }
    }
    for e in &m.elements {
        if enemy(e.side) && !fog.revealed(side, e.unit) && made_up(&e.name.id) {
            out.push(Secret {
                what: "enemy element",
                id: &e.qualified,
                names: folded_names([e.name.id.as_str()]),
                loc: e.name.loc,
                unit: m.units.get(e.unit.0).map(|u| u.name.id.as_str()),
                target: None,
            });
        }
    }
    for (i, s) in m.sides.iter().enumerate() {
        if !enemy(SideId(i)) {
            continue;
        }
        for p in &s.players {
            out.push(Secret {
                what: "enemy player",
                id: &p.name.id,
                names: folded_names(p.display.as_deref().into_iter().chain([p.name.id.as_str()])),
                loc: p.name.loc,
                unit: None,
                target: None,
            });
        }
    }
    for g in m.signals.iter().filter(|g| g.side.is_some_and(enemy)) {
        out.push(Secret {
            what: "enemy signal",
            id: &g.name.id,
            names: folded_names([g.name.id.as_str()]),
            loc: g.name.loc,
            unit: None,
            target: None,
        });
    }
    for n in m.nets.iter().filter(|n| enemy(n.side)) {
        out.push(Secret {
            what: "enemy net",
            id: &n.name.id,
            names: folded_names(n.display.as_deref().into_iter().chain([n.name.id.as_str()])),
            loc: n.name.loc,
            unit: None,
            target: None,
        });
    }
    for (name, display, known) in map_items(m) {
        if !known.side_knows(side) {
            out.push(Secret {
                what: match known {
                    Known::Umpire(_) => "umpire-only map item",
                    _ => "hidden map item",
                },
                id: &name.id,
                names: folded_names(display.as_deref().into_iter().chain([name.id.as_str()])),
                loc: name.loc,
                unit: None,
                target: None,
            });
        }
    }
    let own = own_names(cx, fog, side);
    let mut known: HashSet<&str> = HashSet::with_capacity_and_hasher(own.len(), Default::default());
    known.extend(own.iter().map(|n| n.as_ref()));
    for s in &mut out {
        s.names
            .retain(|n| n.chars().count() >= 3 && !known.contains(lower(n).as_ref()));
    }
    out.retain(|s| !s.names.is_empty());
    Secrets::new(out, own)
}

/// A side's secrets, the names that tell them, and the names the side knows (a
/// secret name found inside one of them, as `Luck` in a revealed "Kampfgruppe von
/// Luck", is not a leak), ready to be found in a text in one pass.
pub(crate) struct Secrets<'a> {
    pub list: Vec<Secret<'a>>,
    /// For each secret's names in turn: its pattern in `lower` when lower-casing
    /// keeps its length, and its pattern in `written`; secret `i`'s from
    /// `first_pattern[i]`.
    patterns: Vec<(Option<usize>, usize)>,
    first_pattern: Vec<usize>,
    /// The secrets each pattern of `lower` / `written` belongs to.
    lower_secrets: Groups,
    written_secrets: Groups,
    /// Names lower-cased, looked up word by word in lower-cased texts.
    words: WordLookup<'a>,
    /// The patterns of `lower` whose whole-word occurrences may hide behind
    /// overlapping ones, found by an automaton: their ids in `lower`.
    hiding: Vec<usize>,
    hiding_patterns: OnceCell<Patterns>,
    /// Names lower-cased, for texts whose characters change length when lower-cased.
    lower: OnceCell<Patterns>,
    /// Names as written, for texts or names whose lower-casing changes length.
    written: OnceCell<Patterns>,
    written_strings: Vec<Cow<'a, str>>,
    /// Patterns of `written` whose lower-casing changes length.
    written_changes: Vec<bool>,
    /// Whether any of them does: asked once per text, so kept rather than
    /// searched for (a search per text made MC802 grow with texts × names).
    any_written_change: bool,
    /// Lower-cased names the side knows.
    own: Vec<Cow<'a, str>>,
    own_patterns: OnceCell<Patterns>,
}

impl<'a> Secrets<'a> {
    pub(crate) fn new(list: Vec<Secret<'a>>, own: Vec<Cow<'a, str>>) -> Self {
        let mut lowered = Interner::default();
        let mut written_strings: Vec<Cow<'a, str>> = Vec::new();
        let mut written: HashMap<Cow<'a, str>, usize> = HashMap::default();
        let mut written_changes: Vec<bool> = Vec::new();
        let names = list.iter().map(|s| s.names.len()).sum();
        let mut lower_secrets = Vec::with_capacity(names);
        let mut written_secrets = Vec::with_capacity(names);
        let mut patterns = Vec::with_capacity(names);
        let mut first_pattern = Vec::with_capacity(list.len());
        for (i, s) in list.iter().enumerate() {
            first_pattern.push(patterns.len());
            for name in &s.names {
                let low: Cow<'a, str> = match name {
                    Cow::Borrowed(b) => lower(b),
                    Cow::Owned(o) => Cow::Owned(lower(o).into_owned()),
                };
                let keeps_length = low.len() == name.len();
                let w = *written.entry(name.clone()).or_insert_with(|| {
                    written_strings.push(name.clone());
                    written_changes.push(!keeps_length);
                    written_strings.len() - 1
                });
                written_secrets.push((w, i));
                let l = keeps_length.then(|| lowered.id(low));
                if let Some(l) = l {
                    lower_secrets.push((l, i));
                }
                patterns.push((l, w));
            }
        }
        let lower_secrets = Groups::new(lowered.len(), &lower_secrets);
        let written_secrets = Groups::new(written_strings.len(), &written_secrets);
        let hides: Vec<bool> = lowered.strings().into_iter().map(may_hide).collect();
        let hiding = (0..lowered.len())
            .filter(|p| hides.get(*p).copied().unwrap_or(false))
            .collect();
        Secrets {
            list,
            patterns,
            first_pattern,
            lower_secrets,
            written_secrets,
            words: WordLookup::new(lowered, hides),
            hiding,
            hiding_patterns: OnceCell::new(),
            lower: OnceCell::new(),
            written: OnceCell::new(),
            written_strings,
            any_written_change: written_changes.contains(&true),
            written_changes,
            own,
            own_patterns: OnceCell::new(),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn lower(&self) -> &Patterns {
        self.lower
            .get_or_init(|| Patterns::new(self.words.needles()))
    }

    fn written(&self) -> &Patterns {
        self.written
            .get_or_init(|| Patterns::new(self.written_strings.iter().map(AsRef::as_ref).collect()))
    }

    /// The spans of `lowered` (a lower-cased text) that hold a name the side
    /// knows, other than the whole text.
    fn known_spans(&self, lowered: &str) -> Spans {
        let own = self.own_patterns.get_or_init(|| {
            let mut distinct = Interner::default();
            for n in self.own.iter().filter(|n| !n.is_empty()) {
                distinct.id(Cow::Borrowed(n.as_ref()));
            }
            Patterns::new(distinct.strings())
        });
        let mut spans = Vec::new();
        own.each(lowered, |p, at| {
            let end = at + own.len_of(p);
            if (at, end) != (0, lowered.len()) {
                spans.push((at, end));
            }
        });
        Spans::new(spans)
    }

    /// The secrets named in `t`: each secret once, with the name used and where.
    /// One pass over the text finds every name (the first whole-word occurrence
    /// of each), so the cost is the text's length plus what it names.
    pub(crate) fn leaks<'s>(
        &'s self,
        cx: &Context,
        t: &Text,
    ) -> Vec<(&'s Secret<'a>, &'s str, Loc)> {
        let mut out = Vec::new();
        if self.list.is_empty() {
            return out;
        }
        let mut lower_at: HashMap<usize, usize> = HashMap::default();
        let mut written_at: HashMap<usize, usize> = HashMap::default();
        let first_word =
            |set: &Patterns, hay: &str, only_changes: bool, into: &mut HashMap<usize, usize>| {
                set.each(hay, |p, at| {
                    if only_changes && !self.written_changes.get(p).copied().unwrap_or(false) {
                        return;
                    }
                    if !into.contains_key(&p) && bounded(&t.text, at, set.len_of(p)) {
                        into.insert(p, at);
                    }
                })
            };
        match &t.lowered {
            Some(lowered) if t.aligned => {
                self.words.first_whole_words(&t.text, lowered, |p, at| {
                    lower_at.entry(p).or_insert(at);
                });
                if !self.hiding.is_empty() {
                    let hiding = self.hiding_patterns.get_or_init(|| {
                        let needles = self.words.needles();
                        let strings = self.hiding.iter();
                        Patterns::new(strings.filter_map(|p| needles.get(*p).copied()).collect())
                    });
                    hiding.each(lowered, |h, at| {
                        let Some(&p) = self.hiding.get(h) else { return };
                        if !lower_at.contains_key(&p) && bounded(&t.text, at, hiding.len_of(h)) {
                            lower_at.insert(p, at);
                        }
                    });
                }
                if self.any_written_change {
                    first_word(self.written(), &t.text, true, &mut written_at);
                }
            }
            Some(lowered) => {
                first_word(self.lower(), lowered, false, &mut lower_at);
                if self.any_written_change {
                    first_word(self.written(), &t.text, true, &mut written_at);
                }
            }
            None => first_word(self.written(), &t.text, false, &mut written_at),
        }
        let mut named: Vec<usize> = lower_at
            .keys()
            .flat_map(|p| self.lower_secrets.of(*p))
            .chain(written_at.keys().flat_map(|p| self.written_secrets.of(*p)))
            .copied()
            .collect();
        named.sort_unstable();
        named.dedup();
        let mut known: Option<Spans> = None;
        for i in named {
            let Some(s) = self.list.get(i) else { continue };
            let from = self.first_pattern.get(i).copied().unwrap_or(0);
            let patterns = self.patterns.get(from..).unwrap_or_default();
            for (name, &(l, w)) in s.names.iter().zip(patterns) {
                let at = match (&t.lowered, l) {
                    (Some(_), Some(l)) => lower_at.get(&l),
                    _ => written_at.get(&w),
                };
                let Some(&at) = at else { continue };
                if let Some(lowered) = &t.lowered {
                    let spans = known.get_or_insert_with(|| self.known_spans(lowered));
                    if spans.strictly_contain(at, name.len()) {
                        continue;
                    }
                }
                out.push((s, name.as_ref(), locate(cx, t, at, name.len())));
                break;
            }
        }
        out
    }
}

/// Every map item's name, display name and who knows it.
pub(crate) fn map_items(m: &Model) -> Vec<(&Name, &Option<String>, &Known)> {
    m.areas
        .iter()
        .map(|a| (&a.name, &a.display, &a.known_to))
        .chain(m.lines.iter().map(|a| (&a.name, &a.display, &a.known_to)))
        .chain(
            m.crossings
                .iter()
                .map(|a| (&a.name, &a.display, &a.known_to)),
        )
        .chain(m.places.iter().map(|a| (&a.name, &a.display, &a.known_to)))
        .collect()
}

/// `known to german` / `known to the umpire alone`, for messages.
pub(crate) fn known_words(cx: &Context, k: &Known) -> String {
    match k {
        Known::Everyone | Known::Shared(_) => "known to every side".into(),
        Known::Umpire(_) => "known to the umpire alone".into(),
        Known::Side(r) => match r.target {
            Some(Target::Side(s)) => format!("known to `{}` alone", cx.side_name(s)),
            _ => format!("known to `{}`", r.name.id),
        },
    }
}

/// Lower-cased names of everything the side knows of its own or shares.
pub(crate) fn own_names<'a>(cx: &Context<'a>, fog: &Fog, side: SideId) -> Vec<Cow<'a, str>> {
    let m = cx.model;
    let mut out: Vec<&str> = Vec::new();
    for s in &m.sides {
        out.push(&s.name.id);
        out.extend(s.display.as_deref());
    }
    if let Some(s) = m.sides.get(side.0) {
        for p in &s.players {
            out.push(&p.name.id);
            out.extend(p.display.as_deref());
        }
    }
    for (i, u) in m.units.iter().enumerate() {
        if u.side == side || fog.revealed(side, UnitId(i)) {
            out.push(&u.name.id);
            out.extend(u.display.as_deref());
        }
    }
    out.extend(
        m.elements
            .iter()
            .filter(|e| e.side == side)
            .map(|e| e.name.id.as_str()),
    );
    out.extend(
        m.signals
            .iter()
            .filter(|g| g.side == Some(side))
            .map(|g| g.name.id.as_str()),
    );
    for n in m.nets.iter().filter(|n| n.side == side) {
        out.push(&n.name.id);
        out.extend(n.display.as_deref());
    }
    for (name, display, known) in map_items(m) {
        if known.side_knows(side) {
            out.push(&name.id);
            out.extend(display.as_deref());
        }
    }
    out.into_iter()
        .map(|n| match folded(n) {
            Some((f, _)) => Cow::Owned(lower(&f).into_owned()),
            None => lower(n),
        })
        .collect()
}

/// Whether `text[i..i + len]` stands as a whole word: no word character touches it.
fn bounded(text: &str, i: usize, len: usize) -> bool {
    let before = text.get(..i).and_then(|s| s.chars().next_back());
    let after = text.get(i + len..).and_then(|s| s.chars().next());
    !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
}

/// The location of a name found at `offset` in a text: the name itself when the
/// source holds the text unescaped between quotes, else the whole text.
pub(crate) fn locate(cx: &Context, t: &Text, offset: usize, len: usize) -> Loc {
    if !t.quoted {
        return t.loc;
    }
    // back from the folded text to the text as written
    let (offset, len) = match &t.offsets {
        Some(o) => match (o.get(offset), o.get(offset + len)) {
            (Some(&start), Some(&end)) => (start, end.saturating_sub(start)),
            _ => return t.loc,
        },
        None => (offset, len),
    };
    let file = cx.model.files.iter().find(|f| f.id == t.loc.file);
    let span = t.loc.span;
    let inner = file.and_then(|f| f.text.get(span.start + 1..span.end.saturating_sub(1)));
    if inner == Some(t.written) {
        let start = span.start + 1 + offset;
        return Loc::new(t.loc.file, Span::new(start, start + len));
    }
    t.loc
}

/// A structured reference some side reads, and in which construct.
pub(crate) struct SideRef<'a> {
    pub r: &'a Ref,
    pub reader: Reader,
    /// `order objective`, `victory condition`, …
    pub what: &'static str,
    /// Whether it is part of the side's plan (orders, intel, victory conditions).
    pub said: Said,
}

/// Every reference written into something a side reads, except a signal's
/// `affects` (MC307 refuses enemy units there) and the names of a side's own
/// units that orders, arrivals and intel start with.
pub(crate) fn side_refs<'a>(cx: &Context<'a>) -> Vec<SideRef<'a>> {
    let m = cx.model;
    let mut out = Vec::new();
    let mut add = |r: &'a Ref, reader: Option<Reader>, what: &'static str, said: Said| {
        if let Some(reader) = reader {
            out.push(SideRef {
                r,
                reader,
                what,
                said,
            });
        }
    };
    let side_of = |r: &Ref| match r.target {
        Some(Target::Side(s)) => Some(Reader::Side(s)),
        _ => None,
    };
    for c in &m.crossings {
        let reader = item_reader(&c.known_to);
        c.over
            .iter()
            .for_each(|r| add(r, reader, "crossing", Said::Other));
        c.carries
            .iter()
            .for_each(|r| add(r, reader, "crossing", Said::Other));
    }
    for u in &m.units {
        u.attached_to
            .iter()
            .for_each(|r| add(r, Some(Reader::Side(u.side)), "attachment", Said::Other));
    }
    for e in &m.elements {
        let reader = Some(Reader::Side(e.side));
        [&e.embussed_in, &e.riding_on, &e.registers_for, &e.refuel_at]
            .into_iter()
            .flatten()
            .for_each(|r| add(r, reader, "element", Said::Other));
        e.tasks
            .iter()
            .filter_map(|t| t.target.as_ref())
            .for_each(|r| add(r, reader, "engineering task", Said::Other));
    }
    for l in m.radio_links.iter().chain(&m.telephone_lines) {
        add(&l.from, Some(Reader::Side(l.side)), "link", Said::Other);
        add(&l.to, Some(Reader::Side(l.side)), "link", Said::Other);
    }
    for n in &m.nets {
        n.members
            .iter()
            .for_each(|r| add(r, Some(Reader::Side(n.side)), "net", Said::Other));
    }
    for l in &m.messengers {
        for w in &l.via {
            if let Stop::Named(r) = &w.stop {
                add(
                    r,
                    Some(Reader::Side(l.side)),
                    "messenger route",
                    Said::Other,
                );
            }
        }
    }
    for o in &m.orders {
        if let Some(Objective::Ref(r)) = &o.objective {
            let what = match o.stance {
                Some((Stance::Support, _)) => "support target",
                _ => "order objective",
            };
            add(r, Some(Reader::Side(o.side)), what, Said::Plan);
        }
    }
    for s in &m.signals {
        if let Some(Trigger::Capture(r)) = &s.trigger {
            add(r, s.side.map(Reader::Side), "signal", Said::Other);
        }
    }
    for a in &m.arrivals {
        add(&a.at, a.side.map(Reader::Side), "arrival", Said::Other);
    }
    for v in &m.victories {
        let reader = side_of(&v.side);
        for c in &v.conditions {
            match c {
                Condition::Holds { target, .. } | Condition::Destroys { target, .. } => {
                    add(target, reader, "victory condition", Said::Plan)
                }
                Condition::Exits { unit, at, .. } => {
                    add(unit, reader, "victory condition", Said::Plan);
                    add(at, reader, "victory condition", Said::Plan);
                }
                // a side, never a map item
                Condition::Losses { .. } => {}
            }
        }
    }
    for i in &m.intel {
        if let Some(Objective::Ref(r)) = &i.seen_at {
            add(r, side_of(&i.side), "intel report", Said::Intel);
        }
    }
    out
}

/// Who knows the map item a target names; `None` when it is not a map item.
pub(crate) fn item_known(m: &Model, t: Option<Target>) -> Option<(&Known, &Name)> {
    match t? {
        Target::Area(i) => m.areas.get(i.0).map(|a| (&a.known_to, &a.name)),
        Target::Line(i) => m.lines.get(i.0).map(|a| (&a.known_to, &a.name)),
        Target::Crossing(i) => m.crossings.get(i.0).map(|a| (&a.known_to, &a.name)),
        Target::Place(i) => m.places.get(i.0).map(|a| (&a.known_to, &a.name)),
        _ => None,
    }
}
