//! Lasting effects of critical hits on a ship's equipment (FG&DN 8.3): batteries, mounts,
//! directors, sensors, communications, bridge, rudder, crew.
use crate::core::command::CrewBattery;
use crate::core::state::ShipState;

/// Why a battery's crews cannot be sent to damage control, if they cannot.
pub fn battery_problem(_s: &ShipState, _battery: CrewBattery) -> Option<String> {
    None
}
