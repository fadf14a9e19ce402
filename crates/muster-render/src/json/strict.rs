//! Strict JSON Schemas for other tools: generated from the output types, then
//! tightened so Ajv's strict mode and Python's `jsonschema` accept them and refuse
//! anything the types would never write.

use schemars::generate::SchemaSettings;
use schemars::transform::{RecursiveTransform, Transform};
use schemars::{JsonSchema, Schema};
use serde_json::Value;

/// A name of the scenario language (`d-coy`, `pegasus`).
pub const NAME: &str = "^[a-z][a-z0-9_-]*$";
/// A name or a dotted path to an element (`d-coy.coy-hq`), as a reference is written.
pub const PATH: &str = "^[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_-]*)*$";
/// A 20-digit APP-6 (D) symbol identification code.
pub const SIDC: &str = "^[0-9]{20}$";
/// An intel report's id: the receiving side, then its number (`british.report-1`).
pub const REPORT: &str = "^[a-z][a-z0-9_-]*\\.report-[1-9][0-9]*$";
/// An arrival's id: the arriving side, then its number (`german.arrival-1`).
pub const ARRIVAL: &str = "^[a-z][a-z0-9_-]*\\.arrival-[1-9][0-9]*$";
/// An ISO calendar date, `YYYY-MM-DD`.
pub const DATE: &str = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";
/// A clock time, `HH:MM` on the 24-hour clock.
pub const CLOCK: &str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
/// A diagnostic code (`MC301`).
pub const CODE: &str = "^MC[0-9]{3}$";
/// A rulebook paragraph or several (`§88`, `§87–§89`, `§70, §71`): starts with one.
pub const PARAGRAPH: &str = "^§[0-9]+";
/// A semantic version (`0.1.0`).
pub const VERSION: &str = "^[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.+-]+)?$";

/// The largest integer JavaScript reads exactly (2^53 - 1): the bound for counts
/// and offsets that Rust holds as `usize` or `u64`.
const SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// The strict schema of `T`, identified by `id`, pretty-printed with a final newline.
pub fn strict_schema<T: JsonSchema>(id: &str) -> String {
    let generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>();
    if let Some(obj) = schema.as_object_mut() {
        obj.insert("$id".into(), id.into());
    }
    // Recursive from the root: its properties and every `$defs` entry.
    RecursiveTransform(tighten).transform(&mut schema);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// Standard formats only (integer bounds instead of `uint32`, nothing for `double`),
/// closed objects, and a description on the tag of each tagged union variant.
fn tighten(schema: &mut Schema) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    let bound = match obj.get("format").and_then(Value::as_str) {
        Some("uint8") => Some(Some(u64::from(u8::MAX))),
        Some("uint16") => Some(Some(u64::from(u16::MAX))),
        Some("uint32") => Some(Some(u64::from(u32::MAX))),
        Some("uint" | "uint64" | "uint128") => Some(Some(SAFE_INTEGER)),
        Some("double" | "float") => Some(None),
        _ => None,
    };
    // Signed integers (a turn before the start is 0 or less) are bounded both ways.
    if let Some("int32" | "int64") = obj.get("format").and_then(Value::as_str) {
        let max = i64::try_from(SAFE_INTEGER).unwrap_or(i64::MAX);
        obj.remove("format");
        obj.entry("minimum").or_insert((-max).into());
        obj.entry("maximum").or_insert(max.into());
    }
    if let Some(max) = bound {
        obj.remove("format");
        if let Some(max) = max {
            obj.entry("minimum").or_insert(0.into());
            obj.entry("maximum").or_insert(max.into());
        }
    }
    if let Some(Value::Object(props)) = obj.get_mut("properties") {
        for prop in props.values_mut() {
            if let Value::Object(p) = prop {
                if let (Some(Value::String(tag)), false) =
                    (p.get("const").cloned(), p.contains_key("description"))
                {
                    p.insert(
                        "description".into(),
                        format!("The tag of this variant: always `{tag}`.").into(),
                    );
                }
            }
        }
        obj.entry("additionalProperties").or_insert(false.into());
    }
}
