//! Prepared HMG zones (§57): range, spread and mount limits.
//!
//! A machine gun on a tripod or fixed mounting may pre-register a zone of fire
//! before overwatch; the check (MC705) compares the declared zone with these.

use crate::vocab::Mount;
use serde::Serialize;

/// Where prepared zones are ruled.
pub const PARAGRAPH: &str = "§57";
/// Furthest reach of a prepared zone from the gun (§57).
pub const MAX_RANGE_M: f64 = 1000.0;
/// Widest spread of a prepared zone, degrees (§57).
pub const MAX_SPREAD_DEG: f64 = 45.0;

/// What is wrong with a declared zone.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneProblem {
    /// Longer than 1,000 m.
    TooLong { range_m: f64, max_m: f64 },
    /// Wider than 45 degrees.
    TooWide { spread_deg: f64, max_deg: f64 },
    /// The weapon has neither a tripod nor a fixed mount.
    NoMount,
}

/// Every way a zone breaks §57; empty when it is legal.
pub fn zone_problems(range_m: f64, spread_deg: f64, mount: Option<Mount>) -> Vec<ZoneProblem> {
    let mut out = Vec::new();
    if range_m.is_nan() || range_m > MAX_RANGE_M {
        out.push(ZoneProblem::TooLong {
            range_m,
            max_m: MAX_RANGE_M,
        });
    }
    if spread_deg.is_nan() || spread_deg > MAX_SPREAD_DEG {
        out.push(ZoneProblem::TooWide {
            spread_deg,
            max_deg: MAX_SPREAD_DEG,
        });
    }
    if mount.is_none() {
        out.push(ZoneProblem::NoMount);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_limits() {
        assert!(zone_problems(1000.0, 45.0, Some(Mount::Tripod)).is_empty());
        assert!(zone_problems(400.0, 20.0, Some(Mount::Fixed)).is_empty());
        assert_eq!(
            zone_problems(1200.0, 45.0, Some(Mount::Tripod)),
            [ZoneProblem::TooLong {
                range_m: 1200.0,
                max_m: 1000.0
            }]
        );
        assert_eq!(
            zone_problems(800.0, 60.0, None),
            [
                ZoneProblem::TooWide {
                    spread_deg: 60.0,
                    max_deg: 45.0
                },
                ZoneProblem::NoMount
            ]
        );
    }
}
