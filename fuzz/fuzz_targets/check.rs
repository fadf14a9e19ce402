//! Fuzzes the whole check pipeline (`muster_check::run`): parse, resolve, analyse,
//! every rule, house rules. It must never panic, and every label must point inside
//! a file that was read. The input is also offered as a library, so `use` paths in
//! it resolve.
//!
//! Needs a `[[bin]] name = "check" path = "fuzz_targets/check.rs"` entry in
//! `fuzz/Cargo.toml`, with `muster-check` and `muster-model` as dependencies.
//! Run (see `fuzz/README.md`): `fuzz/build-corpus.sh`, then
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run check -- -timeout=2 -max_total_time=600`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_model::{MemoryWorld, PackConfig};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let world = MemoryWorld::new()
        .with("fuzz.muster", text)
        .with("lib/fuzz.muster", text);
    let outcome = muster_check::run(&world, "fuzz.muster", &PackConfig::default());
    for d in &outcome.diagnostics {
        for label in &d.labels {
            let file = outcome.model.files.iter().find(|f| f.id == label.file);
            let Some(file) = file else {
                panic!("{}: label in a file that was not read", d.code);
            };
            assert!(
                label.span.start <= label.span.end && label.span.end <= file.text.len(),
                "{}: span {:?} outside `{}`",
                d.code,
                label.span,
                file.path
            );
        }
    }
});
