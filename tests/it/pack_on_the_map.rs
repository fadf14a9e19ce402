//! The shipped pack on the Earth: every scenario of the pack that has a
//! `georeference` is exported as GeoJSON and its named places are measured
//! there, by haversine on the exported longitudes and latitudes (a second
//! method, not the projection that wrote them), against published positions
//! and distances. A place must land within a few metres of the position its
//! georeference was read from, and every distance between named places must
//! be the real one to within a tenth. Each placed scenario is measured at
//! least three times, or says here which of its places have no published
//! position. A scenario without a georeference must say here why it has none.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{muster, run};
use serde_json::Value;
use std::path::Path;

/// Mean Earth radius (IUGG), metres: haversine's sphere.
const EARTH_RADIUS_M: f64 = 6_371_008.8;

/// How far the anchor of a georeference may land from its published position:
/// the corner is written to four decimals of a degree (under 6 m), and the
/// sphere and the ellipsoid differ by a few metres more over a table.
const ANCHOR_M: f64 = 25.0;

/// A distance on the table may differ from the real one by this share.
const TOLERANCE: f64 = 0.10;

/// A feature of the export, by id: a point (place or crossing) or an area,
/// measured at the mean of its corners.
struct Position {
    id: &'static str,
    latitude: f64,
    longitude: f64,
    source: &'static str,
}

/// What is known of one scenario's ground.
struct Known {
    scenario: &'static str,
    /// The position the georeference was read from.
    anchor: Position,
    /// Further places with published positions: every pair among them and
    /// the anchor is measured.
    places: &'static [Position],
    /// Distances published as distances: (feature, feature, metres, source).
    distances: &'static [(&'static str, &'static str, f64, &'static str)],
    /// A line that must pass a published point: (line, latitude, longitude,
    /// metres, source).
    passes: &'static [(&'static str, f64, f64, f64, &'static str)],
    /// Why fewer than three measures are taken; empty when three or more are.
    short: &'static str,
}

/// How many measures a placed scenario takes unless it says why not.
const MEASURES: usize = 3;

const fn dms(d: f64, m: f64, s: f64) -> f64 {
    d + m / 60.0 + s / 3600.0
}

const KNOWN: &[Known] = &[
    Known {
        scenario: "pegasus-bridge",
        anchor: Position {
            id: "pegasus",
            latitude: dms(49.0, 14.0, 33.8),
            longitude: -dms(0.0, 16.0, 15.8),
            source: "Pegasus Bridge, 49°14′33.8″N 0°16′15.8″W (Wikipedia)",
        },
        places: &[Position {
            id: "horsa",
            latitude: dms(49.0, 14.0, 25.3),
            longitude: -dms(0.0, 16.0, 0.8),
            source: "Horsa Bridge, 49°14′25.3″N 0°16′0.8″W (German Wikipedia, Horsabrücke)",
        }],
        distances: &[
            (
                "pegasus",
                "chateau-park",
                835.0,
                "the Château de Bénouville, 835 m from Pegasus Bridge (AroundUs, the château's neighbours)",
            ),
            (
                "horsa",
                "chateau-park",
                1100.0,
                "the Château de Bénouville, 1.1 km from Horsa Bridge (AroundUs, the château's neighbours)",
            ),
        ],
        passes: &[],
        short: "",
    },
    Known {
        scenario: "arnhem-bridge",
        anchor: Position {
            id: "road-bridge",
            latitude: dms(51.0, 58.0, 30.0),
            longitude: dms(5.0, 54.0, 42.0),
            source: "John Frost Bridge, 51°58′30″N 5°54′42″E (Wikipedia, John-Frost-Brücke)",
        },
        places: &[],
        distances: &[
            (
                "road-bridge",
                "bridge-north",
                300.0,
                "half the bridge's length of 601 m (Wikipedia, John-Frost-Brücke)",
            ),
            (
                "road-bridge",
                "church",
                458.0,
                "the Eusebiuskerk, 458 m from John Frost Bridge (AroundUs, the bridge's neighbours)",
            ),
        ],
        passes: &[],
        short: "the school, the burnt-out houses and the ramp's houses have no published positions",
    },
    Known {
        scenario: "merville-battery",
        anchor: Position {
            id: "battery-site",
            latitude: 49.26944,
            longitude: -0.19778,
            source: "the Merville battery, 49°16′10″N 0°11′52″W (Wikipedia)",
        },
        places: &[Position {
            id: "gonneville",
            latitude: dms(49.0, 15.0, 42.0),
            longitude: -dms(0.0, 11.0, 23.0),
            source: "Gonneville-en-Auge, 49°15′42″N 0°11′23″W (Wikipedia, the commune)",
        }],
        distances: &[],
        passes: &[],
        short: "the Calvaire crossroads, the orchard and the casemates have no published positions",
    },
    Known {
        scenario: "villers-bocage",
        anchor: Position {
            id: "town",
            latitude: dms(49.0, 4.0, 44.0),
            longitude: -dms(0.0, 39.0, 23.0),
            source: "Villers-Bocage, 49°04′44″N 0°39′23″W (Wikipedia, the commune)",
        },
        places: &[],
        distances: &[],
        passes: &[(
            "n175",
            49.082896,
            -0.64601,
            40.0,
            "the 7th Armoured Division memorial on the road into the town from Caen (TracesOfWar)",
        )],
        short: "Point 213 and the orchards of Montbrocq have no published positions",
    },
    Known {
        scenario: "pointe-du-hoc",
        anchor: Position {
            id: "pointe",
            latitude: 49.39597,
            longitude: -0.98860,
            source: "the observation post on Pointe du Hoc (Normandy War Guide)",
        },
        places: &[],
        distances: &[],
        passes: &[],
        short: "the roadblock and the orchard inland have no published positions",
    },
    Known {
        scenario: "lanzerath",
        anchor: Position {
            id: "lanzerath",
            latitude: dms(50.0, 21.0, 28.0),
            longitude: dms(6.0, 20.0, 6.0),
            source: "Lanzerath, 50°21′28″N 6°20′06″E (Wikipedia)",
        },
        places: &[],
        distances: &[],
        passes: &[],
        short: "the ridge, Café Scholzen and the crossroads have no published positions",
    },
    Known {
        scenario: "arras-1940",
        anchor: Position {
            id: "wailly",
            latitude: dms(50.0, 14.0, 50.0),
            longitude: dms(2.0, 43.0, 24.0),
            source: "Wailly, 50°14′50″N 2°43′24″E (Wikipedia, the commune)",
        },
        places: &[],
        distances: &[],
        passes: &[],
        short: "the château park, the Bois de Ficheux and the high ground have no published positions",
    },
    Known {
        scenario: "totalize-1944",
        anchor: Position {
            id: "st-aignan",
            latitude: dms(49.0, 4.0, 51.0),
            longitude: -dms(0.0, 16.0, 47.0),
            source: "Saint-Aignan-de-Cramesnil, 49°04′51″N 0°16′47″W (French Wikipedia, the commune)",
        },
        places: &[Position {
            id: "cintheaux",
            latitude: dms(49.0, 3.0, 19.0),
            longitude: -dms(0.0, 17.0, 32.0),
            source: "Cintheaux, 49°03′19″N 0°17′32″W (French Wikipedia, the commune)",
        }],
        distances: &[],
        passes: &[(
            "n158",
            dms(49.0, 3.0, 37.0),
            -dms(0.0, 17.0, 34.0),
            100.0,
            "the Bretteville-sur-Laize Canadian War Cemetery, 49°03′37″N 0°17′34″W, on the west side of the Caen–Falaise road (English Wikipedia; Landmark Scout)",
        )],
        short: "Gaumesnil, Robertmesnil farm and the orchard of the Delle de la Roque have no published positions",
    },
];

/// The scenarios of the pack that say nowhere where they lie, and why.
const NOT_PLACED: &[(&str, &str)] = &[
    (
        "mokra-1939",
        "Mokra's three villages are published only as lying 5 km north of Kłobuck, with no position of their own to read the corner from",
    ),
    (
        "prokhorovka",
        "Hill 252.2 is known by the belfry on it, whose two published positions lie 1 km apart, and the state farm and Storozhevoe have none to set the table's bearing by",
    ),
    (
        "sidi-rezegh",
        "the brigade box lay in open desert south of the airfield at no published position, and the tomb and the escarpments are off its table",
    ),
    (
        "yelnya-1941",
        "its village stands for any of the salient's northern shoulder, not one on the map",
    ),
];

fn haversine(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1) = (a.0.to_radians(), a.1.to_radians());
    let (la2, lo2) = (b.0.to_radians(), b.1.to_radians());
    let h = ((la2 - la1) / 2.0).sin().powi(2)
        + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().asin()
}

/// (latitude, longitude) of a GeoJSON position.
fn lat_lon(p: &Value) -> (f64, f64) {
    (p[1].as_f64().unwrap(), p[0].as_f64().unwrap())
}

/// Where a feature is measured: a point itself, an area at the mean of its
/// ring's corners (the closing corner once).
fn position(features: &[Value], id: &str, scenario: &str) -> (f64, f64) {
    let f = features
        .iter()
        .find(|f| f["properties"]["id"] == id)
        .unwrap_or_else(|| panic!("{scenario}: no feature `{id}` in the export"));
    let g = &f["geometry"];
    match g["type"].as_str().unwrap() {
        "Point" => lat_lon(&g["coordinates"]),
        "Polygon" => {
            let ring = g["coordinates"][0].as_array().unwrap();
            let corners = &ring[..ring.len() - 1];
            let n = corners.len() as f64;
            let (la, lo) = corners
                .iter()
                .map(lat_lon)
                .fold((0.0, 0.0), |(a, b), (c, d)| (a + c, b + d));
            (la / n, lo / n)
        }
        other => panic!("{scenario}: `{id}` is a {other}, not a point or an area"),
    }
}

/// The least distance from `p` to the line `id`, in metres on a plane
/// touching the sphere at `p` (the line's stretch near `p` is short).
fn distance_to_line(features: &[Value], id: &str, p: (f64, f64), scenario: &str) -> f64 {
    let f = features
        .iter()
        .find(|f| f["properties"]["id"] == id)
        .unwrap_or_else(|| panic!("{scenario}: no line `{id}` in the export"));
    let k = EARTH_RADIUS_M.to_radians();
    let local = |q: (f64, f64)| ((q.1 - p.1) * k * p.0.to_radians().cos(), (q.0 - p.0) * k);
    let points: Vec<(f64, f64)> = f["geometry"]["coordinates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| local(lat_lon(c)))
        .collect();
    points
        .windows(2)
        .map(|w| {
            let ((x1, y1), (x2, y2)) = (w[0], w[1]);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let t = (-(x1 * dx + y1 * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            (x1 + t * dx).hypot(y1 + t * dy)
        })
        .fold(f64::INFINITY, f64::min)
}

fn export(scenario: &str) -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = format!("scenarios/{scenario}.muster");
    let (code, stdout, stderr) = run(muster()
        .current_dir(root)
        .args(["export", "geojson", &file]));
    assert_eq!(code, 0, "{scenario}: {stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    v["features"].as_array().unwrap().clone()
}

#[test]
fn every_georeferenced_scenario_matches_the_ground() {
    let mut failures = Vec::new();
    let mut measured = 0;
    for k in KNOWN {
        let before = measured;
        let features = export(k.scenario);
        let at = |id: &str| position(&features, id, k.scenario);
        let off = haversine(at(k.anchor.id), (k.anchor.latitude, k.anchor.longitude));
        if off > ANCHOR_M {
            failures.push(format!(
                "{}: `{}` lands {off:.0} m from {}",
                k.scenario, k.anchor.id, k.anchor.source
            ));
        }
        let mut pairs: Vec<(&str, &str, f64, String)> = Vec::new();
        let known: Vec<&Position> = std::iter::once(&k.anchor).chain(k.places).collect();
        for (i, a) in known.iter().enumerate() {
            for b in &known[i + 1..] {
                let real = haversine((a.latitude, a.longitude), (b.latitude, b.longitude));
                pairs.push((a.id, b.id, real, format!("{}; {}", a.source, b.source)));
            }
        }
        for (a, b, real, source) in k.distances {
            pairs.push((a, b, *real, (*source).to_string()));
        }
        for (a, b, real, source) in pairs {
            let table = haversine(at(a), at(b));
            measured += 1;
            if (table - real).abs() > TOLERANCE * real {
                failures.push(format!(
                    "{}: `{a}` to `{b}` is {table:.0} m on the table, {real:.0} m on the ground ({source})",
                    k.scenario
                ));
            }
        }
        for (line, lat, lon, within, source) in k.passes {
            let d = distance_to_line(&features, line, (*lat, *lon), k.scenario);
            measured += 1;
            if d > *within {
                failures.push(format!(
                    "{}: `{line}` passes {d:.0} m from {source}, more than {within:.0} m",
                    k.scenario
                ));
            }
        }
        let taken = measured - before;
        if (taken < MEASURES) == k.short.is_empty() {
            failures.push(format!(
                "{}: {taken} measures taken, and the reason for fewer than {MEASURES} is `{}`",
                k.scenario, k.short
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Pegasus gives three, Arnhem and Totalize two, Merville and Villers-Bocage
    // one each
    assert!(measured >= 9, "{measured} distances measured");
}

/// A scenario is either measured above or listed with the reason it has no
/// georeference, and the list tells the truth.
#[test]
fn every_scenario_is_placed_or_says_why_not() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".muster").map(str::to_string))
        .collect();
    names.sort();
    assert!(names.len() >= 12, "{names:?}");
    for name in &names {
        let text = std::fs::read_to_string(root.join(format!("{name}.muster"))).unwrap();
        let placed = text
            .lines()
            .any(|l| l.trim_start().starts_with("georeference "));
        let measured = KNOWN.iter().any(|k| k.scenario == name);
        let excused = NOT_PLACED.iter().any(|(n, _)| n == name);
        assert!(
            placed == measured && placed != excused,
            "{name}: georeference {placed}, measured {measured}, listed without one {excused}"
        );
    }
}

/// The measuring itself: haversine gives the known quarter meridian of the
/// sphere, and a point on a line is at no distance from it.
#[test]
fn the_measures_measure() {
    let quarter = haversine((0.0, 0.0), (90.0, 0.0));
    assert!((quarter - EARTH_RADIUS_M * std::f64::consts::FRAC_PI_2).abs() < 1e-6);
    let line = serde_json::json!([{
        "properties": {"id": "l"},
        "geometry": {"type": "LineString", "coordinates": [[0.0, 49.0], [0.01, 49.0]]}
    }]);
    let features = line.as_array().unwrap();
    assert!(distance_to_line(features, "l", (49.0, 0.005), "t") < 1e-6);
    let north = distance_to_line(features, "l", (49.001, 0.005), "t");
    assert!((north - haversine((49.0, 0.005), (49.001, 0.005))).abs() < 0.01);
}
