//! Human names for every grammar rule, used in "expected …" messages.
//!
//! The match is exhaustive on purpose: a new grammar rule does not compile until
//! it has a name in the author's words, so no pest rule name reaches a user.

use crate::grammar::Rule;
use muster_rules::vocab::{Echelon, LineKind, Stance};

/// A family of alternatives that reads better summarised ("a map feature such as …").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Group {
    Item,
    Setting,
    Feature,
    Shape,
    UnitSetting,
    NetStatement,
    SignalPart,
    Victory,
    None,
}

impl Group {
    /// The members to show first in a summary, most typical first.
    pub(crate) fn preferred(self) -> &'static [&'static str] {
        match self {
            Group::Item => &["`scenario`", "`map`", "`forces`"],
            Group::Setting => &["`start`", "`turns`", "`weather`"],
            Group::Feature => &["`area`", "`road`, `track`", "`bridge`", "`place`"],
            Group::UnitSetting => &["`from`", "`at`", "`facing`"],
            _ => &[],
        }
    }

    /// The summary phrase, or `None` when the members are listed one by one.
    pub(crate) fn phrase(self) -> Option<&'static str> {
        match self {
            Group::Item => Some("a top-level item"),
            Group::Setting => Some("a scenario setting"),
            Group::Feature => Some("a map feature"),
            Group::Shape => Some("a shape"),
            Group::UnitSetting => Some("a unit setting"),
            Group::NetStatement => Some("a net statement"),
            Group::SignalPart => Some("a signal setting"),
            Group::Victory => Some("a victory condition"),
            Group::None => None,
        }
    }
}

fn kw(word: &str, group: Group) -> (Group, String) {
    (group, format!("`{word}`"))
}

fn phrase(text: &str) -> (Group, String) {
    (Group::None, text.to_string())
}

fn such_as(what: &str, words: &[&str]) -> (Group, String) {
    let list: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    (
        Group::None,
        format!("{what} such as {}", crate::error::or_list(&list)),
    )
}

/// What the author should read for a rule the parser expected.
pub(crate) fn describe(rule: Rule) -> (Group, String) {
    use Group as G;
    let echelons: Vec<&str> = Echelon::ALL.iter().take(3).map(|e| e.keyword()).collect();
    let lines: Vec<&str> = LineKind::ALL.iter().take(3).map(|e| e.keyword()).collect();
    let stances: Vec<&str> = Stance::ALL.iter().map(|e| e.keyword()).collect();
    match rule {
        Rule::EOI | Rule::blank_only => phrase("the end of the item"),
        Rule::WHITESPACE | Rule::COMMENT | Rule::gap => phrase("a space or a comment"),
        Rule::ident_start | Rule::ident_char | Rule::ident => phrase("a name"),
        Rule::path => phrase("a name"),
        Rule::lit | Rule::num => phrase("a number"),
        Rule::weather_word => such_as("a weather", &["clear", "rain", "fog"]),
        Rule::light_word => such_as("a light", &["day", "night", "dawn"]),
        Rule::edge_word => such_as("a table edge", &["north", "south", "east"]),
        Rule::signal_kind => such_as("a signal kind", &["flare", "smoke", "bugle"]),
        Rule::string | Rule::str_inner => phrase("a quoted text"),
        Rule::code => phrase("a rule code such as `MC305`"),
        Rule::lbrace | Rule::unit_block | Rule::side_block => phrase("`{`"),
        Rule::rbrace => phrase("`}`"),
        Rule::point => phrase("a point such as `(1200,800)`"),
        Rule::junk_token => phrase("more of the statement"),

        Rule::kw_use | Rule::use_item => kw("use", G::Item),
        Rule::kw_scenario | Rule::scenario => kw("scenario", G::Item),
        Rule::kw_side | Rule::side => kw("side", G::Item),
        Rule::kw_map | Rule::map => kw("map", G::Item),
        Rule::kw_template | Rule::template => kw("template", G::Item),
        Rule::kw_forces | Rule::forces => kw("forces", G::Item),
        Rule::kw_nets | Rule::nets => kw("nets", G::Item),
        Rule::kw_orders | Rule::orders => kw("orders", G::Item),
        Rule::kw_signal | Rule::signal => kw("signal", G::Item),
        Rule::kw_arrival | Rule::arrival => kw("arrival", G::Item),
        Rule::kw_event | Rule::event => kw("event", G::Item),
        Rule::kw_victory | Rule::victory => kw("victory", G::Item),
        Rule::kw_intel | Rule::intel => kw("intel", G::Item),
        Rule::umpire_item => kw("umpire", G::Item),
        Rule::kw_briefing | Rule::briefing => kw("briefing", G::Item),
        Rule::briefing_section
        | Rule::briefing_section_only
        | Rule::section_word
        | Rule::junk_briefing => phrase("a briefing section such as `situation \"…\"`"),
        Rule::item_only | Rule::item_prefix | Rule::item => {
            such_as("a top-level item", &["scenario", "map", "forces"])
        }

        Rule::kw_turns | Rule::turns_stmt => kw("turns", G::Setting),
        Rule::kw_turn_length | Rule::turn_length_stmt => kw("turn-length", G::Setting),
        Rule::kw_first_bound | Rule::first_bound_stmt => kw("first-bound", G::Setting),
        Rule::kw_weather | Rule::weather_stmt => kw("weather", G::Setting),
        Rule::kw_light | Rule::light_stmt => kw("light", G::Setting),
        Rule::kw_table | Rule::table_stmt => kw("table", G::Setting),
        Rule::kw_ground_scale | Rule::ground_scale_stmt => kw("ground-scale", G::Setting),
        Rule::kw_georeference | Rule::georeference_stmt => kw("georeference", G::Setting),
        Rule::kw_north_bearing => phrase("`north-bearing`"),
        Rule::kw_ends | Rule::ends_stmt => kw("ends", G::Setting),
        Rule::kw_notes | Rule::notes_stmt => kw("notes", G::Setting),
        Rule::severity_level | Rule::override_stmt => kw("allow", G::Setting),
        Rule::scenario_stmt | Rule::scenario_stmt_only | Rule::junk_scenario => {
            such_as("a scenario setting", &["start", "turns", "weather"])
        }
        Rule::kw_by => phrase("`by`"),

        Rule::kw_nation | Rule::nations | Rule::nation => kw("nation", G::UnitSetting),
        Rule::kw_player | Rule::player | Rule::player_only | Rule::junk_side => phrase("`player`"),
        Rule::kw_commands => phrase("`commands`"),

        Rule::kw_area | Rule::area => kw("area", G::Feature),
        Rule::line_kind | Rule::line_feature => {
            let mut v = lines;
            v.truncate(2);
            (G::Feature, format!("`{}`", v.join("`, `")))
        }
        Rule::crossing_kind | Rule::crossing => kw("bridge", G::Feature),
        Rule::kw_place | Rule::place => kw("place", G::Feature),
        Rule::feature | Rule::feature_only | Rule::feature_start | Rule::junk_map => {
            such_as("a map feature", &["area", "road", "bridge", "place"])
        }
        Rule::area_word => phrase("a terrain type such as `dense-woods` or `brush`"),
        Rule::kw_polygon | Rule::polygon => kw("polygon", G::Shape),
        Rule::kw_rect | Rule::rect => kw("rect", G::Shape),
        Rule::kw_circle | Rule::circle => kw("circle", G::Shape),
        Rule::shape => such_as("a shape", &["polygon", "rect", "circle"]),
        Rule::kw_size => phrase("`size`"),
        Rule::kw_radius => phrase("`radius`"),
        Rule::kw_width => phrase("`width`"),
        Rule::kw_line => phrase("`line`"),
        Rule::kw_over | Rule::over => phrase("`over`"),
        Rule::kw_carries | Rule::carries => phrase("`carries`"),
        Rule::kw_length | Rule::length => phrase("`length`"),
        Rule::crossing_attr => such_as("a crossing setting", &["at", "over", "carries"]),
        Rule::kw_edge | Rule::edge => phrase("`edge`"),
        Rule::edge_span => phrase("`from (x,y) to (x,y)` along the edge"),
        Rule::kw_refuelling | Rule::refuelling => phrase("`refuelling`"),
        Rule::kw_known_to | Rule::known_to => phrase("`known-to`"),
        Rule::kw_shared | Rule::shared => phrase("`shared`"),
        Rule::knowledge => phrase("`known-to` or `shared`"),
        Rule::place_attr => such_as("a place setting", &["at", "edge"]),

        Rule::echelon | Rule::echelon_word | Rule::unit | Rule::unit_only | Rule::junk_forces => (
            G::None,
            format!("a unit such as `{}`", echelons.join("`, `")),
        ),
        Rule::kw_from | Rule::from_template => kw("from", G::UnitSetting),
        Rule::sender => phrase("`from`"),
        Rule::kw_in | Rule::in_line => kw("in line from", G::UnitSetting),
        Rule::kw_to => phrase("`to`"),
        Rule::kw_at | Rule::at_point => kw("at", G::UnitSetting),
        Rule::kw_facing | Rule::facing => kw("facing", G::UnitSetting),
        Rule::kw_attached_to | Rule::attached_to => kw("attached-to", G::UnitSetting),
        Rule::kw_note | Rule::note => kw("note", G::UnitSetting),
        Rule::kw_umpire | Rule::umpire => kw("umpire", G::UnitSetting),
        Rule::kw_dated | Rule::dated => kw("dated", G::UnitSetting),
        Rule::kw_historical_strength | Rule::historical_strength => {
            kw("historical-strength", G::UnitSetting)
        }
        Rule::strength_kind | Rule::strength_count => {
            phrase("a count of `men`, `vehicles` or `guns`")
        }
        Rule::unit_attr | Rule::unit_kw => such_as("a unit setting", &["from", "at", "facing"]),
        Rule::body_stmt_only | Rule::junk_body => {
            such_as("an element or a unit", &["element", "hq", "company"])
        }
        Rule::kw_element | Rule::element => kw("element", G::None),
        Rule::kw_hq => kw("hq", G::None),

        Rule::kw_radio | Rule::radio_link => kw("radio", G::NetStatement),
        Rule::elem_word | Rule::etok | Rule::body_mark => {
            phrase("an element type or attribute such as `coherent`, `lmg` or `dug-in`")
        }

        Rule::kw_telephone | Rule::telephone_link => kw("telephone", G::NetStatement),
        Rule::kw_net | Rule::net_def => kw("net", G::NetStatement),
        Rule::kw_messenger | Rule::messenger_link => kw("messenger", G::NetStatement),
        Rule::method_word => such_as("an alternative method", &["runner", "pigeon", "dog"]),
        Rule::kw_then => phrase("`then`"),
        Rule::cond_word | Rule::condition => {
            phrase("a condition such as `unless signal success by 05:30`")
        }
        Rule::kw_seniority => phrase("`seniority`"),
        Rule::kw_via | Rule::via => {
            phrase("`via` and the places, crossings or points a messenger passes")
        }
        Rule::net_stmt | Rule::net_stmt_only | Rule::net_kw | Rule::junk_nets => such_as(
            "a net statement",
            &["radio", "telephone", "messenger", "net"],
        ),

        Rule::stance => (G::None, format!("a stance: `{}`", stances.join("`, `"))),
        Rule::order | Rule::order_only | Rule::order_start | Rule::junk_orders => {
            phrase("an order such as `d-coy attack pegasus`")
        }
        Rule::otok | Rule::order_word => phrase("an objective, a timing or a quoted order"),
        Rule::by_turn => phrase("`by turn`"),
        Rule::kw_on | Rule::trigger => phrase("`on`"),
        Rule::kw_turn | Rule::turn_when => phrase("`turn`"),
        Rule::when => phrase("`turn N` or a clock time such as `01:30`"),

        Rule::kw_command => phrase("`command`"),
        Rule::kw_capture | Rule::capture => phrase("`capture`"),
        Rule::kw_affects | Rule::affects => kw("affects", G::SignalPart),
        Rule::kw_colour | Rule::colours => kw("colour", G::SignalPart),
        Rule::colour_word => phrase("a colour such as `red`, `green` or `white`"),
        Rule::signal_attr => such_as("a signal setting", &["from", "on", "affects", "colour"]),

        Rule::kw_holds | Rule::holds => kw("holds", G::Victory),
        Rule::kw_destroys | Rule::destroys => kw("destroys", G::Victory),
        Rule::kw_exits | Rule::exits => kw("exits", G::Victory),
        Rule::kw_inflicts | Rule::inflicts => kw("inflicts", G::Victory),
        Rule::destroys_models => phrase("`destroys N models of SIDE`"),
        Rule::kw_models => phrase("`models`"),
        Rule::kw_figures => phrase("`figures`"),
        Rule::kw_of => phrase("`of`"),
        Rule::victory_cond => such_as(
            "a victory condition",
            &["holds", "destroys", "exits", "inflicts"],
        ),
        Rule::kw_end | Rule::at_end => phrase("`end`"),
        Rule::victory_level | Rule::level_word => {
            phrase("a victory level: `decisive`, `marginal` or `points N`")
        }
        Rule::kw_points | Rule::points_level => phrase("`points`"),
        Rule::group_mode | Rule::victory_block | Rule::victory_group => {
            phrase("a group of conditions: `all { … }` or `any { … }`")
        }

        Rule::kw_seen | Rule::seen => phrase("`seen at`"),
        Rule::kw_known | Rule::known => phrase("`known`"),
        Rule::intel_entry | Rule::intel_entry_only | Rule::intel_start | Rule::junk_intel => {
            phrase("an intel entry such as `d-coy seen at lz-x`")
        }
        Rule::intel_word | Rule::precision_word => {
            phrase("a precision: `exact`, `approximate` or `vague`")
        }

        Rule::kw_terrain | Rule::terrain_def => kw("terrain", G::Item),
        Rule::terrain_block => phrase("`{`"),
        Rule::kw_movement | Rule::movement_stmt => kw("movement", G::None),
        Rule::kw_observation | Rule::observation_stmt => kw("observation", G::None),
        Rule::kw_cover | Rule::cover_stmt => kw("cover", G::None),
        Rule::terrain_stmt | Rule::terrain_stmt_only | Rule::terrain_kw | Rule::junk_terrain => {
            such_as("a terrain grade", &["movement", "observation", "cover"])
        }
        Rule::grade_word => phrase("a mover or a grade such as `foot`, `difficult` or `open`"),
        Rule::defined_line => kw("line", G::Feature),
        Rule::line_kind_word => phrase("a line kind, or a terrain kind a `terrain` item defines"),
        Rule::kw_start | Rule::start_stmt => kw("start", G::Setting),
        Rule::start_decl => kw("start", G::UnitSetting),
        Rule::start_word => phrase("`hot` or `cold`"),
        Rule::kw_branch | Rule::branch_decl => kw("branch", G::UnitSetting),
        Rule::kw_captured | Rule::captured => kw("captured", G::UnitSetting),
        Rule::kw_modifier | Rule::modifier_decl => kw("modifier", G::UnitSetting),
        Rule::modifier_word => phrase("a modifier such as `airborne` or `motorised`"),
        Rule::branch_word => phrase("a branch such as `infantry` or `armour`"),
        Rule::kw_prepared | Rule::prepared => kw("prepared since", G::UnitSetting),
        Rule::kw_since => phrase("`since`"),
        Rule::kw_overnight => phrase("`overnight`"),
        Rule::scoped_level | Rule::scoped_override => kw("allow", G::UnitSetting),
    }
}
