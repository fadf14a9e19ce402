//! The words of the language for hover and completion: the structural keywords
//! with a line each, and every closed vocabulary list of `muster_rules::vocab`
//! with its glosses (read, never copied, so the editor cannot drift from it).

use muster_rules::vocab::*;

/// One vocabulary list: what its words are, and each word with its gloss.
pub struct List {
    pub what: &'static str,
    pub words: Vec<(&'static str, &'static str)>,
}

macro_rules! lists {
    ($($ty:ident => $what:literal),+ $(,)?) => {
        /// Every vocabulary list of the language.
        pub fn lists() -> Vec<List> {
            vec![$(List {
                what: $what,
                words: $ty::ALL.iter().map(|w| (w.keyword(), w.gloss())).collect(),
            }),+]
        }
    };
}

lists! {
    Weather => "weather",
    Light => "light",
    Echelon => "echelon",
    FootType => "foot element type",
    Specialism => "specialism",
    VehicleRole => "vehicle role",
    Drive => "drive",
    ArtilleryWeapon => "artillery weapon",
    AircraftRole => "aircraft role",
    ShipRole => "ship role",
    MessengerMethod => "alternative method",
    WeaponKind => "weapon",
    Mount => "weapon mount",
    RadioRange => "radio range",
    Posture => "posture",
    TerrainKind => "terrain kind",
    Strength => "building strength",
    Height => "building height",
    LineKind => "line feature",
    CrossingKind => "crossing",
    Stance => "order stance",
    Intensity => "order intensity",
    SignalKind => "signal kind",
    Colour => "signal colour",
    Precision => "intel precision",
    SeverityLevel => "severity",
    Edge => "table edge",
}

/// The structural keywords, each with one line of what it introduces.
pub const KEYWORDS: &[(&str, &str)] = &[
    (
        "use",
        "imports a library file: `use \"lib/british.muster\"`",
    ),
    (
        "scenario",
        "the scenario header: start, turns, turn length, weather, light, table",
    ),
    ("side", "a side of the battle with its nations and players"),
    (
        "map",
        "the table's terrain: areas, roads and rivers, crossings, places",
    ),
    (
        "template",
        "a reusable unit (a company, a platoon) for `from` in forces",
    ),
    (
        "forces",
        "one side's order of battle: units and their elements",
    ),
    (
        "nets",
        "one side's radio links, telephone lines and command nets",
    ),
    (
        "orders",
        "one side's starting orders: unit, stance, objective, timing",
    ),
    (
        "signal",
        "a pre-arranged signal (flare, smoke, codeword) and whom it affects",
    ),
    ("arrival", "a unit arriving later: when and where"),
    ("event", "something the umpire reveals on a turn"),
    (
        "victory",
        "a side's victory condition: holds, destroys, exits, inflicts",
    ),
    ("intel", "what one side knows of the enemy at the start"),
    ("umpire", "a note only the umpire sees"),
    (
        "element",
        "one element of a unit: its type, figures or models, weapons, place",
    ),
    ("hq", "the unit's command element"),
    ("player", "a player of the side and the unit they command"),
    ("area", "a terrain area: its kind and shape"),
    ("place", "a named place orders and arrivals can refer to"),
    (
        "from",
        "the template a unit is built from, or where a line starts",
    ),
    ("at", "where something stands: a point `(x,y)` or a place"),
    ("facing", "the bearing a unit or element faces, in degrees"),
    ("attached-to", "the unit this one is attached to"),
    ("note", "a note printed on the side's briefing"),
    (
        "radio",
        "a radio link between two elements, or an element's radio range",
    ),
    ("telephone", "a telephone line between two elements"),
    ("net", "a command net: its members share one radio net"),
    (
        "messenger",
        "an alternative method (§76): `messenger A to B runner`, timed by the ground",
    ),
    (
        "via",
        "a messenger's route: the places, crossings or points it passes, in order",
    ),
    ("start", "the scenario's date and start time"),
    ("turns", "how many turns the scenario lasts"),
    ("turn-length", "the time one turn stands for"),
    ("first-bound", "the side that moves first"),
    ("table", "the table size"),
    ("ground-scale", "metres of ground per millimetre of table"),
    (
        "georeference",
        "where the table's south-west corner lies on WGS 84 (`49.2410N 0.2720W`), for map exchange",
    ),
    (
        "north-bearing",
        "the true bearing of table north, in degrees",
    ),
    ("ends", "when the scenario ends, in words"),
    ("notes", "a note for the scenario's introduction"),
    ("allow", "turns a rule off for this scenario, with a reason"),
    ("warn", "makes a rule a warning for this scenario"),
    ("deny", "makes a rule an error for this scenario"),
];

/// The line for a word: a keyword's or a vocabulary word's gloss.
pub fn describe(word: &str) -> Option<String> {
    if let Some((_, doc)) = KEYWORDS.iter().find(|(k, _)| *k == word) {
        return Some(format!("**{word}** — {doc}"));
    }
    let found: Vec<String> = lists()
        .into_iter()
        .filter_map(|l| {
            l.words
                .iter()
                .find(|(k, _)| *k == word)
                .map(|(_, g)| format!("**{word}** ({}) — {g}", l.what))
        })
        .collect();
    (!found.is_empty()).then(|| found.join("\n\n"))
}
