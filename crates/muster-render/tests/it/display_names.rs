//! What a person reads names things by their display names: in every HTML sheet
//! of every shipped scenario (umpire, set-up, side, player sheets, command cards),
//! the order, victory-condition and signal texts hold no raw id of a unit or map
//! item that has a display name. Ids stay in the JSON and the umpire's appendix.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;
use support::html::text_of;

use muster_render::json::{self, ScenarioJson};
use muster_render::{build, Templates};

/// The classes marking generated texts a reader reads.
const CLASSES: [&str; 3] = ["order-words", "victory-words", "signal-words"];

/// The text of every element whose class list holds one of [`CLASSES`].
fn marked_texts(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("class=\"") {
        let after = &rest[i + 7..];
        let Some(end) = after.find('"') else { break };
        let classes = &after[..end];
        if classes.split(' ').any(|c| CLASSES.contains(&c)) {
            // The element's tag name: back from `class` to its `<`.
            let open = rest[..i].rfind('<').unwrap();
            let tag: String = rest[open + 1..]
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            let body_start = after.find('>').unwrap() + 1;
            let body = &after[body_start..];
            let close = body.find(&format!("</{tag}>")).unwrap();
            out.push(text_of(&body[..close]));
        }
        rest = &after[end..];
    }
    out
}

/// Ids of units and map items that have a display name of their own, with it.
fn named_ids(full: &ScenarioJson) -> Vec<(String, String)> {
    fn units(u: &json::forces::Unit, out: &mut Vec<(String, String)>) {
        if let Some(d) = &u.display {
            out.push((u.id.clone(), d.clone()));
        }
        for c in &u.units {
            units(c, out);
        }
    }
    let mut out = Vec::new();
    for s in &full.sides {
        for u in &s.units {
            units(u, &mut out);
        }
    }
    let m = &full.map;
    out.extend(
        m.places
            .iter()
            .filter_map(|p| Some((p.id.clone(), p.display.clone()?))),
    );
    out.extend(
        m.areas
            .iter()
            .filter_map(|p| Some((p.id.clone(), p.display.clone()?))),
    );
    out.extend(
        m.lines
            .iter()
            .filter_map(|p| Some((p.id.clone(), p.display.clone()?))),
    );
    out.extend(
        m.crossings
            .iter()
            .filter_map(|p| Some((p.id.clone(), p.display.clone()?))),
    );
    out.retain(|(id, d)| id != d);
    out
}

/// Author prose that may appear inside generated words (signal meanings, intel
/// words, display names): removed before looking for ids, since it is not one.
fn prose(full: &ScenarioJson, named: &[(String, String)]) -> Vec<String> {
    let mut p: Vec<String> = named.iter().map(|(_, d)| d.clone()).collect();
    p.extend(full.signals.iter().filter_map(|g| g.meaning.clone()));
    p.extend(full.intel.iter().filter_map(|i| i.words.clone()));
    p.retain(|x| !x.is_empty());
    // Longest first, so a name holding a shorter one goes whole.
    p.sort_by_key(|x| std::cmp::Reverse(x.len()));
    p
}

/// The raw ids `text` holds as whole words once the prose is taken out.
fn raw_ids(text: &str, named: &[(String, String)], prose: &[String]) -> Vec<String> {
    let mut t = text.to_string();
    for p in prose {
        t = t.replace(p.as_str(), " ");
    }
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.';
    let words: Vec<&str> = t.split(|c: char| !word(c)).collect();
    named
        .iter()
        .filter(|(id, _)| {
            // A whole word, or the unit of an element's dotted id (`d-coy.coy-hq`).
            words.iter().any(|w| {
                let w = w.trim_end_matches('.');
                w == id
                    || w.strip_prefix(id.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            })
        })
        .map(|(id, _)| id.clone())
        .collect()
}

#[test]
fn sheets_name_units_and_places_by_their_display_names() {
    let templates = Templates::builtin().unwrap();
    let mut checked = 0;
    let mut problems = Vec::new();
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        let named = named_ids(&full);
        let prose = prose(&full, &named);
        // The check can fail: the JSON's one-line summaries name ids, and it finds them.
        let flagged = full
            .orders
            .iter()
            .any(|o| !raw_ids(&o.summary, &named, &prose).is_empty());
        let targets_named = full.orders.iter().any(|o| {
            matches!(&o.objective, Some(json::plans::Objective::Target { target })
                if named.iter().any(|(id, _)| *id == target.id))
        });
        assert!(
            flagged || !targets_named,
            "{path}: the check misses the ids in the JSON summaries"
        );
        let files = build(&model, &analysis, &templates).unwrap();
        let mut here = 0;
        for f in files.iter().filter(|f| f.path.ends_with(".html")) {
            for text in marked_texts(&f.contents) {
                here += 1;
                let ids = raw_ids(&text, &named, &prose);
                if !ids.is_empty() {
                    problems.push(format!("{}: {ids:?} in {text:?}", f.path));
                }
            }
        }
        assert!(
            here > 0 || full.orders.is_empty(),
            "{path}: no order or victory text found"
        );
        checked += here;
    }
    assert!(problems.is_empty(), "raw ids:\n{}", problems.join("\n"));
    assert!(checked > 100, "only {checked} texts checked");
    eprintln!("{checked} order, victory and signal texts checked");
}

/// `html` without what is printed as an id on purpose: every element of class
/// `id` (the umpire's reference columns), the maps, whose marks are labelled
/// by short ids, and their keys, which give each such label its name; and
/// without its styles and title.
fn without_id_columns(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    loop {
        let next = [
            "<style",
            "<title",
            "<svg",
            "class=\"id\"",
            "class=\"id ",
            "class=\"map-key\"",
        ]
        .iter()
        .filter_map(|m| rest.find(m).map(|i| (i, *m)))
        .min();
        let Some((i, mark)) = next else {
            out.push_str(rest);
            return out;
        };
        let open = if mark.starts_with('<') {
            i
        } else {
            rest[..i].rfind('<').unwrap()
        };
        let tag: String = rest[open + 1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        // The matching close: the ids nest one span per dotted part.
        let close = format!("</{tag}>");
        let opening = format!("<{tag}");
        let mut depth = 0usize;
        let mut at = open;
        let end = loop {
            let o = rest[at + 1..].find(&opening).map(|k| k + at + 1);
            let c = rest[at + 1..].find(&close).unwrap() + at + 1;
            match o {
                Some(o) if o < c => {
                    depth += 1;
                    at = o;
                }
                _ if depth > 0 => {
                    depth -= 1;
                    at = c;
                }
                _ => break c + close.len(),
            }
        };
        out.push_str(&rest[..open]);
        out.push(' ');
        rest = &rest[end..];
    }
}

/// Ids of players and nets with display names of their own, beside those of
/// [`named_ids`]. A side's id is left out: it is a plain word for the side
/// (`germans`, `allies`) that short table columns print.
fn named_people_and_nets(full: &ScenarioJson) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = full
        .sides
        .iter()
        .flat_map(|s| &s.players)
        .filter_map(|p| Some((p.id.clone(), p.display.clone()?)))
        .collect();
    out.extend(
        full.nets
            .iter()
            .filter_map(|n| Some((n.id.clone(), n.display.clone()?))),
    );
    out.retain(|(id, d)| id != d);
    out
}

/// The own names of every element of `full`.
fn element_names(full: &ScenarioJson) -> Vec<String> {
    fn walk(u: &json::forces::Unit, out: &mut Vec<String>) {
        out.extend(u.elements.iter().map(|e| e.name.clone()));
        for c in &u.units {
            walk(c, out);
        }
    }
    let mut out = Vec::new();
    for s in &full.sides {
        for u in &s.units {
            walk(u, &mut out);
        }
    }
    out
}

/// Every sheet a person reads, outside the umpire's id columns, names units,
/// map items, players and nets by the display names the writer gave them: the drafted briefings, the players lists, the set-up sheet and the cards
/// as much as the orders.
#[test]
fn no_sheet_prints_a_bare_id_where_the_scenario_gives_a_display_name() {
    let templates = Templates::builtin().unwrap();
    let mut problems = Vec::new();
    let mut sheets = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        let mut named = named_ids(&full);
        named.extend(named_people_and_nets(&full));
        // An id that is a plain word (`ramp`, `town`, `recce`) is the same word
        // in the writer's prose and a legend's branch; one with a hyphen, an
        // underscore or a digit reads as an id wherever it stands.
        // An element's own name (`zug-1` of a company) is its name on the
        // sheets, even where a unit elsewhere has the same id.
        let elements = element_names(&full);
        named.retain(|(id, _)| {
            (id.contains(['-', '_']) || id.chars().any(|c| c.is_ascii_digit()))
                && !elements.contains(id)
        });
        let mut prose = prose(&full, &named);
        // The writer's own sentences may use a word that is also an id.
        prose.extend(full.header.notes.iter().cloned());
        prose.extend(full.victory.iter().map(|v| v.text.clone()));
        prose.extend(full.events.iter().map(|e| e.text.clone()));
        prose.sort_by_key(|x| std::cmp::Reverse(x.len()));
        let files = build(&model, &analysis, &templates).unwrap();
        for f in files.iter().filter(|f| f.path.ends_with(".html")) {
            sheets += 1;
            let text = text_of(&without_id_columns(&f.contents));
            let ids = raw_ids(&text, &named, &prose);
            if !ids.is_empty() {
                problems.push(format!("{}: {ids:?}", f.path));
            }
        }
    }
    assert!(sheets > 60, "only {sheets} sheets read");
    assert!(problems.is_empty(), "bare ids:\n{}", problems.join("\n"));
}

/// The id columns are left out and the rest kept, so the check above reads
/// exactly what a reader reads as words.
#[test]
fn the_id_columns_are_all_that_is_left_out() {
    let html = "<p>B Company <span class=\"id\"><span class=\"seg\">b-coy</span>.<wbr><span class=\"seg\">hq</span></span> holds</p><td class=\"id num\">x</td><style>a{}</style><svg><text>b-coy</text></svg>end";
    assert_eq!(
        text_of(&without_id_columns(html)),
        "B Company   holds   end"
    );
}

/// An element the writer gave a title is printed by that title: its id, where
/// no other element of the scenario shares it, appears on no sheet outside the
/// umpire's id columns, and the title reaches the umpire's and its own side's
/// sheets. Pegasus Bridge titles its HQs, sappers and posts.
#[test]
fn an_element_with_a_title_is_printed_by_its_title() {
    let templates = Templates::builtin().unwrap();
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &templates).unwrap();
    let titled: Vec<_> = model
        .elements
        .iter()
        .filter(|e| e.display.is_some())
        // an id with a hyphen or digit reads as an id wherever it stands;
        // a plain word (`mortar`, `pillbox`) is also a word of the prose
        .filter(|e| e.name.id.contains('-') || e.name.id.chars().any(|c| c.is_ascii_digit()))
        .filter(|e| {
            model
                .elements
                .iter()
                .filter(|o| o.name.id == e.name.id)
                .count()
                == 1
        })
        .collect();
    assert!(titled.len() >= 5, "only {} titled elements", titled.len());
    let sheet = |end: &str| {
        let f = files.iter().find(|f| f.path.ends_with(end)).unwrap();
        text_of(&without_id_columns(&f.contents))
    };
    for e in &titled {
        let title = e.display.as_deref().unwrap();
        let side = &model.sides[e.side.0].name.id;
        for end in ["/umpire.html", &format!("/side-{side}.html")] {
            assert!(sheet(end).contains(title), "{end} lacks “{title}”");
        }
        for f in files.iter().filter(|f| f.path.ends_with(".html")) {
            let text = text_of(&without_id_columns(&f.contents));
            let bare = text
                .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                .any(|w| w == e.name.id);
            assert!(!bare, "{} prints `{}` for “{title}”", f.path, e.name.id);
        }
    }
}

/// A unit riding whole on other units' tanks is named once under the map, by
/// its own name and its carriers' units, not element by element: Prokhorovka's
/// tank riders ride the 1st and 2nd Tank Companies' T-34s.
#[test]
fn a_unit_riding_whole_on_tanks_is_named_once_under_the_map() {
    let templates = Templates::builtin().unwrap();
    let (model, analysis) = support::pack::load("prokhorovka.muster");
    let files = build(&model, &analysis, &templates).unwrap();
    let umpire = files
        .iter()
        .find(|f| f.path.ends_with("/umpire.html"))
        .unwrap();
    let aboard: Vec<String> = umpire
        .contents
        .split("<b>Aboard, drawn as their carrier:</b>")
        .skip(1)
        .map(|rest| {
            text_of(rest.split("</p>").next().unwrap_or(""))
                .trim()
                .to_string()
        })
        .collect();
    assert!(!aboard.is_empty(), "the umpire's map names no rider");
    assert_eq!(
        aboard[0],
        "Tank riders, 53rd Motorised Rifle Brigade aboard 1st Tank Company and 2nd Tank Company."
    );
}
