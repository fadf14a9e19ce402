//! A scenario's map and elements as an RFC 7946 GeoJSON FeatureCollection in
//! longitude and latitude, for map tools (QGIS, web maps).
//!
//! Built from a [`ScenarioJson`] view, never from the model: a side's GeoJSON is
//! made from that side's fogged JSON ([`crate::json::for_side`]), so it holds
//! exactly what the side's JSON and briefing hold. Table metres become degrees
//! through the scenario's georeference ([`muster_model::earth`]).

use crate::json::common::Vocab;
use crate::json::forces::{Element, Unit};
use crate::json::map::Place;
use crate::json::{Point, ScenarioJson};
use muster_model::earth::Projection;
use muster_model::model::Pos;
use muster_rules::vocab::Edge;
use serde_json::{json, Map, Value};

/// Decimal places of a degree kept: 1e-7° is about 1 cm, finer than any table.
const DIGITS: i32 = 7;

/// The FeatureCollection of every area, line, crossing, place and element the
/// view holds.
pub fn feature_collection(doc: &ScenarioJson, projection: &Projection) -> Value {
    let at = |p: &Point| position(projection, p.x, p.y);
    let mut features = Vec::new();
    for a in &doc.map.areas {
        let mut ring: Vec<&Point> = a.outline.iter().collect();
        let table: Vec<Pos> = ring.iter().map(|p| Pos { x: p.x, y: p.y }).collect();
        // RFC 7946 §3.1.6: exterior rings counter-clockwise. Turning the table
        // and the degrees' axes (east, north) keep the sense of a ring.
        if muster_model::geometry::doubled_area(&table) < 0.0 {
            ring.reverse();
        }
        let mut coords: Vec<Value> = ring.iter().map(|p| at(p)).collect();
        if let Some(first) = coords.first().cloned() {
            coords.push(first);
        }
        let mut props = common("area", &a.id, a.display.as_deref(), &a.known_to);
        props.insert("kind".into(), json!(a.kind.0.word()));
        props.insert("terrain".into(), json!(a.terrain));
        features.push(feature(
            json!({"type": "Polygon", "coordinates": [coords]}),
            props,
        ));
    }
    for l in &doc.map.lines {
        let coords: Vec<Value> = l.points.iter().map(at).collect();
        let mut props = common("line", &l.id, l.display.as_deref(), &l.known_to);
        props.insert("kind".into(), json!(l.kind.0.word()));
        props.insert("terrain".into(), json!(l.terrain));
        props.insert("width_m".into(), json!(l.width_m.round()));
        features.push(feature(
            json!({"type": "LineString", "coordinates": coords}),
            props,
        ));
    }
    for c in &doc.map.crossings {
        let mut props = common("crossing", &c.id, c.display.as_deref(), &c.known_to);
        props.insert("kind".into(), json!(c.kind.0.word()));
        features.push(feature(
            json!({"type": "Point", "coordinates": at(&c.at)}),
            props,
        ));
    }
    for p in &doc.map.places {
        if let Some(geometry) = place_geometry(doc, p, &at) {
            let mut props = common("place", &p.id, p.display.as_deref(), &p.known_to);
            props.insert("kind".into(), json!(p.edge.map_or("point", |_| "edge")));
            features.push(feature(geometry, props));
        }
    }
    for side in &doc.sides {
        for u in &side.units {
            unit_elements(&side.id, u, &at, &mut features);
        }
    }
    json!({"type": "FeatureCollection", "features": features})
}

/// A place's point, or the stretch of table edge it names (the whole edge
/// when it names none and the table's size is known).
fn place_geometry(doc: &ScenarioJson, p: &Place, at: &dyn Fn(&Point) -> Value) -> Option<Value> {
    if let Some(pt) = &p.at {
        return Some(json!({"type": "Point", "coordinates": at(pt)}));
    }
    let (from, to) = match (&p.stretch, p.edge, &doc.header.table) {
        (Some(s), _, _) => (s.from, s.to),
        (None, Some(edge), Some(t)) => {
            let (w, d) = (t.width_m, t.depth_m);
            let corner = |x, y| Point { x, y };
            match edge.0 {
                Edge::North => (corner(0.0, d), corner(w, d)),
                Edge::South => (corner(0.0, 0.0), corner(w, 0.0)),
                Edge::East => (corner(w, 0.0), corner(w, d)),
                Edge::West => (corner(0.0, 0.0), corner(0.0, d)),
            }
        }
        _ => return None,
    };
    Some(if from == to {
        json!({"type": "Point", "coordinates": at(&from)})
    } else {
        json!({"type": "LineString", "coordinates": [at(&from), at(&to)]})
    })
}

/// Every placed element of `u` and its sub-units.
fn unit_elements(side: &str, u: &Unit, at: &dyn Fn(&Point) -> Value, out: &mut Vec<Value>) {
    for e in &u.elements {
        if let Some(p) = &e.position {
            out.push(feature(
                json!({"type": "Point", "coordinates": at(p)}),
                element_properties(side, u, e),
            ));
        }
    }
    for sub in &u.units {
        unit_elements(side, sub, at, out);
    }
}

fn element_properties(side: &str, u: &Unit, e: &Element) -> Map<String, Value> {
    let mut props = common("element", &e.id, Some(&e.name), &None);
    let category = e
        .kind
        .as_ref()
        .and_then(|k| serde_json::to_value(k).ok())
        .and_then(|v| v.get("category").cloned())
        .unwrap_or(Value::Null);
    props.insert("side".into(), json!(side));
    props.insert("unit".into(), json!(u.id));
    props.insert(
        "unit_name".into(),
        json!(u.display.as_deref().unwrap_or(&u.id)),
    );
    props.insert("sidc".into(), json!(u.sidc));
    props.insert("category".into(), category);
    props.insert("kind".into(), json!(e.description));
    props.insert("is_hq".into(), json!(e.is_hq));
    props.insert("facing".into(), json!(e.facing));
    props
}

/// The properties every feature has: what it is, its id, its name, who knows it.
fn common(
    what: &str,
    id: &str,
    display: Option<&str>,
    known_to: &Option<String>,
) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("feature".into(), json!(what));
    m.insert("id".into(), json!(id));
    m.insert("name".into(), json!(display.unwrap_or(id)));
    m.insert("known_to".into(), json!(known_to));
    m
}

fn feature(geometry: Value, properties: Map<String, Value>) -> Value {
    json!({"type": "Feature", "geometry": geometry, "properties": properties})
}

/// `[longitude, latitude]` of a table point, to [`DIGITS`] decimals.
fn position(projection: &Projection, x: f64, y: f64) -> Value {
    let (lon, lat) = projection.to_lon_lat(Pos { x, y });
    let scale = 10f64.powi(DIGITS);
    json!([(lon * scale).round() / scale, (lat * scale).round() / scale])
}
