//! A scenario terrain kind graded like a built-in type gets the same answers from
//! every check that reads the ground: overwatch depth (MC703), standing in it
//! (MC506, entering at the edge, §59), messengers across it (MC312 and the
//! delivery times, §76), telephones in it (MC305) and who may begin hot (MC604).

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};
use muster_rules::terrain::{self, CoverGrade, ObsGrade, Who};
use muster_rules::vocab::TerrainKind;

/// The checks that read the ground.
const READERS: &[&str] = &["MC305", "MC312", "MC506", "MC604", "MC703"];

/// The scenario: an area of `kind` from (600,600) to (1200,1200); a platoon with
/// an element in overwatch 300 m inside it, one on its edge and a telephone in
/// it; runners across it and across a river; an enemy 450 m from the deep one.
fn scenario(head: &str, kind: &str) -> String {
    format!(
        r#"scenario "Ground" {{
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}}
side red "Red" nation british
side blue "Blue" nation german
{head}
map {{
  area patch {kind} rect (600,600) size 600m by 600m
}}
forces red {{
  platoon p "1 Platoon" {{
    hq p-hq command figures 2 at (300,900)
    element deep integrated figures 5 at (900,900) overwatch telephone
    element rim integrated figures 5 at (600,700)
    element far integrated figures 5 at (1500,900)
  }}
}}
forces blue {{
  platoon q "Zug" {{
    hq q-hq command figures 2 at (900,1350) in-open
  }}
}}
nets red {{
  messenger p-hq to p.far runner
  telephone p-hq to p.deep
}}
orders red {{
  p defend (900,900)
}}
orders blue {{
  q defend (900,1350)
}}
"#
    )
}

/// A `terrain` item graded as the table grades `kind` for foot.
fn equivalent(kind: TerrainKind) -> Option<String> {
    let movement = terrain::movement_grade(kind)?;
    let obs = terrain::observation_grade(kind, Who::Foot).unwrap_or(ObsGrade::Open);
    let cover = terrain::cover(kind, None, Who::Foot).unwrap_or(CoverGrade::None);
    Some(format!(
        "terrain same-as-{k} {{\n  movement foot {m} vehicles {m}\n  observation {o}\n  cover {c}\n}}",
        k = kind.keyword(),
        m = movement.keyword(),
        o = obs.keyword(),
        c = cover.keyword(),
    ))
}

/// What the ground-reading checks say, with the kind's name taken out, and the
/// runner's delivery.
fn answers(head: &str, kind: &str) -> (Vec<String>, String) {
    let world = MemoryWorld::new().with("s.muster", scenario(head, kind));
    let kind = kind.split(' ').next().unwrap_or(kind);
    let out = run(&world, "s.muster", &PackConfig::default());
    let said = out
        .diagnostics
        .iter()
        .filter(|d| READERS.contains(&d.code.as_str()))
        .map(|d| {
            format!("{} {}", d.code.as_str(), d.message)
                .replace(kind, "KIND")
                .replace(" to foot", "")
        })
        .collect();
    let d = &out.analysis.messengers[0];
    let delivery = format!(
        "blocked {} slowed {} turns {:?}/{:?}",
        d.blocked_by.is_some(),
        d.difficult_ground,
        d.turns_cold,
        d.turns_hot
    );
    (said, delivery)
}

#[test]
fn a_scenario_kind_graded_like_a_built_in_type_gets_the_same_answers() {
    let mut compared = 0;
    for &kind in TerrainKind::ALL {
        let Some(def) = equivalent(kind) else {
            continue;
        };
        let builtin = match kind {
            TerrainKind::Buildings => "buildings medium normal".to_string(),
            k => k.keyword().to_string(),
        };
        let name = format!("same-as-{}", kind.keyword());
        let a = answers("", &builtin);
        let b = answers(&def, &name);
        assert_eq!(a, b, "{} and its equivalent differ", kind.keyword());
        compared += 1;
    }
    // open, brush, both woods, rocky, ruins, buildings, cliffs, water, lake
    assert_eq!(compared, 10);
}

#[test]
fn the_answers_differ_between_kinds() {
    // the comparison above would pass if no check read the ground at all
    let (water, water_runner) = answers("", "water");
    let (open, open_runner) = answers("", "open");
    assert!(water.iter().any(|d| d.starts_with("MC312")), "{water:?}");
    assert!(water.iter().any(|d| d.starts_with("MC506")), "{water:?}");
    assert!(!open
        .iter()
        .any(|d| d.starts_with("MC312") || d.starts_with("MC506")));
    assert_ne!(water_runner, open_runner);
    let (woods, woods_runner) = answers("", "dense-woods");
    assert!(woods.iter().any(|d| d.starts_with("MC703")), "{woods:?}");
    assert!(woods_runner.contains("slowed true"), "{woods_runner}");
}
