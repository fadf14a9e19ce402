//! `build --pdf`'s side of printing: the sealed browser lives in `muster-print`
//! (shared with every test that needs one); here its refusals become MC118.

use crate::error::CliError;
pub use muster_print::{Printer, AT_ONCE};

/// The code of every refusal to print (Chromium missing, failing or too slow).
pub const CANNOT_PRINT: muster_syntax::Code = muster_syntax::Code::MC118;

/// The printer for a build: Chromium at `given` or on PATH, every sheet served
/// with the sheets' CSP.
pub fn printer(given: Option<&std::path::Path>) -> Result<Printer, CliError> {
    Ok(Printer::new(given, muster_render::SHEET_CSP)?)
}

impl From<muster_print::Refusal> for CliError {
    fn from(refusal: muster_print::Refusal) -> CliError {
        CliError::Refused {
            code: CANNOT_PRINT,
            message: refusal.message,
            help: refusal.help,
        }
    }
}
