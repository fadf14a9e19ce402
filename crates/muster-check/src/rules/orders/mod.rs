//! MC4xx: orders (§81–§86).

pub(crate) mod mc401_order_without_stance;
pub(crate) mod mc402_attack_without_intensity;
pub(crate) mod mc403_order_objective_undefined;
pub(crate) mod mc404_invalid_support_target;
pub(crate) mod mc405_order_timing_out_of_range;
pub(crate) mod mc406_order_repeats_parent;
pub(crate) mod mc407_unit_without_orders;
pub(crate) mod mc408_order_due_before_arrival;
pub(crate) mod mc409_two_orders_for_one_unit;
pub(crate) mod mc410_arrival_contradicts_placement;
