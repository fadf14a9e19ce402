//! MC004–MC006: numbers outside their sane range, refused before any check runs
//! on them so that no check's work grows with an absurd value.

pub(crate) mod mc004_number_out_of_range;
pub(crate) mod mc005_coordinate_far_off_table;
pub(crate) mod mc006_table_out_of_range;
