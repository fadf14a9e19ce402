//! Fuzzes `parse_bytes`: it must never panic, and every diagnostic span must lie
//! inside the text on char boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_syntax::{parse_bytes, FileId};

fuzz_target!(|data: &[u8]| {
    let parsed = parse_bytes(FileId(0), data);
    let text = std::str::from_utf8(data).unwrap_or("");
    for d in &parsed.diagnostics {
        for l in &d.labels {
            assert!(l.span.start <= l.span.end && l.span.end <= data.len());
            if !text.is_empty() {
                assert!(text.is_char_boundary(l.span.start) && text.is_char_boundary(l.span.end));
            }
        }
    }
});
