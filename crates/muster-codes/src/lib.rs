//! The catalogue of diagnostic codes: one typed line per code, and nothing else.
//!
//! Every crate that reports a finding names it by a [`Code`] from here, so what a
//! code is (its name, default severity, rulebook paragraph, the phase that reports
//! it, whether a house rule may re-grade it, which code it supersedes) is written
//! once. The registry in `muster-check` adds the docs and the check of each code.
//! Compare ruff's `codes.rs`: the table is data; behaviour asks it.
//!
//! Adding a code: one line in [`catalogue!`] below (in code order), then the rule
//! file in `muster-check` (see ARCHITECTURE.md, "Adding a diagnostic code").

use serde::Serialize;

/// How serious a diagnostic is: an error, a warning or a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// Which stage of the pipeline reports a code. Behaviour that used to test code
/// prefixes (`MC0…`) asks the phase instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// The text cannot be read: scanning and parsing (MC001–MC003).
    Syntax,
    /// A value is refused as absurd before anything measures with it (MC004–MC006).
    Limits,
    /// An `import` cannot be followed.
    Imports,
    /// Names are defined twice, undefined, or do not form a tree.
    Names,
    /// Resolving what only a scenario has (its sides); a library alone has none.
    Scenario,
    /// A check of `muster-check` over the resolved model and its analysis.
    Checks,
    /// The pack around the scenarios: `muster.toml`, folders, output names.
    Pack,
    /// What a run says about its own findings: more of one code in a file than it shows.
    Output,
    /// What `build` could not draw on a sheet's map (MC904–MC906).
    Maps,
    /// What `export` and `import` find in another tool's format, or missing
    /// for it (MC950–MC959).
    Interchange,
}

impl Phase {
    /// Whether a library file checked on its own can report codes of this phase:
    /// syntax and the resolution of names and imports; the rest needs a scenario.
    pub fn applies_to_library(self) -> bool {
        matches!(
            self,
            Phase::Syntax | Phase::Limits | Phase::Imports | Phase::Names | Phase::Output
        )
    }

    /// Whether codes of this phase still say something about a file the reader
    /// refused (MC003): an empty model's other findings only follow from the refusal.
    pub fn survives_refusal(self) -> bool {
        matches!(
            self,
            Phase::Syntax | Phase::Limits | Phase::Imports | Phase::Output
        )
    }

    /// Whether codes of this phase refuse a value: other findings on the refused
    /// text only echo them.
    pub fn refuses_values(self) -> bool {
        self == Phase::Limits
    }
}

macro_rules! paragraph {
    (_) => {
        None
    };
    ($p:literal) => {
        Some($p)
    };
}

macro_rules! regradable {
    (overridable) => {
        true
    };
    (fixed) => {
        false
    };
}

/// Builds [`Code`] and its accessors from one line per code:
/// `CODE "name" Severity "§paragraph"|_ Phase overridable|fixed [superseded codes];`
macro_rules! catalogue {
    ($($code:ident $name:literal $severity:ident $para:tt $phase:ident $grade:ident [$($sup:ident),*];)+) => {
        /// A diagnostic code: stable forever once released.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(#[doc = $name] $code),+
        }

        impl Code {
            /// Every code, in code order.
            pub const ALL: &'static [Code] = &[$(Code::$code),+];

            /// `MC301`.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$code => stringify!($code)),+ }
            }

            /// Kebab-case, names the problem (`element-separated`).
            pub const fn name(self) -> &'static str {
                match self { $(Code::$code => $name),+ }
            }

            /// The default severity; a scenario or pack may re-grade it when
            /// [`Code::overridable`].
            pub const fn severity(self) -> Severity {
                match self { $(Code::$code => Severity::$severity),+ }
            }

            /// The rulebook paragraph(s) enforced (`§88`, `§87–§89`).
            pub const fn paragraph(self) -> Option<&'static str> {
                match self { $(Code::$code => paragraph!($para)),+ }
            }

            /// The stage that reports it.
            pub const fn phase(self) -> Phase {
                match self { $(Code::$code => Phase::$phase),+ }
            }

            /// Whether a house rule (`allow`, `note`, `warn`, `deny`) may re-grade it.
            pub const fn overridable(self) -> bool {
                match self { $(Code::$code => regradable!($grade)),+ }
            }

            /// The codes this one reports more precisely at the same place: where
            /// both would be reported, only this one is.
            pub const fn supersedes(self) -> &'static [Code] {
                match self { $(Code::$code => &[$(Code::$sup),*]),+ }
            }
        }
    };
}

catalogue! {
    MC001 "syntax-error"                   Error   _                         Syntax    fixed       [];
    MC002 "malformed-literal"              Error   "§1"                      Syntax    fixed       [];
    MC003 "input-refused"                  Error   _                         Syntax    fixed       [];
    MC004 "number-out-of-range"            Error   _                         Limits    fixed       [];
    MC005 "coordinate-far-off-table"       Error   _                         Limits    fixed       [];
    MC006 "table-out-of-range"             Error   "§1"                      Limits    fixed       [];
    MC007 "findings-capped"                Warning _                         Output    fixed       [];
    MC101 "duplicate-name"                 Error   _                         Names     overridable [];
    MC102 "undefined-reference"            Error   _                         Names     overridable [];
    MC103 "order-of-battle-not-a-tree"     Error   "§9"                      Names     overridable [];
    MC104 "unresolvable-import"            Error   _                         Imports   overridable [];
    MC105 "unused-definition"              Warning _                         Checks    overridable [];
    MC106 "invalid-sides"                  Error   "§21"                     Scenario  overridable [];
    MC109 "invalid-pack-configuration"     Error   _                         Pack      overridable [];
    MC110 "unknown-nation"                 Error   "§18"                     Names     overridable [];
    MC111 "ambiguous-name"                 Error   _                         Names     overridable [];
    MC115 "output-folder-collision"        Error   _                         Pack      overridable [];
    MC116 "unreadable-path"                Error   _                         Pack      overridable [];
    MC117 "unsafe-output-folder"           Error   _                         Pack      overridable [];
    MC118 "cannot-print-pdf"               Error   _                         Pack      fixed       [];
    MC119 "unsafe-template"                Error   _                         Pack      fixed       [];
    MC120 "refused-file"                   Error   _                         Pack      fixed       [];
    MC201 "group-without-command"          Error   "§10, §79"                Checks    overridable [];
    MC202 "commander-in-support-element"   Error   "§18"                     Checks    overridable [];
    MC203 "armed-command-element"          Error   "§18"                     Checks    overridable [];
    MC204 "mp44-without-german-nation"     Error   "§18"                     Checks    overridable [];
    MC205 "figure-count-out-of-range"      Warning "§18, §19"                Checks    overridable [];
    MC206 "weapon-unfit-for-element"       Error   "§18"                     Checks    overridable [];
    MC207 "heavy-weapon-misclassified"     Error   "§12"                     Checks    overridable [];
    MC208 "mixed-aircraft-group"           Error   "§11, §20"                Checks    overridable [];
    MC209 "flight-not-two-models"          Warning "§20"                     Checks    overridable [];
    MC210 "needless-aircraft-command"      Note    "§11"                     Checks    overridable [];
    MC211 "invalid-carrier"                Error   "§12, §14"                Checks    overridable [];
    MC212 "template-echelon-differs"       Warning "§9"                      Checks    overridable [];
    MC214 "game-strength-above-stated"     Note    "§3"                      Checks    overridable [];
    MC215 "game-strength-below-stated"     Note    "§3"                      Checks    overridable [];
    MC216 "template-of-another-nation"     Warning _                         Checks    overridable [];
    MC217 "passenger-away-from-carrier"    Warning "§4, §14"                 Checks    overridable [];
    MC218 "model-count-unclear"            Error   "§3"                      Checks    overridable [];
    MC219 "historical-strength-missing"    Warning "§3"                      Checks    overridable [];
    MC301 "element-separated"              Warning "§87–§89"                 Checks    overridable [];
    MC302 "long-radio-on-ordinary-element" Warning "§88"                     Checks    overridable [];
    MC303 "radio-link-outside-chain"       Warning "§70"                     Checks    overridable [];
    MC304 "telephone-not-static"           Error   "§68"                     Checks    overridable [];
    MC305 "telephone-line-hindered"        Warning "§68, §24"                Checks    overridable [];
    MC306 "command-by-runner-only"         Note    "§76, §90"                Checks    overridable [];
    MC307 "signal-unusable"                Error   "§74"                     Checks    overridable [];
    MC308 "smoke-signal-unseen"            Warning "§75"                     Checks    overridable [];
    MC309 "net-member-without-radio"       Warning "§70, §71"                Checks    overridable [];
    MC310 "codeword-without-link"          Error   "§68, §69"                Checks    overridable [];
    MC311 "lamp-unseen"                    Warning "§75"                     Checks    overridable [];
    MC312 "messenger-blocked"              Warning "§76"                     Checks    overridable [];
    MC313 "pigeon-with-route"              Warning "§76"                     Checks    overridable [];
    MC314 "colour-on-unseen-signal"        Error   "§73"                     Checks    overridable [];
    MC315 "signals-look-alike"             Warning "§73"                     Checks    overridable [];
    MC316 "route-stop-without-point"       Error   "§76"                     Checks    overridable [];
    MC401 "order-without-stance"           Error   "§84"                     Checks    overridable [];
    MC402 "attack-without-intensity"       Error   "§84"                     Checks    overridable [];
    MC403 "order-objective-undefined"      Error   "§84"                     Checks    overridable [MC102];
    MC404 "invalid-support-target"         Error   "§81"                     Checks    overridable [MC102];
    MC405 "order-timing-out-of-range"      Error   "§81, §22"                Checks    overridable [];
    MC406 "order-repeats-parent"           Warning "§83"                     Checks    overridable [];
    MC407 "unit-without-orders"            Note    "§86"                     Checks    overridable [];
    MC408 "order-due-before-arrival"       Error   "§81"                     Checks    overridable [];
    MC409 "two-orders-for-one-unit"        Error   "§81–§83"                 Checks    overridable [];
    MC410 "arrival-contradicts-placement"  Error   _                         Checks    overridable [];
    MC412 "timing-cannot-be-met"           Error   "§81"                     Checks    overridable [];
    MC413 "phase-before-previous"          Warning "§81"                     Checks    overridable [];
    MC501 "invalid-terrain-shape"          Error   "§98"                     Checks    overridable [];
    MC502 "overlapping-main-terrain"       Warning "§100"                    Checks    overridable [];
    MC503 "vehicle-in-dense-woods"         Error   "§113"                    Checks    overridable [];
    MC504 "wheels-in-rocky-ground"         Error   "§115"                    Checks    overridable [];
    MC505 "vehicle-in-forbidden-structure" Error   "§59, §120"               Checks    overridable [];
    MC506 "element-in-impassable-terrain"  Error   "§95"                     Checks    overridable [];
    MC507 "impossible-structure"           Error   "§121"                    Checks    overridable [];
    MC508 "outside-table"                  Error   _                         Checks    overridable [];
    MC509 "elements-stacked"               Warning "§4"                      Checks    overridable [];
    MC510 "terrain-kind-shadows-built-in"  Error   "§98"                     Checks    overridable [];
    MC511 "exit-not-at-table-edge"         Error   "§22"                     Checks    overridable [];
    MC515 "crossing-off-its-line"          Error   "§98"                     Checks    overridable [];
    MC516 "crossing-over-wrong-ground"     Error   "§103"                    Checks    overridable [];
    MC517 "river-too-narrow-for-craft"     Error   "§95"                     Checks    overridable [];
    MC519 "edge-stretch-off-edge"          Error   "§22"                     Checks    overridable [];
    MC601 "no-first-bound"                 Error   "§23"                     Checks    overridable [];
    MC602 "no-end-of-game"                 Error   "§22"                     Checks    overridable [];
    MC603 "timing-outside-game"            Error   "§7"                      Checks    overridable [];
    MC604 "may-begin-hot"                  Note    "§24"                     Checks    overridable [];
    MC605 "victory-names-undefined"        Error   "§22"                     Checks    overridable [MC102];
    MC606 "invalid-severity-override"      Warning _                         Checks    fixed       [];
    MC607 "victory-destroys-own-unit"      Error   _                         Checks    overridable [];
    MC609 "condition-decided-too-late"     Error   "§74"                     Checks    overridable [];
    MC610 "condition-on-enemy-signal"      Error   "§74"                     Checks    overridable [MC102];
    MC611 "template-out-of-date"           Warning _                         Checks    overridable [];
    MC613 "victory-level-unreachable"      Warning "§22"                     Checks    overridable [];
    MC614 "victory-grouping-unstated"      Warning "§22"                     Checks    overridable [];
    MC616 "victory-losses-own-side"        Error   _                         Checks    overridable [];
    MC617 "victory-losses-beyond-strength" Warning "§22"                     Checks    overridable [];
    MC618 "prepared-too-late"              Error   "§68"                     Checks    overridable [];
    MC701 "concealed-in-open"              Error   "§50"                     Checks    overridable [];
    MC702 "overwatch-without-direct-fire"  Error   "§38, §40"                Checks    overridable [];
    MC703 "overwatch-cannot-see-out"       Warning "§109, §111, §113, §121"  Checks    overridable [];
    MC704 "observer-without-artillery"     Error   "§55, §56"                Checks    overridable [MC102];
    MC705 "invalid-hmg-zone"               Error   "§57"                     Checks    overridable [];
    MC706 "engineering-by-non-engineer"    Error   "§61"                     Checks    overridable [];
    MC707 "rotorcraft-without-refuelling"  Error   "§62"                     Checks    overridable [MC102];
    MC708 "ship-on-land"                   Error   "§95"                     Checks    overridable [];
    MC801 "intel-on-unknown-unit"          Error   _                         Checks    overridable [MC102];
    MC802 "enemy-named-without-intel"      Error   _                         Checks    overridable [];
    MC803 "invalid-player-assignment"      Error   _                         Checks    overridable [MC102];
    MC804 "enemy-reference-without-intel"  Error   _                         Checks    overridable [];
    MC805 "secret-in-shared-text"          Error   _                         Checks    overridable [];
    MC806 "unknown-map-item-referenced"    Error   _                         Checks    overridable [];
    MC810 "map-item-named-by-one-side"     Warning _                         Checks    overridable [];
    MC811 "enemy-kind-named"               Warning _                         Checks    overridable [];
    MC812 "unit-strength-unstated"         Warning "§3"                      Checks    overridable [];
    MC901 "not-enough-figures"             Warning "§2–§4"                   Checks    overridable [];
    MC902 "not-enough-models"              Warning "§3"                      Checks    overridable [];
    MC903 "not-enough-terrain"             Warning "§1"                      Checks    overridable [];
    MC904 "map-name-unplaced"              Note    _                         Maps      fixed       [];
    MC905 "inset-too-small"                Note    _                         Maps      fixed       [];
    MC906 "marks-stacked-on-map"           Note    _                         Maps      fixed       [];
    MC950 "needs-georeference"             Error   _                         Interchange fixed     [];
    MC951 "not-geojson"                    Error   _                         Interchange fixed     [];
    MC952 "geojson-property-missing"       Error   _                         Interchange fixed     [];
    MC953 "geojson-self-intersecting"      Error   _                         Interchange fixed     [];
    MC954 "geojson-off-table"              Error   _                         Interchange fixed     [];
    MC955 "not-orbat-mapper"               Error   _                         Interchange fixed     [];
    MC956 "orbat-mapper-version-unknown"   Error   _                         Interchange fixed     [];
    MC957 "orbat-mapper-unit-unplaced"     Error   _                         Interchange fixed     [];
    MC958 "orbat-mapper-off-table"         Error   _                         Interchange fixed     [];
    MC960 "victory-levels-both-met"        Warning "§22"                     Checks    overridable [];
    MC961 "victory-level-out-of-reach"     Warning "§22"                     Checks    overridable [];
    MC962 "victory-level-hinges-on-unit"   Note    "§22"                     Checks    overridable [];
}

impl Code {
    /// The code written `text` (`MC301`, `mc301`), if there is one.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(text))
    }

    /// The code named `name` (`element-separated`), if there is one.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// Whether `text` has the shape of a code (`MC` and three digits), known or not:
    /// house rules and `muster.toml` tell a misspelt code from a stray word by it.
    pub fn is_code_shaped(text: &str) -> bool {
        text.len() == 5 && text.starts_with("MC") && text[2..].bytes().all(|b| b.is_ascii_digit())
    }

    /// Whether this code reports an undefined name, generally (MC102) or in a
    /// place that says more about what was meant (the codes that supersede it).
    pub fn reports_undefined_name(self) -> bool {
        self == Code::MC102 || self.supersedes().contains(&Code::MC102)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_in_order_and_unique() {
        assert!(Code::ALL.windows(2).all(|w| w[0].as_str() < w[1].as_str()));
        let mut names: Vec<_> = Code::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }

    #[test]
    fn codes_have_their_shape_and_parse_back() {
        for c in Code::ALL {
            assert!(Code::is_code_shaped(c.as_str()), "{c}");
            assert_eq!(Code::parse(&c.as_str().to_lowercase()), Some(*c));
            assert_eq!(Code::from_name(c.name()), Some(*c));
        }
    }

    #[test]
    fn a_code_supersedes_only_codes_of_earlier_phases() {
        for c in Code::ALL {
            for s in c.supersedes() {
                assert!(s.phase() < c.phase(), "{c} supersedes {s}");
            }
        }
    }

    #[test]
    fn what_cannot_be_read_cannot_be_regraded() {
        for c in Code::ALL {
            if matches!(c.phase(), Phase::Syntax | Phase::Limits) {
                assert!(!c.overridable(), "{c}");
            }
        }
    }
}
