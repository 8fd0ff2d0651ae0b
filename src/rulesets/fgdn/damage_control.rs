//! Damage control (FG&DN 8.2 "Controlling Fires and Flooding", SPEC 3.4): the reduction rolls,
//! crews sent from a battery, assisting ships, flooding the magazines, the Major-fire order, and
//! the conflagration and capsize checks.
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::Phase;
use crate::rulesets::fgdn::command::CrewBattery;
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::{Casualty, Event, PctChange};
use crate::rulesets::fgdn::fire_flood::{crew_bonus, minor_rating, severity_level};
use crate::rulesets::fgdn::kinds::SeverityLevel;
use crate::rulesets::fgdn::state::{GameState, ShipState};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::timers::{self, burning, first_dc_turn, past_first_damage, TimerKind};

/// Chance per consecutive overwhelmed mark of a conflagration reaching the magazines (25 %).
pub const CONFLAGRATION_STEP_PCT: u32 = 25;
/// Chance of capsizing at each mark while flooding is Overwhelmed (25 %).
pub const CAPSIZE_PCT: u32 = 25;
/// Most ships that may assist one ship (one per side).
pub const MAX_HELPERS: usize = 2;

fn refused<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
}

/// One assisting ship and what it lends.
#[derive(Debug, Clone, PartialEq)]
pub struct HelperBonus {
    pub id: String,
    pub bonus: u32,
    /// Why it lends nothing now (it has a fire, is over 50 % damage, sinking), if so.
    pub problem: Option<String>,
}

/// The effective total for damage control: total % - crew bonus - assistance (SPEC 3.4).
#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    pub total: u32,
    pub crew: u32,
    pub helpers: Vec<HelperBonus>,
    pub pct: i64,
    pub level: SeverityLevel,
}

impl Effective {
    /// "24 % - 5 (crews) - 4 (wakeful) = 15 %".
    pub fn text(&self) -> String {
        let mut t = format!("{} %", self.total);
        if self.crew > 0 {
            t.push_str(&format!(" - {} (crews)", self.crew));
        }
        for h in self.helpers.iter().filter(|h| h.problem.is_none()) {
            t.push_str(&format!(" - {} ({})", h.bonus, h.id));
        }
        if t.contains(" - ") {
            t.push_str(&format!(" = {} %", self.pct));
        }
        t
    }
}

/// The severity level of one category (fires or floods) on its own (SPEC 3.4).
pub fn category_level(tables: &Tables, s: &ShipState, c: Casualty) -> SeverityLevel {
    severity_level(
        &tables.severity_levels,
        s.spec.size,
        s.spec.service_year(),
        s.casualty_pct(c) as i64,
    )
}

/// Why `h` cannot assist another ship now (FG&DN 8.2: any fire, or more than 50 % damage).
pub fn helper_problem(h: &ShipState) -> Option<String> {
    if !h.is_afloat() {
        return Some(format!("{} is {}", h.spec.name, h.status.name()));
    }
    if h.casualty_pct(Casualty::Fire) > 0 {
        return Some(format!("{} has a fire", h.spec.name));
    }
    if (h.damage as u64) * 2 > h.spec.dp as u64 {
        return Some(format!(
            "{} has more than 50 % damage ({} of {} DP)",
            h.spec.name, h.damage, h.spec.dp
        ));
    }
    None
}

/// What an assisting ship lends: half its unshifted Minor rating; a tug its whole rating.
pub fn helper_bonus(tables: &Tables, h: &ShipState) -> u32 {
    if h.spec.tug {
        minor_rating(&tables.severity_levels, h.spec.size)
    } else {
        crew_bonus(&tables.severity_levels, h.spec.size)
    }
}

/// Indices of the ships assisting ship `i`, in scenario order.
pub fn helpers_of(state: &GameState, i: usize) -> Vec<usize> {
    let id = state.ships[i].id();
    (0..state.ships.len())
        .filter(|&k| state.ships[k].assisting.as_deref() == Some(id))
        .collect()
}

pub fn effective(state: &GameState, tables: &Tables, i: usize) -> Effective {
    let s = &state.ships[i];
    let total = s.casualty_pct(Casualty::Fire) + s.casualty_pct(Casualty::Flood);
    let crew = if s.dc_crews.is_some() {
        crew_bonus(&tables.severity_levels, s.spec.size)
    } else {
        0
    };
    let helpers: Vec<HelperBonus> = helpers_of(state, i)
        .into_iter()
        .map(|k| {
            let h = &state.ships[k];
            HelperBonus {
                id: h.id().to_string(),
                bonus: helper_bonus(tables, h),
                problem: helper_problem(h),
            }
        })
        .collect();
    let lent: u32 = helpers
        .iter()
        .filter(|h| h.problem.is_none())
        .map(|h| h.bonus)
        .sum();
    let pct = total as i64 - crew as i64 - lent as i64;
    let level = severity_level(
        &tables.severity_levels,
        s.spec.size,
        s.spec.service_year(),
        pct,
    );
    Effective {
        total,
        crew,
        helpers,
        pct,
        level,
    }
}

/// The fires (floods) that take part in a roll: burning, past their first damage, and past
/// their own first damage-control turn.
fn participants(state: &GameState, s: &ShipState, c: Casualty) -> Vec<(usize, u32)> {
    let o = &state.clock_options;
    s.casualties(c)
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            burning(f) && past_first_damage(f) && first_dc_turn(o, f) < state.clock.turn_end()
        })
        .map(|(k, f)| (k, f.pct))
        .collect()
}

/// 8.2 National Effectiveness: the modifier for the ship's navy (German, Russian -1).
fn national_modifier(nation: Option<&str>) -> i32 {
    crate::rulesets::fgdn::nation::Navy::of(nation).map_or(0, |n| n.damage_control_modifier())
}

/// Modifiers to the reduction D10 for category `c` (FG&DN 8.2, 8.3).
pub fn roll_modifiers(
    state: &GameState,
    tables: &Tables,
    s: &ShipState,
    c: Casualty,
) -> Vec<(i32, String)> {
    let mut mods = Vec::new();
    // The navy is read from the nation's name only under the optional rule (the schedule
    // asks for these modifiers at every phase).
    let national = if state.rules.national_damage_control {
        national_modifier(s.spec.nation.as_deref())
    } else {
        0
    };
    if national != 0 {
        mods.push((
            national,
            "national effectiveness (optional rule)".to_string(),
        ));
    }
    if c == Casualty::Fire {
        if s.fire_orders_ignored
            && category_level(tables, s, Casualty::Fire) >= SeverityLevel::Major
        {
            mods.push((2, "Major-fire order ignored".to_string()));
        }
        if s.equipment.crew_lost >= 4 {
            mods.push((
                2,
                format!("{} crew factors lost (8.3)", s.equipment.crew_lost),
            ));
        }
        let m = s
            .fires
            .iter()
            .filter(|f| burning(f))
            .map(|f| f.reduction_mod)
            .max()
            .unwrap_or(0);
        if m != 0 {
            mods.push((m, "fuel or ammunition fire (8.3)".to_string()));
        }
    }
    mods
}

fn column_index(level: SeverityLevel) -> usize {
    match level {
        SeverityLevel::None | SeverityLevel::Minor => 0,
        SeverityLevel::Major => 1,
        SeverityLevel::Severe => 2,
        SeverityLevel::Overwhelmed => 3,
    }
}

pub(crate) fn column_level(level: SeverityLevel) -> SeverityLevel {
    if level == SeverityLevel::None {
        SeverityLevel::Minor
    } else {
        level
    }
}

/// Spread a signed change: a reduction takes % from the smallest first (removing those that
/// reach 0) and carries on to the next; an increase goes to the largest (the first of equals).
pub fn distribute(list: &[(usize, u32)], amount: i32) -> Vec<PctChange> {
    let mut changes = Vec::new();
    if amount < 0 {
        let mut sorted = list.to_vec();
        sorted.sort_by_key(|(k, p)| (*p, *k));
        let mut left = amount.unsigned_abs();
        for (k, p) in sorted {
            if left == 0 {
                break;
            }
            let take = p.min(left);
            left -= take;
            changes.push(PctChange {
                index: k,
                from: p,
                to: p - take,
            });
        }
    } else if amount > 0 {
        let mut best: Option<(usize, u32)> = None;
        for &(k, p) in list {
            if best.is_none_or(|(_, bp)| p > bp) {
                best = Some((k, p));
            }
        }
        if let Some((k, p)) = best {
            changes.push(PctChange {
                index: k,
                from: p,
                to: p + amount as u32,
            });
        }
    }
    changes
}

/// Step 3 of SPEC 3.4: the reduction rolls due for ship `i` (fires, then flooding). Both are
/// read against the level before either ("red and blue D10s at the same time").
pub fn dc_step(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let eff = effective(&ctx.state, ctx.tables, i);
    let s = &ctx.state.ships[i];
    let mods = [
        roll_modifiers(&ctx.state, ctx.tables, s, Casualty::Fire),
        roll_modifiers(&ctx.state, ctx.tables, s, Casualty::Flood),
    ];
    for (k, c) in [Casualty::Fire, Casualty::Flood].into_iter().enumerate() {
        let due = timers::due_now(&ctx.state, ctx.tables, i);
        let why = if due.contains(&TimerKind::DcFirst(c)) {
            "third turn after it was inflicted"
        } else if due.contains(&TimerKind::DcMark(c)) {
            "intermediate mark"
        } else {
            continue;
        };
        let s = &ctx.state.ships[i];
        let list = participants(&ctx.state, s, c);
        if list.is_empty() {
            continue;
        }
        // A submarine whose flooding reached Severe has one chance to reduce it (8.2).
        let one_chance = c == Casualty::Flood
            && s.sub.as_ref().is_some_and(|u| u.flooding_chance.is_none())
            && category_level(ctx.tables, s, Casualty::Flood) >= SeverityLevel::Severe;
        let from = ctx.events.len();
        reduction_roll(ctx, i, c, why, &list, &eff, &mods[k])?;
        if one_chance {
            let reduced = ctx.events[from..]
                .iter()
                .any(|e| matches!(e, Event::DamageControl { amount, .. } if *amount < 0));
            let ship = ctx.state.ships[i].id().to_string();
            ctx.emit(Event::Submarine {
                ship,
                change: crate::rulesets::fgdn::submarine::SubChange::FloodingChance { reduced },
            });
        }
    }
    Ok(())
}

fn reduction_roll(
    ctx: &mut Ctx<'_>,
    i: usize,
    c: Casualty,
    why: &str,
    list: &[(usize, u32)],
    eff: &Effective,
    mods: &[(i32, String)],
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    let level = column_level(eff.level);
    let mod_text: String = mods.iter().map(|(m, w)| format!(", {m:+} {w}")).collect();
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!(
            "{} DC roll, {name}: effective {} %, {level} column{mod_text} ({why})",
            c.name(),
            eff.pct
        ),
    )?;
    let sum: i32 = mods.iter().map(|(m, _)| m).sum();
    let modified = if d10 == 10 {
        10
    } else {
        (d10 as i32 + sum).clamp(1, 10) as u32
    };
    let dice = ctx
        .tables
        .reduction
        .rows
        .get(modified as usize - 1)
        .map(|r| r[column_index(eff.level)])
        .unwrap_or(0);
    let verb = if dice < 0 { "reduction" } else { "increase" };
    let mut faces = Vec::new();
    for k in 0..dice.unsigned_abs() {
        let purpose = if dice.unsigned_abs() > 1 {
            format!(
                "{} {verb} D6 {} of {}, {name}",
                c.name(),
                k + 1,
                dice.unsigned_abs()
            )
        } else {
            format!("{} {verb} D6, {name}", c.name())
        };
        faces.push(ctx.roll(i, Die::D6, purpose)?);
    }
    let total: i32 = faces.iter().map(|f| *f as i32).sum();
    let amount = if dice < 0 { -total } else { total };
    let changes = distribute(list, amount);
    let die_text = if modified != d10 {
        format!("D10 {d10} -> {modified}")
    } else if d10 == 10 && sum != 0 {
        "D10 10 (a natural 10 stays 10)".to_string()
    } else {
        format!("D10 {d10}")
    };
    let result = match dice {
        0 => "no change".to_string(),
        d => format!(
            "{}{}D6% = {} {} %",
            if d < 0 { "-" } else { "+" },
            if d.abs() == 1 {
                String::new()
            } else {
                d.abs().to_string()
            },
            faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join("+"),
            if d < 0 { "off" } else { "more" }
        ),
    };
    let explain = format!(
        "{} DC ({why}): effective {} -> {level} column, {die_text}: {result}",
        c.name(),
        eff.text()
    );
    ctx.emit(Event::DamageControl {
        ship: id,
        casualty: c,
        roll: d10,
        modified,
        column: level,
        effective_pct: eff.pct,
        dice,
        amount,
        changes,
        explain,
    });
    Ok(())
}

/// Step 4 of SPEC 3.4: conflagration and capsize checks, in the Resolution Phase of a mark.
pub fn checks_step(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let due = timers::due_now(&ctx.state, ctx.tables, i);
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    if due.contains(&TimerKind::Conflagration) {
        let marks = s.conflagration_marks + 1;
        let chance = (CONFLAGRATION_STEP_PCT * marks).min(100);
        if s.magazines_flooded {
            ctx.emit(Event::ConflagrationCheck {
                ship: id.clone(),
                marks,
                chance,
                roll: None,
                exploded: false,
            });
        } else {
            let d = ctx.roll(
                i,
                Die::D100,
                format!(
                    "conflagration check, {name}: fires overwhelmed {marks} mark{} running, magazine explosion on 1-{chance}",
                    if marks == 1 { "" } else { "s" }
                ),
            )?;
            let exploded = d <= chance;
            ctx.emit(Event::ConflagrationCheck {
                ship: id.clone(),
                marks,
                chance,
                roll: Some(d),
                exploded,
            });
            if exploded {
                ctx.emit(Event::SunkAtOnce {
                    ship: id,
                    cause: format!(
                        "conflagration reached the magazines (D100 {d} <= {chance}): magazine explosion (8.2)"
                    ),
                });
                return Ok(());
            }
        }
    } else if due.contains(&TimerKind::ConflagrationEnds) {
        ctx.emit(Event::ConflagrationEnded { ship: id.clone() });
    }
    if due.contains(&TimerKind::Capsize) {
        let d = ctx.roll(
            i,
            Die::D100,
            format!("capsize check, {name}: flooding overwhelmed, capsizes on 1-{CAPSIZE_PCT}"),
        )?;
        let capsized = d <= CAPSIZE_PCT;
        ctx.emit(Event::CapsizeCheck {
            ship: id.clone(),
            roll: d,
            chance: CAPSIZE_PCT,
            capsized,
        });
        if capsized {
            ctx.emit(Event::SunkAtOnce {
                ship: id,
                cause: format!("capsized (D100 {d} <= {CAPSIZE_PCT}, flooding overwhelmed, 8.2)"),
            });
        }
    }
    Ok(())
}

fn afloat(state: &GameState, id: &str) -> Result<usize, RuleError> {
    let i = find_ship(state, id)?;
    let s = &state.ships[i];
    if !s.is_afloat() {
        return refused(format!(
            "{} ({}) is {}",
            s.spec.name,
            s.id(),
            s.status.name()
        ));
    }
    Ok(i)
}

/// `crew SHIP BATTERY`: once per battle; that battery's guns fall silent (FG&DN 8.2).
pub fn send_crews(ctx: &mut Ctx<'_>, ship: &str, battery: CrewBattery) -> Result<(), RuleError> {
    let i = afloat(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    if let Some(b) = s.dc_crews {
        return refused(format!(
            "{} already sent its {b} battery crews to damage control; a ship may do this once (8.2)",
            s.spec.name
        ));
    }
    if let Some(problem) = crate::rulesets::fgdn::effects::battery_problem(s, battery) {
        return refused(problem);
    }
    let bonus = crew_bonus(&ctx.tables.severity_levels, s.spec.size);
    ctx.emit(Event::CrewsSent {
        ship: s.id().to_string(),
        battery,
        bonus,
    });
    Ok(())
}

/// `assist HELPER SHIP` (FG&DN 8.2): at most two helpers; a helper with a fire or more than
/// 50 % damage cannot assist.
pub fn assist(ctx: &mut Ctx<'_>, helper: &str, ship: &str) -> Result<(), RuleError> {
    let h = afloat(&ctx.state, helper)?;
    let i = afloat(&ctx.state, ship)?;
    let hs = &ctx.state.ships[h];
    let ts = &ctx.state.ships[i];
    if h == i {
        return refused(format!("{} cannot assist itself", hs.spec.name));
    }
    if let Some(other) = &hs.assisting {
        return refused(format!(
            "{} is already assisting {other}: `release {}` first",
            hs.spec.name,
            hs.id()
        ));
    }
    if let Some(p) = helper_problem(hs) {
        return refused(format!(
            "{p}: it cannot assist another ship's damage control (8.2)"
        ));
    }
    if ts.assisting.is_some() {
        return refused(format!(
            "{} is itself assisting another ship: `release {}` first",
            ts.spec.name,
            ts.id()
        ));
    }
    let n = helpers_of(&ctx.state, i).len();
    if n >= MAX_HELPERS {
        return refused(format!(
            "{} already has {MAX_HELPERS} ships assisting (one per side, 8.2)",
            ts.spec.name
        ));
    }
    ctx.emit(Event::AssistStarted {
        helper: hs.id().to_string(),
        ship: ts.id().to_string(),
    });
    Ok(())
}

pub fn release(ctx: &mut Ctx<'_>, helper: &str) -> Result<(), RuleError> {
    let h = find_ship(&ctx.state, helper)?;
    let hs = &ctx.state.ships[h];
    let Some(ship) = hs.assisting.clone() else {
        return refused(format!("{} is not assisting any ship", hs.spec.name));
    };
    ctx.emit(Event::AssistReleased {
        helper: hs.id().to_string(),
        ship,
    });
    Ok(())
}

/// `magazines SHIP`: flood the magazines, in a Plotting Phase only (FG&DN 8.2).
pub fn flood_magazines(ctx: &mut Ctx<'_>, ship: &str) -> Result<(), RuleError> {
    let i = afloat(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    if ctx.state.clock.phase != Phase::Plotting {
        return refused(format!(
            "magazines are flooded in a plotting phase (it is {}); `turn` moves to the next one",
            ctx.state.clock
        ));
    }
    if s.magazines_flooded {
        return refused(format!("{}'s magazines are already flooded", s.spec.name));
    }
    ctx.emit(Event::MagazinesFlooded {
        ship: s.id().to_string(),
    });
    Ok(())
}

/// `orders SHIP ignored|obeyed`.
pub fn set_orders(ctx: &mut Ctx<'_>, ship: &str, ignored: bool) -> Result<(), RuleError> {
    let i = afloat(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    if s.fire_orders_ignored == ignored {
        return refused(format!(
            "{} already {} the Major-fire order",
            s.spec.name,
            if ignored { "ignores" } else { "obeys" }
        ));
    }
    ctx.emit(Event::FireOrders {
        ship: s.id().to_string(),
        ignored,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_take_the_smallest_first_and_carry_on() {
        let ch = distribute(&[(0, 3), (1, 2), (2, 9)], -4);
        assert_eq!(
            ch,
            vec![
                PctChange {
                    index: 1,
                    from: 2,
                    to: 0
                },
                PctChange {
                    index: 0,
                    from: 3,
                    to: 1
                }
            ]
        );
    }

    #[test]
    fn increases_go_to_the_largest() {
        let ch = distribute(&[(0, 3), (1, 9), (2, 9)], 5);
        assert_eq!(
            ch,
            vec![PctChange {
                index: 1,
                from: 9,
                to: 14
            }]
        );
        assert!(distribute(&[(0, 3)], 0).is_empty());
        // a reduction larger than everything removes everything
        let ch = distribute(&[(0, 3), (1, 2)], -12);
        assert!(ch.iter().all(|c| c.to == 0));
    }
}
