//! The pack's `muster.toml`: its name, severity overrides (house rules, p.1),
//! a template folder for briefings, an output folder and the balance report's
//! rates (`[balance]`).
//!
//! Every problem is an MC109 diagnostic (MC117 for an `out` that is the pack
//! itself); the file has no `FileId` in the model, so the diagnostics carry no
//! labels and name the offending key in the message.
use muster_syntax::Code;

use crate::model::Override;
use muster_rules::vocab::SeverityLevel;
use muster_syntax::Diagnostic;

/// Settings of one pack, read from `muster.toml` at its root.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PackConfig {
    pub name: Option<String>,
    /// `[severity]` entries, in file order.
    pub overrides: Vec<Override>,
    /// Folder of briefing template overrides, pack-relative.
    pub templates: Option<String>,
    /// Output folder for `muster build`, pack-relative.
    pub out: Option<String>,
    /// What the club owns, from `collection.toml` beside `muster.toml`.
    pub collection: Option<crate::collection::Collection>,
    /// How many findings of one code per file a check shows (`--max-diagnostics`).
    pub findings_limit: FindingsLimit,
    /// `[balance]`: the rates and doctrine of the balance report.
    pub balance: crate::balance::BalanceSettings,
    /// `require-historical-strength = true`: a unit whose real strength neither it
    /// nor a unit above it states is a warning (MC219). Off unless the pack asks,
    /// since a made-up scenario has no real strength to state.
    pub require_historical_strength: bool,
    /// `require-historical-strength-everywhere = true`: every unit, the ones
    /// inside others included, states its real strength (MC812). Off unless the
    /// pack asks: a scenario may state a whole force's strength once.
    pub require_historical_strength_everywhere: bool,
    /// `strict-fog = true`: every map item shown to every side that only one
    /// side's plan names must say so (`known-to` or `shared`, MC810). Off unless
    /// the pack asks: a club's quick scenario need not explain its hills.
    pub strict_fog: bool,
}

/// How many findings of one code per file are shown; the rest are summed up in
/// one closing MC007. `None` shows every finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FindingsLimit(pub Option<usize>);

impl FindingsLimit {
    /// Enough to see what is wrong; a generated map can make millions.
    pub const DEFAULT: usize = 50;

    /// From `--max-diagnostics N`: `0` means no limit.
    pub fn of(n: usize) -> FindingsLimit {
        FindingsLimit((n > 0).then_some(n))
    }
}

impl Default for FindingsLimit {
    fn default() -> Self {
        FindingsLimit(Some(FindingsLimit::DEFAULT))
    }
}

/// The name of a pack's settings file, at its root.
pub const CONFIG_FILE: &str = "muster.toml";

/// The code for every `muster.toml` problem.
pub const INVALID_PACK: Code = Code::MC109;

/// The code of an output folder that would hold the pack's sources.
pub const UNSAFE_OUTPUT: Code = Code::MC117;

pub(crate) fn problem(message: String, help: &str) -> Diagnostic {
    Diagnostic::error(INVALID_PACK, message).with_help(help)
}

/// Whether `code` looks like a diagnostic code (`MC` and three digits).
pub fn is_code(code: &str) -> bool {
    Code::is_code_shaped(code)
}

fn string(key: &str, v: &toml::Value, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match v.as_str() {
        Some(s) => Some(s.to_string()),
        None => {
            diags.push(problem(
                format!(
                    "`{key}` in `muster.toml` must be a string, not {}",
                    v.type_str()
                ),
                "write it in quotes, e.g. `out = \"site\"`",
            ));
            None
        }
    }
}

/// A pack-relative folder: normalised, and refused when it leaves the pack.
fn folder(key: &str, v: &toml::Value, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let raw = string(key, v, diags)?;
    match crate::paths::normalise(raw.trim_end_matches(['/', '\\'])) {
        Ok(p) => Some(p),
        Err(crate::paths::PathProblem::Empty) if key == "out" => {
            diags.push(
                Diagnostic::error(
                    UNSAFE_OUTPUT,
                    format!(
                        "`out` in `muster.toml` is the pack itself (`{raw}`), \
                         and building there would mix outputs with the sources"
                    ),
                )
                .with_help("name a folder of its own, e.g. `out = \"site\"`"),
            );
            None
        }
        Err(_) => {
            diags.push(problem(
                format!("`{key}` in `muster.toml` must be a folder inside the pack, not `{raw}`"),
                "give a path relative to the folder of `muster.toml`, without `..`",
            ));
            None
        }
    }
}

fn severity(table: &toml::Value, config: &mut PackConfig, diags: &mut Vec<Diagnostic>) {
    let Some(table) = table.as_table() else {
        diags.push(problem(
            "`severity` in `muster.toml` must be a table".into(),
            "write `[severity]` and one `MC302 = \"allow\"` line per rule",
        ));
        return;
    };
    for (code, level) in table {
        if !is_code(code) {
            diags.push(problem(
                format!("`{code}` in `[severity]` is not a diagnostic code"),
                "codes look like `MC302`; `muster explain` lists them",
            ));
            continue;
        }
        match Code::parse(code) {
            Some(c) if c.overridable() => {}
            Some(_) => {
                diags.push(problem(
                    format!("`{code}` in `[severity]` is a syntax code and cannot be re-graded"),
                    "a file muster cannot read cannot be played; fix the text instead",
                ));
                continue;
            }
            None => {
                diags.push(problem(
                    format!("`{code}` in `[severity]` names no known rule"),
                    "`muster explain` lists every rule code; check the spelling",
                ));
                continue;
            }
        }
        match level.as_str().and_then(SeverityLevel::from_keyword) {
            Some(level) => config.overrides.push(Override {
                code: code.clone(),
                level,
                reason: None,
                loc: None,
                scope: None,
            }),
            None => diags.push(problem(
                format!("`{code}` in `[severity]` has an unknown level `{level}`"),
                "use one of \"allow\", \"note\", \"warn\" or \"deny\"",
            )),
        }
    }
}

/// A TOML parser's complaint in the author's words: its first line, lower case,
/// with the line it is on and, for a repeated key, the key.
pub(crate) fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let mut msg = e
        .message()
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches('.')
        .to_lowercase();
    if let Some(span) = e.span() {
        let written = text.get(span.clone()).unwrap_or("").trim();
        if msg.starts_with("duplicate key") && !written.is_empty() && !msg.contains('`') {
            msg = format!("{msg} `{written}`");
        }
        let line = text
            .get(..span.start)
            .map_or(0, |before| before.matches('\n').count())
            + 1;
        msg = format!("{msg} at line {line}");
    }
    msg
}

impl PackConfig {
    /// `muster.toml` (its text, if the pack has one) as the CLI and the language
    /// server both read it: the settings to use and the problems to show (MC109).
    /// A file with problems is not half applied: its problems are shown and the
    /// defaults used, so a typo never silently drops a house rule.
    pub fn load(text: Option<&str>) -> (PackConfig, Vec<Diagnostic>) {
        match text.map(PackConfig::from_toml) {
            None => (PackConfig::default(), Vec::new()),
            Some(Ok(config)) => (config, Vec::new()),
            Some(Err(problems)) => (PackConfig::default(), problems),
        }
    }

    /// Reads `muster.toml`. All problems are reported at once.
    pub fn from_toml(text: &str) -> Result<PackConfig, Vec<Diagnostic>> {
        let value: toml::Table = match text.parse() {
            Ok(v) => v,
            Err(e) => {
                let msg = toml_error(text, &e);
                return Err(vec![problem(
                    format!("`muster.toml` is not valid TOML: {msg}"),
                    "see https://toml.io for the syntax",
                )]);
            }
        };
        let mut config = PackConfig::default();
        let mut diags = Vec::new();
        for (key, v) in &value {
            match key.as_str() {
                "name" => config.name = string(key, v, &mut diags),
                "templates" => config.templates = folder(key, v, &mut diags),
                "out" => config.out = folder(key, v, &mut diags),
                "severity" => severity(v, &mut config, &mut diags),
                "balance" => config.balance = crate::balance::BalanceSettings::read(v, &mut diags),
                "require-historical-strength" => {
                    config.require_historical_strength = flag(key, v, &mut diags)
                }
                "require-historical-strength-everywhere" => {
                    config.require_historical_strength_everywhere = flag(key, v, &mut diags)
                }
                "strict-fog" => config.strict_fog = flag(key, v, &mut diags),
                other => diags.push(problem(
                    format!("unknown key `{other}` in `muster.toml`"),
                    "the keys are `name`, `templates`, `out`, `require-historical-strength`, `require-historical-strength-everywhere`, `strict-fog` and the `[severity]` and `[balance]` tables",
                )),
            }
        }
        if diags.is_empty() {
            Ok(config)
        } else {
            Err(diags)
        }
    }
}

/// A `true` or `false` setting; anything else is reported and read as `false`.
fn flag(key: &str, v: &toml::Value, diags: &mut Vec<Diagnostic>) -> bool {
    match v.as_bool() {
        Some(b) => b,
        None => {
            diags.push(problem(
                format!(
                    "`{key}` in `muster.toml` must be `true` or `false`, not {}",
                    v.type_str()
                ),
                &format!("write `{key} = true` without quotes"),
            ));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn an_unknown_or_syntax_code_in_severity_is_refused() {
        let e = PackConfig::from_toml(
            "[severity]\nMC399 = \"deny\"\nMC001 = \"allow\"\nMC301 = \"deny\"\n",
        )
        .unwrap_err();
        let messages: Vec<&str> = e.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`MC001` in `[severity]` is a syntax code and cannot be re-graded",
                "`MC399` in `[severity]` names no known rule",
            ]
        );
        assert!(e.iter().all(|d| d.code == Code::MC109));
        // the loader shows them and uses the defaults: no half-applied file
        let (config, problems) = PackConfig::load(Some("[severty]\nMC301 = \"deny\"\n"));
        assert_eq!(config, PackConfig::default());
        assert_eq!(
            problems[0].message,
            "unknown key `severty` in `muster.toml`"
        );
    }

    #[test]
    fn reads_a_good_file() {
        let c = PackConfig::from_toml(
            "name = \"Normandy\"\nout = \"site\"\ntemplates = \"tpl\"\n[severity]\nMC302 = \"allow\"\n",
        )
        .unwrap();
        assert_eq!(c.name.as_deref(), Some("Normandy"));
        assert_eq!(c.out.as_deref(), Some("site"));
        assert_eq!(c.templates.as_deref(), Some("tpl"));
        assert_eq!(c.overrides.len(), 1);
        assert_eq!(c.overrides[0].level, SeverityLevel::Allow);
    }

    #[test]
    fn reports_every_problem() {
        let e = PackConfig::from_toml(
            "nmae = \"x\"\nout = 3\n[severity]\nMC3 = \"allow\"\nMC301 = \"loud\"\n",
        )
        .unwrap_err();
        let msgs: Vec<_> = e.iter().map(|d| (d.code, d.message.as_str())).collect();
        assert_eq!(
            msgs,
            vec![
                (Code::MC109, "unknown key `nmae` in `muster.toml`"),
                (
                    Code::MC109,
                    "`out` in `muster.toml` must be a string, not integer"
                ),
                (
                    Code::MC109,
                    "`MC3` in `[severity]` is not a diagnostic code"
                ),
                (
                    Code::MC109,
                    "`MC301` in `[severity]` has an unknown level `\"loud\"`"
                ),
            ]
        );
    }

    #[test]
    fn folders_stay_inside_the_pack() {
        let c = PackConfig::from_toml("out = \"./site/\"").unwrap();
        assert_eq!(c.out.as_deref(), Some("site"));
        let e = PackConfig::from_toml("out = \"../site\"\ntemplates = \"/etc\"").unwrap_err();
        let msgs: Vec<_> = e.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            msgs,
            vec![
                "`out` in `muster.toml` must be a folder inside the pack, not `../site`",
                "`templates` in `muster.toml` must be a folder inside the pack, not `/etc`",
            ]
        );
    }

    #[test]
    fn the_pack_itself_is_no_output_folder() {
        for out in [".", "./", ""] {
            let e = PackConfig::from_toml(&format!("out = \"{out}\"")).unwrap_err();
            assert_eq!(e[0].code, Code::MC117, "{out}");
            assert!(e[0].message.contains("is the pack itself"), "{out}");
        }
    }

    #[test]
    fn balance_rates_are_read_and_bad_ones_named() {
        let c = PackConfig::from_toml("[balance]\nfoot = 30\nratio = 2.5\n").unwrap();
        assert_eq!((c.balance.foot, c.balance.ratio), (30.0, 2.5));
        assert_eq!(
            c.balance.tracked,
            crate::balance::BalanceSettings::default().tracked
        );
        let e = PackConfig::from_toml("[balance]\nfeet = 30\nrough = 2\ntracked = \"fast\"\n")
            .unwrap_err();
        let msgs: Vec<_> = e.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "unknown key `feet` in `[balance]`",
                "`rough` in `[balance]` must be a number above 0 and at most 1",
                "`tracked` in `[balance]` must be a number above 0 and at most 10000",
            ]
        );
    }

    #[test]
    fn reports_bad_toml() {
        let e = PackConfig::from_toml("name = ").unwrap_err();
        assert_eq!(e[0].code, Code::MC109);
        assert!(e[0].message.starts_with("`muster.toml` is not valid TOML"));
        assert!(e[0].message.ends_with("at line 1"), "{}", e[0].message);
    }

    #[test]
    fn a_repeated_key_is_named_with_its_line() {
        let e = PackConfig::from_toml("name = \"a\"\n\nname = \"b\"\n").unwrap_err();
        assert_eq!(
            e[0].message,
            "`muster.toml` is not valid TOML: duplicate key `name` at line 3"
        );
    }
}
