//! The canonical layout on small inputs: indentation, comments, blank lines,
//! wrapping, and refusal of files that do not parse.

#![allow(clippy::unwrap_used)]

use muster_fmt::{format, FormatError};

#[test]
fn blocks_are_indented_and_statements_split() {
    let src = "forces red { platoon p { hq p-hq command figures 2 at ( 500 , 500 ) element a coherent figures 6 at (560,500) } }";
    let want = "forces red {\n  platoon p {\n    hq p-hq command figures 2 at (500,500)\n    element a coherent figures 6 at (560,500)\n  }\n}\n";
    assert_eq!(format(src).unwrap(), want);
}

#[test]
fn comments_and_blank_line_groups_are_kept() {
    let src = "// head\n\n\n\nside red \"Red\" nation british   // trailing\n\n// own line\nside blue \"Blue\" nation german\nmap {\n\n  place p at (1,2) /* inline */ \n\n}\n";
    let want = "// head\n\nside red \"Red\" nation british // trailing\n\n// own line\nside blue \"Blue\" nation german\nmap {\n  place p at (1,2) /* inline */\n}\n";
    let out = format(src).unwrap();
    assert_eq!(out, want);
    assert_eq!(format(&out).unwrap(), out);
}

#[test]
fn a_comment_inside_a_statement_breaks_it_there() {
    let src = "side red \"Red\" // the attackers\n nation british\n";
    let out = format(src).unwrap();
    assert_eq!(out, "side red \"Red\" // the attackers\n  nation british\n");
    assert_eq!(format(&out).unwrap(), out);
}

#[test]
fn long_statements_wrap_at_clauses_and_a_wrapped_header_opens_below() {
    let src = "forces red { company a-coy \"A Company\" from airborne-rifle-company in line from (760,640) to (960,640) facing 180 { hq h command } }";
    let out = format(src).unwrap();
    assert_eq!(
        out,
        "forces red {\n  company a-coy \"A Company\" from airborne-rifle-company in line from (760,640) to (960,640)\n    facing 180\n  {\n    hq h command\n  }\n}\n"
    );
    assert!(out.lines().all(|l| l.chars().count() <= muster_fmt::WIDTH));
}

#[test]
fn an_order_without_a_stance_on_its_own_line_stays_there() {
    let src = "orders red {\n  a defend shop\n    by turn 3\n  b (500,700) \"hold the yard\"\n}\n";
    let out = format(src).unwrap();
    assert_eq!(
        out,
        "orders red {\n  a defend shop by turn 3\n  b (500,700) \"hold the yard\"\n}\n"
    );
}

#[test]
fn empty_blocks_close_on_the_same_line() {
    assert_eq!(format("map {\n\n}").unwrap(), "map {}\n");
    assert_eq!(
        format("map { // none yet\n}").unwrap(),
        "map { // none yet\n}\n"
    );
}

#[test]
fn files_that_do_not_parse_are_refused() {
    for src in ["map {", "side red \"Red", "map { area }", "}", "/* open"] {
        assert_eq!(format(src), Err(FormatError::Syntax), "{src:?}");
    }
    assert_eq!(format("").unwrap(), "");
    assert_eq!(format("// only a comment").unwrap(), "// only a comment\n");
}

#[test]
fn a_modifier_is_laid_out_as_a_clause_of_its_header() {
    let src = "template para company \"Para\"   modifier   airborne { hq h command }\nforces red { company a \"A\" from para modifier\n  motorised }\n";
    let out = format(src).unwrap();
    assert_eq!(
        out,
        "template para company \"Para\" modifier airborne {\n  hq h command\n}\nforces red {\n  company a \"A\" from para modifier motorised\n}\n"
    );
    // A header too long for a line wraps at its clauses, the modifier whole.
    let long = "forces red { company a-coy \"A Company, 7th Parachute Battalion\" from parachute-rifle-company at (760,640) facing 180 modifier airborne }";
    let wrapped = format(long).unwrap();
    assert!(
        wrapped
            .lines()
            .any(|l| l.starts_with("    ") && l.ends_with("modifier airborne")),
        "{wrapped}"
    );
    assert!(wrapped
        .lines()
        .all(|l| l.chars().count() <= muster_fmt::WIDTH));
    assert_eq!(format(&wrapped).unwrap(), wrapped);
}

#[test]
fn a_level_crossing_and_a_bridge_over_a_line_are_laid_out_and_kept() {
    let src = "map {\n    level-crossing   halt \"Level crossing\"  at ( 400 , 300 ) over railway carries lane\nbridge rail-bridge at (900,300)   over railway carries n175 }";
    let want = "map {\n  level-crossing halt \"Level crossing\" at (400,300) over railway carries lane\n  bridge rail-bridge at (900,300) over railway carries n175\n}\n";
    let out = format(src).unwrap();
    assert_eq!(out, want);
    assert_eq!(format(&out).unwrap(), out);
}

#[test]
fn a_messenger_route_is_laid_out_and_kept() {
    let src = "nets red {  messenger a-hq   to a.pl-1 runner via marsh-ford   ( 1400 , 300 )  radio a-hq to b-hq }";
    let want = "nets red {\n  messenger a-hq to a.pl-1 runner via marsh-ford (1400,300)\n  radio a-hq to b-hq\n}\n";
    let out = format(src).unwrap();
    assert_eq!(out, want);
    assert_eq!(format(&out).unwrap(), out);
}
