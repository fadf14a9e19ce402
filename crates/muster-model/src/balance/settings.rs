//! The `[balance]` table of `muster.toml`: the movement rates and the doctrine
//! the balance report measures with. The reference has no movement table, so
//! every default here is an assumption, documented in `docs/balance.md`.

use muster_syntax::Diagnostic;
use serde::Serialize;

/// What the balance report assumes; each can be set in `[balance]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BalanceSettings {
    /// Metres a minute on clear ground: foot (and cavalry).
    pub foot: f64,
    /// Metres a minute on clear ground: wheeled vehicles and towed guns.
    pub wheeled: f64,
    /// Metres a minute on clear ground: half-tracks.
    pub half_tracked: f64,
    /// Metres a minute on clear ground: tracked vehicles.
    pub tracked: f64,
    /// Share of the clear-ground rate kept in rough going.
    pub rough: f64,
    /// Share of the clear-ground rate kept in difficult going.
    pub difficult: f64,
    /// The attacker-to-defender ratio an attack is measured against.
    pub ratio: f64,
    /// Metres from an objective within which an element counts as at it.
    pub radius: f64,
    /// Figures one armoured vehicle, gun or aircraft model counts as in a ratio.
    pub model_weight: f64,
}

// The values are finite (the loader refuses others), so equality is total.
impl Eq for BalanceSettings {}

impl Default for BalanceSettings {
    /// Planning rates for troops moving deployed, in contact, not on a road
    /// march: 2.4 km/h on foot, 15 km/h wheeled, 12 km/h half-tracked and
    /// 10 km/h tracked; rough going halves them, difficult going quarters them.
    fn default() -> Self {
        BalanceSettings {
            foot: 40.0,
            wheeled: 250.0,
            half_tracked: 200.0,
            tracked: 160.0,
            rough: 0.5,
            difficult: 0.25,
            ratio: 3.0,
            radius: 100.0,
            model_weight: 4.0,
        }
    }
}

/// The keys of `[balance]`, with the largest value each accepts.
const KEYS: [(&str, f64); 9] = [
    ("foot", 10_000.0),
    ("wheeled", 10_000.0),
    ("half-tracked", 10_000.0),
    ("tracked", 10_000.0),
    ("rough", 1.0),
    ("difficult", 1.0),
    ("ratio", 100.0),
    ("radius", 10_000.0),
    ("model-weight", 1_000.0),
];

impl BalanceSettings {
    fn slot(&mut self, key: &str) -> Option<&mut f64> {
        Some(match key {
            "foot" => &mut self.foot,
            "wheeled" => &mut self.wheeled,
            "half-tracked" => &mut self.half_tracked,
            "tracked" => &mut self.tracked,
            "rough" => &mut self.rough,
            "difficult" => &mut self.difficult,
            "ratio" => &mut self.ratio,
            "radius" => &mut self.radius,
            "model-weight" => &mut self.model_weight,
            _ => return None,
        })
    }

    /// Reads `[balance]`; every problem is reported, and a key in error keeps
    /// its default.
    pub(crate) fn read(table: &toml::Value, diags: &mut Vec<Diagnostic>) -> BalanceSettings {
        let mut s = BalanceSettings::default();
        let Some(table) = table.as_table() else {
            diags.push(crate::pack::problem(
                "`balance` in `muster.toml` must be a table".into(),
                "write `[balance]` and one `foot = 40` line per setting",
            ));
            return s;
        };
        for (key, v) in table {
            let Some(&(_, max)) = KEYS.iter().find(|(k, _)| k == key) else {
                let names: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
                diags.push(crate::pack::problem(
                    format!("unknown key `{key}` in `[balance]`"),
                    &format!("the keys are {}", names.join(", ")),
                ));
                continue;
            };
            let n = v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
            match (n, s.slot(key)) {
                (Some(n), Some(slot)) if n.is_finite() && n > 0.0 && n <= max => *slot = n,
                _ => diags.push(crate::pack::problem(
                    format!("`{key}` in `[balance]` must be a number above 0 and at most {max}"),
                    "rates are metres a minute, `rough` and `difficult` shares of the clear rate",
                )),
            }
        }
        s
    }
}
