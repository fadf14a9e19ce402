//! MC118 cannot-print-pdf: `build --pdf` finds no Chromium, or Chromium cannot print a sheet.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC118,
    summary: "printing to PDF (`build --pdf`) needs headless Chromium, and Chromium must print every sheet",
    explanation: "`muster build --pdf` prints each sheet to PDF with headless Chromium and joins a \
scenario's sheets into its `game-pack.pdf`. It looks for `chromium`, `chromium-browser`, \
`google-chrome` and `google-chrome-stable` on PATH, or takes `--chromium PATH`. Without one \
it stops before checking or writing anything (exit status 2) and names the package to \
install (Debian and Ubuntu: `chromium`). A sheet Chromium fails to print within the time \
limit is reported with this code too; the HTML sheets are still written and print from any \
browser.",
    failing: "# the shell\nmuster build scenarios --out site --pdf --chromium /nonexistent\n",
    fixed: "# the shell\napt-get install chromium\nmuster build scenarios --out site --pdf\n",
};

/// Emitted by the `muster` command (`build --pdf`), never by a check.
pub(crate) const CHECK: Option<CheckFn> = None;
