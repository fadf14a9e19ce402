//! Where the table lies on the Earth: the one projection between table metres and
//! longitude and latitude on WGS 84, for the exchange formats (GeoJSON and others).
//!
//! The table is a local tangent plane (east-north-up) touching the WGS 84
//! ellipsoid at the table's south-west corner, turned so that table north points
//! along the georeference's bearing. A table point maps to the ellipsoid along its
//! normal. For two points 20 km apart anywhere on a 20 km table, the distance on
//! the table and the geodesic between the mapped points differ by under 25 cm
//! (about one part in 80 000); `tests/it/earth.rs` measures it against Karney's
//! geodesic.

use crate::model::{Loc, Pos};
use serde::Serialize;

/// WGS 84 semi-major axis, metres.
const A: f64 = 6_378_137.0;
/// WGS 84 flattening.
const F: f64 = 1.0 / 298.257_223_563;
/// First eccentricity squared.
const E2: f64 = F * (2.0 - F);
/// Fixed-point steps for the latitude and for the height of the plane: each
/// gains several digits, and at table distances three already reach the
/// micrometre; a fixed count keeps the work bounded on any input.
const STEPS: usize = 5;

/// `georeference 49.2410N 0.2720W north-bearing 0 "source"` as the model holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Georeference {
    /// Latitude of the table's south-west corner, degrees north (south negative).
    pub latitude: f64,
    /// Longitude of the corner, degrees east (west negative).
    pub longitude: f64,
    /// The true bearing of table north, degrees clockwise from north.
    pub north_bearing: f64,
    /// Where the position was read from.
    pub source: Option<String>,
    pub loc: Loc,
}

impl Georeference {
    /// The projection this georeference defines.
    pub fn projection(&self) -> Projection {
        Projection::new(self.latitude, self.longitude, self.north_bearing)
    }
}

/// The table's tangent plane at its south-west corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Projection {
    /// The corner in earth-centred, earth-fixed metres.
    origin: [f64; 3],
    /// Sine and cosine of the corner's latitude and longitude.
    sin_lat: f64,
    cos_lat: f64,
    sin_lon: f64,
    cos_lon: f64,
    /// Sine and cosine of the bearing of table north.
    sin_b: f64,
    cos_b: f64,
}

impl Projection {
    /// The plane touching the ellipsoid at (`latitude`, `longitude`) in degrees,
    /// with table north at `north_bearing` degrees.
    pub fn new(latitude: f64, longitude: f64, north_bearing: f64) -> Self {
        let (lat, lon, b) = (
            latitude.to_radians(),
            longitude.to_radians(),
            north_bearing.to_radians(),
        );
        Projection {
            origin: ecef(lat, lon, 0.0),
            sin_lat: lat.sin(),
            cos_lat: lat.cos(),
            sin_lon: lon.sin(),
            cos_lon: lon.cos(),
            sin_b: b.sin(),
            cos_b: b.cos(),
        }
    }

    /// A table point as `(longitude, latitude)` in degrees, GeoJSON's order.
    pub fn to_lon_lat(&self, p: Pos) -> (f64, f64) {
        // table axes to east and north
        let e = p.x * self.cos_b + p.y * self.sin_b;
        let n = -p.x * self.sin_b + p.y * self.cos_b;
        let [x0, y0, z0] = self.origin;
        let x = x0 - self.sin_lon * e - self.sin_lat * self.cos_lon * n;
        let y = y0 + self.cos_lon * e - self.sin_lat * self.sin_lon * n;
        let z = z0 + self.cos_lat * n;
        let (lat, lon) = geodetic(x, y, z);
        (lon.to_degrees(), lat.to_degrees())
    }

    /// The table point that [`Projection::to_lon_lat`] maps to (`longitude`,
    /// `latitude`) in degrees: the ground point is raised along its normal until
    /// it meets the plane.
    pub fn to_table(&self, longitude: f64, latitude: f64) -> Pos {
        let (lat, lon) = (latitude.to_radians(), longitude.to_radians());
        let mut h = 0.0;
        let mut enu = self.enu(ecef(lat, lon, 0.0));
        for _ in 0..STEPS {
            h -= enu[2];
            enu = self.enu(ecef(lat, lon, h));
        }
        let [e, n, _] = enu;
        Pos {
            x: e * self.cos_b - n * self.sin_b,
            y: e * self.sin_b + n * self.cos_b,
        }
    }

    /// Earth-centred coordinates as east, north and up from the corner.
    fn enu(&self, [x, y, z]: [f64; 3]) -> [f64; 3] {
        let [x0, y0, z0] = self.origin;
        let (dx, dy, dz) = (x - x0, y - y0, z - z0);
        let across = self.cos_lon * dx + self.sin_lon * dy;
        [
            -self.sin_lon * dx + self.cos_lon * dy,
            -self.sin_lat * across + self.cos_lat * dz,
            self.cos_lat * across + self.sin_lat * dz,
        ]
    }
}

/// Earth-centred, earth-fixed metres of a point at `h` metres above the
/// ellipsoid (angles in radians).
fn ecef(lat: f64, lon: f64, h: f64) -> [f64; 3] {
    let n = A / (1.0 - E2 * lat.sin().powi(2)).sqrt();
    [
        (n + h) * lat.cos() * lon.cos(),
        (n + h) * lat.cos() * lon.sin(),
        (n * (1.0 - E2) + h) * lat.sin(),
    ]
}

/// Latitude and longitude (radians) of an earth-centred point, by fixed-point
/// steps on the latitude (the height is dropped).
fn geodetic(x: f64, y: f64, z: f64) -> (f64, f64) {
    let lon = y.atan2(x);
    let p = x.hypot(y);
    let mut lat = z.atan2(p * (1.0 - E2));
    for _ in 0..STEPS {
        let n = A / (1.0 - E2 * lat.sin().powi(2)).sqrt();
        // the height from whichever of p and z is better conditioned
        let h = if lat.cos().abs() > 0.5 {
            p / lat.cos() - n
        } else {
            z / lat.sin() - n * (1.0 - E2)
        };
        lat = z.atan2(p * (1.0 - E2 * n / (n + h)));
    }
    (lat, lon)
}
