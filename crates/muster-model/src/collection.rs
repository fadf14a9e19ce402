//! `collection.toml`: what figures, models and terrain a club owns, so
//! `muster check` can say when a scenario needs more (MC901–MC903). Read from
//! text here; the CLI finds the file next to `muster.toml`. The format is in
//! `docs/collection.md`.

use std::collections::BTreeMap;

use muster_syntax::Diagnostic;
use serde::Serialize;

use crate::pack::INVALID_PACK;

/// What a club owns. A section left out is not checked.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Collection {
    /// `[bases]`: foot bases by frontage, `full` (50 mm) and `reduced` (25 mm) (§4).
    pub bases: Option<BTreeMap<String, u32>>,
    /// `[figures]`: foot figures, `foot` for all of them (§2–§3).
    pub figures: Option<BTreeMap<String, u32>>,
    /// `[models]`: models by the type keyword a scenario writes (`tank`, `at-gun`).
    pub models: Option<BTreeMap<String, u32>>,
    /// `[terrain]`: area pieces by kind (`dense-woods`, `buildings`), and lines
    /// (`hedge`, `wall`) in table centimetres.
    pub terrain: Option<BTreeMap<String, u32>>,
}

fn problem(message: String) -> Diagnostic {
    Diagnostic::error(INVALID_PACK, message)
        .with_help("see docs/collection.md: tables `[bases]`, `[figures]`, `[models]`, `[terrain]` of whole numbers")
}

impl Collection {
    /// Reads `collection.toml`; every problem is reported at once (MC109).
    pub fn from_toml(text: &str) -> Result<Collection, Vec<Diagnostic>> {
        let value: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            vec![problem(format!(
                "`collection.toml` is not valid TOML: {}",
                crate::pack::toml_error(text, &e)
            ))]
        })?;
        let mut c = Collection::default();
        let mut diags = Vec::new();
        for (key, v) in &value {
            let slot = match key.as_str() {
                "bases" => &mut c.bases,
                "figures" => &mut c.figures,
                "models" => &mut c.models,
                "terrain" => &mut c.terrain,
                other => {
                    diags.push(problem(format!(
                        "unknown table `{other}` in `collection.toml`"
                    )));
                    continue;
                }
            };
            let Some(t) = v.as_table() else {
                diags.push(problem(format!(
                    "`{key}` in `collection.toml` must be a table"
                )));
                continue;
            };
            let mut m = BTreeMap::new();
            for (k, n) in t {
                match n.as_integer().and_then(|n| u32::try_from(n).ok()) {
                    Some(n) => {
                        m.insert(k.clone(), n);
                    }
                    None => diags.push(problem(format!(
                        "`{k}` in `[{key}]` of `collection.toml` must be a whole number, not `{n}`"
                    ))),
                }
            }
            *slot = Some(m);
        }
        if diags.is_empty() {
            Ok(c)
        } else {
            Err(diags)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn reads_a_collection_and_refuses_junk() {
        let c = Collection::from_toml("[bases]\nfull = 12\n[models]\ntank = 3\n").unwrap();
        assert_eq!(c.bases.unwrap().get("full"), Some(&12));
        assert_eq!(c.models.unwrap().get("tank"), Some(&3));
        assert!(c.terrain.is_none());
        let e = Collection::from_toml("[boats]\nx = 1\n[models]\ntank = -1\n").unwrap_err();
        assert_eq!(e.len(), 2);
        assert!(e.iter().all(|d| d.code == muster_syntax::Code::MC109));
    }
}
