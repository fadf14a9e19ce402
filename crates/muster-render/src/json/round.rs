//! Lengths and coordinates rounded to the whole metre in the JSON: the table is
//! measured in metres of ground, and further digits are noise from the geometry.

use serde::Serializer;

/// A length or coordinate in metres (or a table size in millimetres), rounded.
pub(crate) fn whole<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(round(*v))
}

/// [`whole`] for an optional value.
pub(crate) fn whole_opt<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_some(&round(*v)),
        None => s.serialize_none(),
    }
}

/// Rounds half away from zero; `+ 0.0` turns `-0.0` into `0.0` so no `-0.0` is printed.
pub(crate) fn round(v: f64) -> f64 {
    v.round() + 0.0
}
