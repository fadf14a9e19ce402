//! MC4xx: orders (§81–§86).

include!(concat!(env!("OUT_DIR"), "/rules_orders.rs"));
