//! Numbers as the map's SVG writes them.

/// A number for SVG: finite, at most one decimal.
pub(crate) fn num(v: f64) -> String {
    if v.is_finite() {
        format!("{}", (v * 10.0).round() / 10.0)
    } else {
        "0".into()
    }
}

/// A round scale-bar length near `target` metres.
pub(crate) fn nice_length(target: f64) -> f64 {
    [
        10.0, 20.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0, 10000.0,
    ]
    .into_iter()
    .rev()
    .find(|l| *l <= target)
    .unwrap_or(50.0)
}
