//! Beached or grounded vessels (FG&DN 8.1.5): destroying one takes twice the damage points that
//! would sink it; flooding criticals are still rolled at -2 severity; one that has taken more
//! than its DP cannot be refloated, but is not destroyed.
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::state::{ShipState, ShipStatus};
use serde::{Deserialize, Serialize};

/// How the ship came to rest (FG&DN 8.1.5): the rules treat both alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Grounding {
    /// Run ashore on purpose (in danger of sinking, or to unload).
    Beached,
    /// Strayed too close to shore.
    Aground,
}

impl Grounding {
    pub fn name(self) -> &'static str {
        match self {
            Grounding::Beached => "beached",
            Grounding::Aground => "aground",
        }
    }
}

/// Most damage a size A-D ship can take: its DP, twice that while grounded (8.1.5).
pub fn damage_limit(s: &ShipState) -> u32 {
    if s.grounded.is_some() {
        s.spec.dp.saturating_mul(2)
    } else {
        s.spec.dp
    }
}

/// Damage that destroys the grounded ship: twice its DP (small craft: twice the 2 x DP of one
/// turn that sinks them) (8.1.5).
pub fn destroyed_at(s: &ShipState) -> u32 {
    let sink = if s.is_small_craft() {
        s.spec.dp.saturating_mul(2)
    } else {
        s.spec.dp
    };
    sink.saturating_mul(2)
}

/// Whether a grounded ship can be refloated: not once it has taken more than its DP (8.1.5).
pub fn can_refloat(s: &ShipState) -> bool {
    s.damage <= s.spec.dp
}

/// `beach SHIP [aground]`.
pub fn beach(ctx: &mut Ctx<'_>, ship: &str, how: Grounding) -> Result<(), RuleError> {
    let i = find_ship(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    let who = format!("{} ({})", s.spec.name, s.id());
    if let Some(g) = s.grounded {
        return Err(RuleError::Refused(format!(
            "{who} is already {}; `refloat {}` first",
            g.name(),
            s.id()
        )));
    }
    match s.status {
        ShipStatus::Afloat => {}
        ShipStatus::Sinking { .. } => {
            return Err(RuleError::Refused(format!(
                "{who} is sinking (8.1.8): a ship is beached before it founders, not after (8.1.5)"
            )))
        }
        ShipStatus::Sunk => return Err(RuleError::Refused(format!("{who} has sunk"))),
    }
    if !s.pending.is_empty() {
        return Err(RuleError::Refused(format!(
            "{who} has hits waiting for the end of the phase: `next` resolves them first"
        )));
    }
    let id = s.id().to_string();
    ctx.emit(Event::Grounded { ship: id, how });
    Ok(())
}

/// `refloat SHIP`: refused once it has taken more than its DP (8.1.5).
pub fn refloat(ctx: &mut Ctx<'_>, ship: &str) -> Result<(), RuleError> {
    let i = find_ship(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    let who = format!("{} ({})", s.spec.name, s.id());
    if s.grounded.is_none() {
        return Err(RuleError::Refused(format!(
            "{who} is not beached or aground (`beach {}` marks it)",
            s.id()
        )));
    }
    if s.status == ShipStatus::Sunk {
        return Err(RuleError::Refused(format!("{who} has been destroyed")));
    }
    if !can_refloat(s) {
        return Err(RuleError::Refused(format!(
            "{who} has taken {} DP, more than its {} DP: it cannot be refloated (8.1.5)",
            s.damage, s.spec.dp
        )));
    }
    if !s.is_small_craft() && s.damage == s.spec.dp {
        return Err(RuleError::Refused(format!(
            "{who} has 0 DP left: refloated, it would founder at once (8.1.5, 8.1.8)"
        )));
    }
    if s.keel_broken {
        return Err(RuleError::Refused(format!(
            "{who} has a broken keel: it cannot be refloated (8.1.2, 8.1.5)"
        )));
    }
    let id = s.id().to_string();
    ctx.emit(Event::Refloated { ship: id });
    Ok(())
}
