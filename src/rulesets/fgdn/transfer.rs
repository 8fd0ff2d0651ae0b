//! Transferring crew from one small craft to another (FG&DN 1.1 8.1.9): `transfer FROM TO
//! [speed KT]`. Alongside a stationary boat the transfer happens by itself; between two boats
//! moving together at the same speed it succeeds on D100 <= 50 % (1-5 kt) or 5 % (6-10 kt) and is
//! prohibited at 11 kt or more. A failure puts the crew factors in the water, with a 50 % chance
//! of a collision between the two boats, whose effects this text does not give.
use crate::core::dice::Die;
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use serde::{Deserialize, Serialize};

/// Most crew factors a boat can carry: twice its normal complement of six (8.1.9).
pub const BOAT_CAPACITY: u32 = 12;

/// The chance (%) of a transfer between two moving boats at `kt` knots; None: prohibited.
pub fn chance(kt: u32) -> Option<u32> {
    match kt {
        0 => Some(100),
        1..=5 => Some(50),
        6..=10 => Some(5),
        _ => None,
    }
}

/// The record of a `transfer` (`Event::CrewTransfer`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transfer {
    pub from: String,
    pub to: String,
    /// The speed both boats make; 0: one of them is stationary (automatic).
    pub speed: u32,
    pub chance: u32,
    pub roll: Option<u32>,
    pub success: bool,
    /// After a failure: the D100 for a collision (50 %).
    pub collision_roll: Option<u32>,
    pub collision: bool,
}

/// Log words for a transfer.
pub fn text(t: &Transfer, from: &str, to: &str) -> String {
    let how = if t.speed == 0 {
        "alongside a stationary boat: automatic".to_string()
    } else {
        format!(
            "both at {} kt: D100 {} vs {} %",
            t.speed,
            t.roll.map(|r| r.to_string()).unwrap_or_default(),
            t.chance
        )
    };
    if t.success {
        return format!("crew transfer {from} -> {to} ({how}): done (8.1.9)");
    }
    let crash = match t.collision_roll {
        Some(r) if t.collision => format!(
            "; collision D100 {r} <= 50: THE BOATS COLLIDE (effect not defined by the rules: apply your house rule)"
        ),
        Some(r) => format!("; collision D100 {r} > 50: no collision"),
        None => String::new(),
    };
    format!("crew transfer {from} -> {to} ({how}): FAILED, the crew factors are in the water{crash} (8.1.9)")
}

/// `transfer FROM TO [speed KT]` (8.1.9).
pub fn transfer(ctx: &mut Ctx<'_>, from: &str, to: &str, speed: u32) -> Result<(), RuleError> {
    let a = find_ship(&ctx.state, from)?;
    let b = find_ship(&ctx.state, to)?;
    if a == b {
        return Err(RuleError::Refused(
            "a transfer needs two boats (8.1.9)".into(),
        ));
    }
    for k in [a, b] {
        let s = &ctx.state.ships[k];
        if !s.is_small_craft() {
            return Err(RuleError::Refused(format!(
                "{} ({}) is size {}: crew transfers are between small craft, size E-G (8.1.9)",
                s.spec.name,
                s.id(),
                s.spec.size
            )));
        }
        if s.status == crate::rulesets::fgdn::state::ShipStatus::Sunk {
            return Err(RuleError::Refused(format!(
                "{} ({}) has sunk",
                s.spec.name,
                s.id()
            )));
        }
    }
    let Some(pct) = chance(speed) else {
        return Err(RuleError::Refused(format!(
            "at {speed} kt a transfer between two moving boats is prohibited (11 kt or more, 8.1.9): slow to 10 kt or less, or stop one boat"
        )));
    };
    let (na, nb) = (ctx.ship_name(a), ctx.ship_name(b));
    let roll = if speed == 0 {
        None
    } else {
        Some(ctx.roll(
            a,
            Die::D100,
            format!("crew transfer {na} -> {nb} at {speed} kt: succeeds on 1-{pct}"),
        )?)
    };
    let success = roll.is_none_or(|r| r <= pct);
    let collision_roll = if success {
        None
    } else {
        Some(ctx.roll(
            a,
            Die::D100,
            format!("failed crew transfer {na} -> {nb}: collision on 1-50"),
        )?)
    };
    let t = Transfer {
        from: ctx.state.ships[a].id().to_string(),
        to: ctx.state.ships[b].id().to_string(),
        speed,
        chance: pct,
        roll,
        success,
        collision: collision_roll.is_some_and(|r| r <= 50),
        collision_roll,
    };
    ctx.emit(Event::CrewTransfer(Box::new(t)));
    Ok(())
}

#[cfg(test)]
mod tests {
    /// FG&DN 8.1.9: 1-5 kt 50 %, 6-10 kt 5 %, 11+ prohibited; stationary: automatic.
    #[test]
    fn transfer_chances_8_1_9() {
        use super::chance;
        assert_eq!(chance(0), Some(100));
        assert_eq!(chance(1), Some(50));
        assert_eq!(chance(5), Some(50));
        assert_eq!(chance(6), Some(5));
        assert_eq!(chance(10), Some(5));
        assert_eq!(chance(11), None);
    }
}
