//! The georeference and its projection: what a scenario writes reaches the model,
//! and table distances agree with geodesic distances on WGS 84 (Karney's
//! algorithm, as `geo` implements it) to the error the docs state.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{assert_clean, resolve_body};
use geo::{Distance, Geodesic, Point};
use muster_model::earth::Projection;
use muster_model::model::Pos;

/// The error the projection's docs state over 20 km, in metres.
const STATED_ERROR_M: f64 = 0.25;

/// Corners spread over the war's battlefields: Normandy, Libya, the steppe east
/// of Kursk, the Ardennes, with table north turned by various bearings.
const CORNERS: [(f64, f64, f64); 5] = [
    (49.2410, -0.2720, 0.0),
    (31.0, 24.0, 0.0),
    (51.02, 36.7, 30.0),
    (50.43, 6.33, 270.0),
    (-33.9, 151.2, 135.5),
];

fn geodesic(p: &Projection, a: Pos, b: Pos) -> f64 {
    let (lon_a, lat_a) = p.to_lon_lat(a);
    let (lon_b, lat_b) = p.to_lon_lat(b);
    Geodesic.distance(Point::new(lon_a, lat_a), Point::new(lon_b, lat_b))
}

#[test]
fn table_distances_over_20_km_match_the_geodesic() {
    let pairs = [
        (
            Pos { x: 0.0, y: 0.0 },
            Pos {
                x: 20_000.0,
                y: 0.0,
            },
        ),
        (
            Pos { x: 0.0, y: 0.0 },
            Pos {
                x: 0.0,
                y: 20_000.0,
            },
        ),
        (
            Pos {
                x: 0.0,
                y: 20_000.0,
            },
            Pos {
                x: 20_000.0,
                y: 20_000.0,
            },
        ),
        (
            Pos {
                x: 20_000.0,
                y: 0.0,
            },
            Pos {
                x: 20_000.0,
                y: 20_000.0,
            },
        ),
        (
            Pos {
                x: 3_000.0,
                y: 5_000.0,
            },
            Pos {
                x: 15_000.0,
                y: 21_000.0,
            },
        ),
    ];
    let mut worst: f64 = 0.0;
    for (lat, lon, bearing) in CORNERS {
        let p = Projection::new(lat, lon, bearing);
        for (a, b) in pairs {
            let on_table = a.distance(b);
            assert!((on_table - 20_000.0).abs() < 1e-9, "pairs are 20 km apart");
            let err = (geodesic(&p, a, b) - on_table).abs();
            assert!(
                err < STATED_ERROR_M,
                "corner {lat},{lon} bearing {bearing}: {a:?} to {b:?} off by {err} m"
            );
            worst = worst.max(err);
        }
    }
    // the projection is not exact: a plane cannot be, so an error of exactly
    // zero would mean the test measured nothing
    assert!(worst > 1e-4, "worst error {worst} m");
}

#[test]
fn the_corner_is_the_georeference_and_north_is_its_bearing() {
    let p = Projection::new(49.2410, -0.2720, 90.0);
    let (lon, lat) = p.to_lon_lat(Pos { x: 0.0, y: 0.0 });
    assert!((lon + 0.2720).abs() < 1e-12 && (lat - 49.2410).abs() < 1e-12);
    // table north points east: 1 km north on the table keeps the latitude
    // (to a few metres) and moves east
    let (lon_n, lat_n) = p.to_lon_lat(Pos { x: 0.0, y: 1000.0 });
    assert!(lon_n > lon + 0.01, "{lon_n}");
    assert!((lat_n - lat).abs() * 111_000.0 < 1.0, "{lat_n}");
    // table east points south
    let (_, lat_e) = p.to_lon_lat(Pos { x: 1000.0, y: 0.0 });
    assert!(lat_e < lat - 0.008, "{lat_e}");
}

#[test]
fn the_inverse_returns_the_table_point() {
    for (lat, lon, bearing) in CORNERS {
        let p = Projection::new(lat, lon, bearing);
        for (x, y) in [
            (0.0, 0.0),
            (1234.5, 678.9),
            (-4000.0, 25_000.0),
            (19_999.0, -3.0),
        ] {
            let (lo, la) = p.to_lon_lat(Pos { x, y });
            let back = p.to_table(lo, la);
            assert!(
                (back.x - x).abs() < 1e-6 && (back.y - y).abs() < 1e-6,
                "({x},{y}) came back as {back:?}"
            );
        }
    }
}

#[test]
fn a_georeference_reaches_the_model() {
    let r = resolve_body(
        r#"
scenario "Second header" {
  georeference 49.2410N 0.2720W north-bearing 12.5 "IGN 1:25 000, sheet 1612 OT"
}
"#,
    );
    // the second header is refused (MC101); the prelude's header has none
    assert!(r
        .model
        .header
        .as_ref()
        .is_some_and(|h| h.georeference.is_none()));
    let r = crate::common::resolve_files(&[(
        "main.muster",
        r#"
scenario "Test" {
  table 2400m by 1600m
  georeference 49.2410N 0.2720W north-bearing 12.5 "IGN 1:25 000, sheet 1612 OT"
}
side blue "Blue" nation british
side red "Red" nation german
"#,
    )])
    .0;
    assert_clean(&r);
    let g = r.model.header.as_ref().and_then(|h| h.georeference.clone());
    let g = g.expect("a georeference");
    assert_eq!(
        (g.latitude, g.longitude, g.north_bearing),
        (49.241, -0.272, 12.5)
    );
    assert_eq!(g.source.as_deref(), Some("IGN 1:25 000, sheet 1612 OT"));
}
