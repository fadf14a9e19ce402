//! MC802 reads names as a person reads them: an enemy's name written with a
//! non-breaking space, two spaces, a line break, a soft hyphen, a zero-width
//! space, a Unicode hyphen or `_` for `-` is still the enemy's name.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};

/// Blue holds `Kampfgruppe Rauch` and `gr-736`; red's order text is `words`,
/// written into the file as it is (escapes allowed).
fn scenario(words: &str) -> String {
    format!(
        r#"scenario "Example" {{
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}}
side red "Red" nation british
side blue "Blue" nation german
forces red {{
  company a "A Company" {{
    hq a-hq command figures 2 at (500,500)
  }}
}}
forces blue {{
  company kampfgruppe "Kampfgruppe Rauch" {{
    hq k-hq command figures 2 at (500,1500)
  }}
  company gr-736 "Regiment" {{
    hq g-hq command figures 2 at (1500,1500)
  }}
}}
orders red {{
  a attack full (500,1500) "{words}"
}}
orders blue {{
  kampfgruppe defend (500,1500)
  gr-736 defend (1500,1500)
}}
"#
    )
}

/// The MC802 messages for red's order text `words`.
fn leaks(words: &str) -> Vec<String> {
    let world = MemoryWorld::new().with("s.muster", scenario(words));
    run(&world, "s.muster", &PackConfig::default())
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "MC802")
        .map(|d| d.message.clone())
        .collect()
}

const RAUCH: &str = "text of `red` names enemy unit `kampfgruppe`, which the side does not know";
const GR: &str = "text of `red` names enemy unit `gr-736`, which the side does not know";

fn assert_names(words: &str, message: &str) {
    assert_eq!(leaks(words), vec![message.to_string()], "{words:?}");
}

#[test]
fn a_name_written_with_a_non_breaking_space_is_found() {
    assert_names("drive Kampfgruppe\u{00A0}Rauch off the ridge", RAUCH);
}

#[test]
fn a_name_written_with_two_spaces_is_found() {
    assert_names("drive Kampfgruppe  Rauch off the ridge", RAUCH);
}

#[test]
fn a_name_broken_over_two_lines_is_found() {
    // written `\n` in the file: texts stay on one line
    assert_names("drive Kampfgruppe\\nRauch off the ridge", RAUCH);
}

#[test]
fn a_name_with_a_soft_hyphen_is_found() {
    assert_names("drive Kampf\u{00AD}gruppe Rauch off the ridge", RAUCH);
}

#[test]
fn a_name_with_a_zero_width_space_is_found() {
    assert_names("drive Kampf\u{200B}gruppe Rauch off the ridge", RAUCH);
    assert_names("drive Kampfgruppe\u{200B} Rauch off the ridge", RAUCH);
}

#[test]
fn a_name_in_full_width_letters_is_found() {
    assert_names("drive Ｋａｍｐｆｇｒｕｐｐｅ Rauch off the ridge", RAUCH);
}

#[test]
fn a_name_with_a_unicode_hyphen_is_found() {
    assert_names("pin gr\u{2010}736 on the road", GR);
    assert_names("pin gr\u{2011}736 on the road", GR);
    assert_names("pin gr\u{2212}736 on the road", GR);
}

#[test]
fn a_name_with_an_underscore_for_its_hyphen_is_found() {
    assert_names("pin gr_736 on the road", GR);
}

#[test]
fn near_misses_stay_clean() {
    // Other words, and the names run into other words, are no leak.
    for words in [
        "drive the battlegroup off the ridge",
        "drive Kampfgruppe Rauchfang off the ridge",
        "pin gr-7361 on the road",
        "pin gr\u{2014}736 on the road",
    ] {
        assert_eq!(leaks(words), Vec::<String>::new(), "{words:?}");
    }
}

#[test]
fn a_folded_name_is_pointed_at_where_it_is_written() {
    let text = scenario("drive Kampfgruppe  Rauch off the ridge");
    let world = MemoryWorld::new().with("s.muster", text.clone());
    let outcome = run(&world, "s.muster", &PackConfig::default());
    let d = outcome
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "MC802")
        .unwrap();
    let span = d.primary().unwrap().span;
    assert_eq!(&text[span.start..span.end], "Kampfgruppe  Rauch");
}
