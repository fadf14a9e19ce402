//! MC1xx: names and structure. Resolution (`muster-model`) emits all but MC105.

pub(crate) mod mc101_duplicate_name;
pub(crate) mod mc102_undefined_reference;
pub(crate) mod mc103_order_of_battle_not_a_tree;
pub(crate) mod mc104_unresolvable_import;
pub(crate) mod mc105_unused_definition;
pub(crate) mod mc106_invalid_sides;
pub(crate) mod mc109_invalid_pack_configuration;
pub(crate) mod mc110_unknown_nation;
pub(crate) mod mc111_ambiguous_name;
pub(crate) mod mc115_output_folder_collision;
pub(crate) mod mc116_unreadable_path;
pub(crate) mod mc117_unsafe_output_folder;
pub(crate) mod mc118_cannot_print_pdf;
pub(crate) mod mc119_unsafe_template;
pub(crate) mod mc120_refused_file;
