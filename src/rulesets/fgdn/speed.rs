//! A ship's maximum speed now (FG&DN 8.1.1 breakdown, 8.1.5, 8.2 orders, 8.3 engineering and
//! rudder; SPEC 3.2): one function that the status, the orders and the patch check all read.
use crate::rulesets::fgdn::damage::breakdown;
use crate::rulesets::fgdn::damage_control::category_level;
use crate::rulesets::fgdn::effects::RudderState;
use crate::rulesets::fgdn::event::Casualty;
use crate::rulesets::fgdn::kinds::SeverityLevel;
use crate::rulesets::fgdn::state::{ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;

/// Maximum speed now (SPEC 3.2): breakdown level for the damage, one level lower per
/// engineering critical; 15 kt while fire or flooding is Major or worse.
pub fn speed_max(tables: &Tables, s: &ShipState) -> (u32, usize, Vec<String>) {
    // An airship has no damage points: her engines, controls and fuel set her speed (8.8).
    if let Some((speed, orders)) = crate::rulesets::fgdn::airship::speed_and_orders(s) {
        let speed = if s.status == ShipStatus::Sunk {
            0
        } else {
            speed
        };
        return (speed, 0, orders);
    }
    let b = breakdown(s.spec.dp, s.spec.speed);
    let damage_level = if s.is_small_craft() {
        0
    } else {
        b.level(s.damage)
    };
    // Saturating: replay trusts recorded events, and a crafted save must not overflow here.
    // A submarine's minor-damage engineering criticals that cleared give their level back.
    let cleared: u32 = s
        .sub
        .iter()
        .flat_map(|u| u.cleared_criticals())
        .filter_map(|k| s.criticals.get(k))
        .map(|c| c.speed_levels)
        .sum();
    let engineering = s
        .criticals
        .iter()
        .fold(s.equipment.plant_breakdowns, |a, c| {
            a.saturating_add(c.speed_levels)
        })
        .saturating_sub(s.equipment.engineering_repaired)
        .saturating_sub(cleared);
    let level = damage_level.saturating_add(engineering as usize).min(4);
    let mut speed = b.speed[level];
    let mut orders = Vec::new();
    if s.status == ShipStatus::Sunk {
        return (0, level, orders);
    }
    if let Some(g) = s.grounded {
        orders.push(format!(
            "{}: does not move until refloated (8.1.5)",
            g.name().to_uppercase()
        ));
        speed = 0;
    }
    if s.equipment.rudder == Some(RudderState::Disabled) {
        let cap = s.spec.speed / 3;
        if speed > cap {
            orders.push(format!(
                "Rudder disabled: {cap} kt or less (1/3 of {} kt), 15° course changes (8.3)",
                s.spec.speed
            ));
            speed = cap;
        }
    }
    if s.sub.is_some() {
        // A submerged submarine's fire and flooding give her own orders (8.2), not the ships'
        // 15 kt; surfaced she is a surface ship (8.1.4) and both apply.
        let (sub_orders, stopped) = crate::rulesets::fgdn::submarine::orders(tables, s);
        orders.extend(sub_orders);
        if stopped {
            speed = 0;
        }
        if crate::rulesets::fgdn::submarine::submerged(s) {
            return (speed, level, orders);
        }
    }
    if category_level(tables, s, Casualty::Fire) >= SeverityLevel::Major {
        if s.fire_orders_ignored {
            orders.push(
                "Major fire: order IGNORED (+2 to the fire DC roll; umpire: `orders SHIP obeyed`)"
                    .into(),
            );
        } else {
            orders.push(
                "Major fire: wind 30° on the bow, 15 kt or less, no flight operations (8.2)".into(),
            );
            speed = speed.min(15);
        }
    }
    if category_level(tables, s, Casualty::Flood) >= SeverityLevel::Major {
        orders.push("Major flooding: 15 kt or less (8.2)".into());
        speed = speed.min(15);
    }
    (speed, level, orders)
}
