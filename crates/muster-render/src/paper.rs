//! The paper sizes sheets print on.

/// Paper size for the print CSS (`@page size`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
    /// For the set-up sheet of a large table.
    A3,
}

impl Paper {
    /// Its name in CSS `@page size`.
    pub(crate) fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
            Paper::A3 => "A3",
        }
    }
}
