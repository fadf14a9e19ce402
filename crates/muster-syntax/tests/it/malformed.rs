//! Malformed inputs: what the author sees, snapshot-tested as plain text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use muster_syntax::{parse, FileId};

/// Parses `text`, checks spans and wording, and snapshots the rendering.
fn check(name: &str, text: &str) {
    let parsed = parse(FileId(0), text);
    assert!(
        common::spans_ok(text, &parsed),
        "{name}: span outside the text"
    );
    common::no_rule_names(&parsed).unwrap();
    let shown = format!(
        "--- input\n{text}\n--- diagnostics\n{}",
        common::render(text, &parsed)
    );
    insta::assert_snapshot!(name, shown);
}

macro_rules! cases {
    ($($name:ident: $text:expr;)+) => {
        $(#[test] fn $name() { check(stringify!($name), $text); })+
    };
}

cases! {
    item_keyword_typo: "scenaro \"Pegasus\" {\n  turns 18\n}\n";
    map_keyword_typo: "map {\n  aera scrub brush rect (0,0) size 100m by 100m\n}\n";
    terrain_typo: "map {\n  area bois dense-wood rect (0,0) size 100m by 100m\n}\n";
    distance_missing_unit: "map {\n  area scrub brush rect (0,0) size 300 by 100m\n}\n";
    distance_unknown_unit: "map {\n  area scrub brush rect (0,0) size 300yd by 100m\n}\n";
    date_does_not_exist: "scenario \"x\" {\n  start 1944-02-30 00:16\n}\n";
    clock_time_does_not_exist: "scenario \"x\" {\n  start 1944-06-06 25:61\n}\n";
    turn_zero: "scenario \"x\" {\n  turns 0\n}\n";
    turn_negative: "arrival b-coy turn -1 at lz-x\n";
    calibre_unknown_unit: "forces british {\n  battery b {\n    element g artillery gun 75yd models 2\n  }\n}\n";
    calibre_unknown_pounder: "forces british {\n  battery b {\n    element g artillery gun 7pdr\n  }\n}\n";
    unclosed_block_then_item: "map {\n  area scrub brush rect (0,0) size 100m by 100m\n\norders british {\n  d-coy attack pegasus\n}\n";
    unclosed_block_at_end: "forces british {\n  company d-coy {\n    element pl-1 coherent figures 6\n";
    stray_closing_brace: "map {\n  place x at (1,1)\n}\n}\nside british\n";
    stray_character: "map {\n  area scrub brush @ rect (0,0) size 100m by 100m\n}\n";
    empty_file: "";
    only_comments: "// nothing here yet\n/* not even a scenario */\n";
    crlf_line_endings: "scenario \"x\" {\r\n  weather sunny\r\n}\r\n";
    tabs: "map {\n\tarea bois\tdense-wood rect (0,0) size 1m by 1m\n}\n";
    byte_order_mark: "\u{feff}scenario \"x\" {\n  turns 0\n}\n";
    non_ascii_identifier: "map {\n  place bénouville at (1,1)\n}\n";
    uppercase_identifier: "side British \"6th Airborne\" nation british\n";
    reserved_word_as_area_name: "map {\n  area map brush rect (0,0) size 1m by 1m\n}\n";
    reserved_word_as_unit_name: "forces british {\n  company forces \"D Company\"\n}\n";
    unterminated_text: "scenario \"Pegasus {\n  turns 18\n}\n";
    unterminated_comment: "scenario \"x\" {\n  turns 18\n}\n/* notes\nside british\n";
    facing_not_a_number: "forces british {\n  company d-coy at (1,1) facing east\n}\n";
    bearing_out_of_range: "forces british {\n  company d-coy at (1,1) facing 400\n}\n";
    coordinate_malformed: "map {\n  place x at (12a,5)\n}\n";
    polygon_too_few_points: "map {\n  area lake-1 lake polygon (0,0) (10,0)\n}\n";
    weather_unknown: "scenario \"x\" {\n  weather sunny\n}\n";
    light_missing_value: "scenario \"x\" {\n  light\n}\n";
    element_attribute_typo: "forces british {\n  company c {\n    element pl-1 coherent figures 6 dugin\n  }\n}\n";
    vehicle_without_role: "forces german {\n  platoon p {\n    element v vehicle models 1\n  }\n}\n";
    drive_on_foot_element: "forces german {\n  platoon p {\n    element v coherent tracked\n  }\n}\n";
    stance_typo: "orders british {\n  d-coy atack pegasus\n}\n";
    stance_typo_in_second_order: "orders british {\n  b-coy defend lz-x\n  d-coy atack pegasus by turn 2\n}\n";
    item_keyword_typo_after_item: "map {\n  place p at (1,1)\n}\nforcse german {\n  company c\n}\n";
    two_objectives: "orders british {\n  d-coy attack pegasus horsa\n}\n";
    signal_kind_typo: "signal go flair \"go\" on command\n";
    victory_without_prose: "victory british holds pegasus at end\n";
    intel_precision_typo: "intel german {\n  d-coy seen at lz-x vauge \"gliders\"\n}\n";
    net_link_missing_to: "nets british {\n  radio fo bn-hq\n}\n";
    errors_in_two_items: "scenario \"x\" {\n  weather sunny\n}\nmap {\n  area a dense-wood rect (0,0) size 1m by 1m\n}\n";
    two_errors_in_one_block: "map {\n  area a dense-wood rect (0,0) size 1m by 1m\n  road r line (0,0)\n  place p at (1,1)\n  bridge b over canal\n}\n";
    template_with_placement: "template t company \"T\" at (1,1) {\n  element a coherent\n}\n";
    dated_on_unit: "forces british {\n  company c dated 1944\n}\n";
    override_code_malformed: "scenario \"x\" {\n  allow MC30\n}\n";
    figures_zero: "forces british {\n  company c {\n    element a coherent figures 0\n  }\n}\n";
    duration_missing_unit: "scenario \"x\" {\n  turn-length 10\n}\n";
    ground_scale_negative: "scenario \"x\" {\n  ground-scale -2m\n}\n";
    latitude_out_of_range: "scenario \"x\" {\n  georeference 95.1N 0.2720W\n}\n";
    longitude_out_of_range: "scenario \"x\" {\n  georeference 49.2410N 200E north-bearing 0\n}\n";
    latitude_and_longitude_swapped: "scenario \"x\" {\n  georeference 0.2720W 49.2410N\n}\n";
    latitude_without_hemisphere: "scenario \"x\" {\n  georeference -49.2410 0.2720E\n}\n";
    north_bearing_out_of_range: "scenario \"x\" {\n  georeference 49.2410N 0.2720W north-bearing 400 \"IGN\"\n}\n";
    non_ascii_stray_character: "map {\n  place x at (1,1) →\n}\n";
    hq_without_name: "forces british {\n  company c {\n    hq\n  }\n}\n";
    forces_missing_brace: "forces british company c\n";
    setting_keyword_typo: "scenario \"x\" {\n  turn 18\n  weather clear\n}\n";
    clock_time_malformed: "arrival b-coy 1:30 at lz-x\n";
    figures_without_count: "forces british {\n  company c {\n    element a coherent figures lmg\n  }\n}\n";
    note_without_text: "forces british {\n  company c {\n    element a coherent note\n  }\n}\n";
    hmg_zone_incomplete: "forces british {\n  company c {\n    element a heavy-support hmg hmg-zone bearing 90 range 800m\n  }\n}\n";
    stray_text_in_element: "forces british {\n  company c {\n    element a coherent \"Bren team\"\n  }\n}\n";
    order_timing_missing_turn: "orders british {\n  d-coy attack pegasus by 2\n}\n";
    order_on_signal_missing: "orders british {\n  d-coy attack pegasus on ham\n}\n";
    order_clock_time_malformed: "orders british {\n  d-coy attack pegasus at 1:16\n}\n";
        unit_setting_typo: "forces british {\n  company d-coy \"D\" frm arc at (1,1) {\n    element a coherent\n  }\n  company b-coy { element b coherent }\n}\n";
    crossing_setting_typo: "map {\n  bridge b at (1,1) ovr canal\n  place p at (2,2)\n}\n";
        point_missing_comma: "map {\n  place p at (100 200)\n}\n";
    point_unclosed: "map {\n  place p at (100,200\n  place q at (1,1)\n}\n";
        point_missing_coordinate: "map {\n  place p at ( ,200)\n}\n";
        capitalised_keyword: "Scenario \"x\" {\n  turns 3\n}\nside british\n";
        buildings_without_structure: "map {\n  area town buildings rect (0,0) size 1m by 1m\n}\n";
}
