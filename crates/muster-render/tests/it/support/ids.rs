//! The id check of a built scenario JSON: every id is unique for its kind, and
//! every cross-reference names an id of the right kind that exists in the same
//! file. A schema cannot say this (`view.side` must be one of `sides`), so tools
//! rely on this test instead.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use serde_json::Value;

/// The kinds of a `Reference` (`RefKind`), which must be defined in the file.
const REF_KINDS: &[&str] = &[
    "unit", "element", "place", "area", "line", "crossing", "signal", "side", "intel",
];

/// What one file defines and what it refers to.
#[derive(Default)]
pub struct Ids {
    /// (kind, id) -> where each definition is.
    pub defined: BTreeMap<(String, String), Vec<String>>,
    /// (kind, id, where) of each reference.
    pub refs: Vec<(String, String, String)>,
    /// Structure that contradicts itself (an element listing another unit as its own).
    pub mismatches: Vec<String>,
    /// Where a side's file holds a `withheld` reference: something the side may
    /// not know (an enemy no report reveals, a hidden map item), so it names
    /// nothing. An enemy reached through intel is an `intel` reference to a report
    /// in the file; any other reference to the enemy would dangle and fail.
    pub withheld: Vec<String>,
}

impl Ids {
    fn define(&mut self, kind: &str, v: &Value, at: String) {
        if let Some(id) = v.as_str() {
            self.defined
                .entry((kind.to_string(), id.to_string()))
                .or_default()
                .push(at);
        }
    }

    fn refer(&mut self, kind: &str, v: &Value, at: String) {
        if let Some(id) = v.as_str() {
            self.refs.push((kind.to_string(), id.to_string(), at));
        }
    }

    /// Every problem found: duplicate ids and dangling references.
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.mismatches.clone();
        for ((kind, id), places) in &self.defined {
            if places.len() > 1 {
                out.push(format!(
                    "{kind} id `{id}` defined {} times: {places:?}",
                    places.len()
                ));
            }
        }
        for (kind, id, at) in &self.refs {
            if !self.defined.contains_key(&(kind.clone(), id.clone())) {
                out.push(format!(
                    "{at} refers to {kind} `{id}`, which this file does not define"
                ));
            }
        }
        out
    }

    /// How many ids the file defines.
    pub fn count(&self) -> usize {
        self.defined.values().map(Vec::len).sum()
    }
}

fn each<'a>(v: &'a Value, key: &str) -> impl Iterator<Item = (usize, &'a Value)> {
    v[key].as_array().into_iter().flatten().enumerate()
}

/// Collects the ids and cross-references of one scenario JSON document.
pub fn collect(doc: &Value) -> Ids {
    let mut ids = Ids::default();
    ids.refer("side", &doc["view"]["side"], "view.side".into());
    ids.refer(
        "side",
        &doc["header"]["first_bound"],
        "header.first_bound".into(),
    );
    for (i, s) in each(doc, "sides") {
        ids.define("side", &s["id"], format!("sides[{i}]"));
        for (j, p) in each(s, "players") {
            let at = format!("sides[{i}].players[{j}]");
            ids.define("player", &p["id"], at.clone());
            ids.refer("unit", &p["commands"], format!("{at}.commands"));
        }
        for (j, u) in each(s, "units") {
            unit(&mut ids, u, None, format!("sides[{i}].units[{j}]"));
        }
    }
    let map = &doc["map"];
    for (kind, key) in [
        ("area", "areas"),
        ("line", "lines"),
        ("crossing", "crossings"),
        ("place", "places"),
    ] {
        for (i, x) in each(map, key) {
            ids.define(kind, &x["id"], format!("map.{key}[{i}]"));
        }
    }
    for (kind, key) in [
        ("signal", "signals"),
        ("net", "nets"),
        ("event", "events"),
        ("intel", "intel"),
        ("arrival", "arrivals"),
    ] {
        for (i, x) in each(doc, key) {
            ids.define(kind, &x["id"], format!("{key}[{i}]"));
        }
    }
    for key in [
        "orders",
        "signals",
        "nets",
        "radio_links",
        "telephone_lines",
        "arrivals",
        "victory",
        "intel",
        "latency",
    ] {
        for (i, x) in each(doc, key) {
            ids.refer("side", &x["side"], format!("{key}[{i}].side"));
        }
    }
    for (i, o) in each(doc, "orders") {
        for (j, t) in each(o, "timing") {
            ids.refer("signal", &t["signal"], format!("orders[{i}].timing[{j}]"));
        }
    }
    for (i, l) in each(doc, "latency") {
        ids.refer("unit", &l["from"], format!("latency[{i}].from"));
        ids.refer("unit", &l["unit"], format!("latency[{i}].unit"));
    }
    let viewer = doc["view"]["side"].as_str();
    references(&mut ids, viewer, doc, String::new());
    ids
}

fn unit(ids: &mut Ids, u: &Value, parent: Option<&str>, at: String) {
    ids.define("unit", &u["id"], at.clone());
    if u["parent"].as_str() != parent {
        ids.mismatches.push(format!(
            "{at}.parent is {} but the unit is inside {parent:?}",
            u["parent"]
        ));
    }
    ids.refer(
        "element",
        &u["command_element"],
        format!("{at}.command_element"),
    );
    ids.refer(
        "element",
        &u["start"]["nearest_enemy"],
        format!("{at}.start.nearest_enemy"),
    );
    for (i, e) in each(u, "elements") {
        let eat = format!("{at}.elements[{i}]");
        ids.define("element", &e["id"], eat.clone());
        if e["unit"] != u["id"] {
            ids.mismatches.push(format!(
                "{eat}.unit is {} but the element is inside {}",
                e["unit"], u["id"]
            ));
        }
        ids.refer(
            "element",
            &e["command"]["via"],
            format!("{eat}.command.via"),
        );
        ids.refer(
            "element",
            &e["command"]["nearest"],
            format!("{eat}.command.nearest"),
        );
    }
    let id = u["id"].as_str().unwrap_or_default().to_string();
    for (i, c) in each(u, "units") {
        unit(ids, c, Some(&id), format!("{at}.units[{i}]"));
    }
}

/// Every `Reference` object anywhere in the document: `kind` must name a thing
/// defined in the file, and `side`, when given, a side.
fn references(ids: &mut Ids, viewer: Option<&str>, v: &Value, at: String) {
    match v {
        Value::Object(o) => {
            let is_ref = o.len() == 4
                && ["id", "kind", "display", "side"]
                    .iter()
                    .all(|k| o.contains_key(*k));
            if is_ref {
                let kind = o["kind"].as_str().unwrap_or_default();
                if kind == "withheld" {
                    if o["id"] != "withheld" || !o["display"].is_null() || viewer.is_none() {
                        ids.mismatches
                            .push(format!("{at}: a withheld reference must carry nothing"));
                    }
                    ids.withheld.push(at.clone());
                } else if REF_KINDS.contains(&kind) {
                    ids.refer(kind, &o["id"], at.clone());
                } else {
                    ids.refs
                        .push((kind.to_string(), o["id"].to_string(), at.clone()));
                }
                ids.refer("side", &o["side"], format!("{at}.side"));
                return;
            }
            for (k, x) in o {
                references(ids, viewer, x, format!("{at}.{k}"));
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                references(ids, viewer, x, format!("{at}[{i}]"));
            }
        }
        _ => {}
    }
}
