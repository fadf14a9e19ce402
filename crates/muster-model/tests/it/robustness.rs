//! Resolution and analysis never panic, whatever survives parsing: every prefix of
//! the example scenario (cut at many points) and a few hostile shapes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;

#[test]
fn every_prefix_of_the_example_resolves_and_analyses() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let text = std::fs::read_to_string(format!("{dir}/pegasus-bridge.muster")).unwrap();
    let lib = std::fs::read_to_string(format!("{dir}/lib/british-airborne-1944.muster")).unwrap();
    let german = std::fs::read_to_string(format!("{dir}/lib/german.muster")).unwrap();
    let mut cut = 0;
    while cut < text.len() {
        if text.is_char_boundary(cut) {
            let (r, _) = resolve_files(&[
                ("main.muster", &text[..cut]),
                ("lib/british-airborne-1944.muster", &lib),
                ("lib/german.muster", &german),
            ]);
            let a = muster_model::analyse(&r.model);
            assert_eq!(a.command.len(), r.model.elements.len());
            for d in &r.diagnostics {
                for l in &d.labels {
                    let f = &r.model.files[l.file.0 as usize].text;
                    assert!(
                        l.span.end <= f.len()
                            && f.is_char_boundary(l.span.start)
                            && f.is_char_boundary(l.span.end)
                    );
                }
            }
        }
        cut += 37;
    }
}

#[test]
fn hostile_shapes_do_not_panic() {
    let r = resolve_body(
        r#"map {
  area a brush polygon (0,0) (0,0) (0,0)
  area b brush polygon (0,0) (10,10) (10,0) (0,10)
  area c brush circle (5,5) radius 0m
  road r line (1,1)
  bridge x at (1,1) over r carries x
}
forces blue {
  company u attached-to u { hq h command telephone radio long at (0,0) embussed-in h riding-on h }
  company v attached-to w { element e bare figures 4 at (0,0) }
  company w attached-to v { element e bare figures 4 at (0,0) }
}
orders blue { u support u v support w w support v }
forces red { company z { hq h command at (0,0) } }
"#,
    );
    let a = muster_model::analyse(&r.model);
    assert_eq!(a.command.len(), r.model.elements.len());
}
