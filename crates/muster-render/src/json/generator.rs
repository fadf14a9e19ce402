//! Which program wrote a JSON file, so a tool can tell the outputs of different
//! muster versions apart (and report a bug against the right one).

use schemars::JsonSchema;
use serde::Serialize;

use super::strict::VERSION;

/// The program that wrote the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Generator {
    /// Always `muster`.
    #[schemars(extend("const" = "muster"))]
    pub name: String,
    /// The version of muster that wrote the file (`0.1.0`).
    #[schemars(pattern(VERSION))]
    pub version: String,
}

impl Generator {
    /// This build of muster.
    pub fn muster() -> Generator {
        Generator {
            name: "muster".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        }
    }
}
