//! The Mission Command rulebook (reference 4.1) as typed data and pure functions.
//!
//! No I/O and no syntax: every item cites its paragraph so checks can quote it.

pub mod command;
pub mod foot;
pub mod frontage;
pub mod hmg;
pub mod latency;
pub mod limits;
pub mod nations;
pub mod paragraphs;
pub mod scale;
pub mod structures;
pub mod terrain;
pub mod troops;
pub mod visibility;
pub mod vocab;
