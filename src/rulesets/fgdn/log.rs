//! The FG&DN log's words: one sentence per event, worded as the table saw it (the clock at the
//! event is given; ship names and fittings come from the scenario, which does not change).
use crate::core::words::words;
use crate::rulesets::fgdn::clock::{label, Clock, Phase};
use crate::rulesets::fgdn::effects::{self, Effect};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::state::GameState;

/// A damage control change of one fire or flood: "30 % -> 20 %", or "30 % -> out" (FG&DN 8.2).
pub fn pct_change_text(c: &crate::rulesets::fgdn::event::PctChange) -> String {
    if c.to == 0 {
        format!("{} % -> out", c.from)
    } else {
        format!("{} % -> {} %", c.from, c.to)
    }
}

/// One human line for an event, or None for events that only move the clock quietly.
///
/// `at` is the clock when the event happened (`Entry::events_at` gives it): a
/// sinking's time is read on the turn grid of that moment, not on today's.
pub fn describe(state: &GameState, at: Clock, event: &Event) -> Option<String> {
    let name = |id: &str| {
        state
            .ship(id)
            .map(|s| s.spec.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    Some(match event {
        Event::DiceQueued { faces } => crate::core::dice::queued_text(faces),
        Event::Rolled { roll, .. } => format!("  roll {roll}"),
        Event::HitEntered { ship, hit } => {
            format!("{}: hit pending, {}", name(ship), hit.explain)
        }
        Event::PhaseEnded { clock } => match state.post_battle {
            Some(pb) if clock.scale == crate::rulesets::fgdn::clock::Scale::PostBattle => format!(
                "-- end of the {} h mark after the battle ({} day {}) --",
                pb.hours_at(clock.turn),
                clock.label(),
                clock.day()
            ),
            _ => format!("-- end of {} {} --", clock.label(), clock.phase.words()),
        },
        Event::ClockMoved { .. } => return None,
        Event::ScaleChanged { scale } => format!("clock scale: {scale}"),
        Event::HitsResolved { ship, total, count } => format!(
            "{}: {count} hit{} resolved, {total} DP",
            name(ship),
            if *count == 1 { "" } else { "s" }
        ),
        Event::TdsAbsorbed { ship, side, amount } => format!(
            "{}: {side} torpedo protection absorbs {amount} DP (8.1.7.2)",
            name(ship)
        ),
        Event::Damage {
            ship,
            amount,
            cause,
        } => format!("{}: {amount} DP damage ({cause})", name(ship)),
        Event::NoCriticalRoll { ship, reason } => {
            format!("{}: no critical roll: {reason}", name(ship))
        }
        Event::CriticalCount {
            ship,
            explain,
            beyond,
            ..
        } => match beyond.0 {
            Some(b) => format!("{}: {explain}, {}", name(ship), b.text()),
            None => format!("{}: {explain}", name(ship)),
        },
        Event::Critical { ship, critical } => {
            let mark = match critical.effect {
                crate::rulesets::fgdn::event::EffectStatus::Applied => "",
                crate::rulesets::fgdn::event::EffectStatus::NotImplemented => " [EFFECT NOT APPLIED]",
            };
            format!(
                "{}: CRITICAL {} ({}): {}{mark}",
                name(ship),
                words(critical.kind.name()),
                critical.cause,
                critical.detail
            )
        }
        Event::CriticalIgnored {
            ship, kind, reason, ..
        } => {
            format!(
                "{}: critical {} ignored: {reason}",
                name(ship),
                words(kind.name())
            )
        }
        Event::CasualtyStarted { ship, casualty } => {
            let when = if casualty.immediate {
                "damage at once".to_string()
            } else {
                format!(
                    "first damage {} resolution",
                    label(at.slot(casualty.first_damage, casualty.due_phase))
                )
            };
            format!(
                "{}: {} {} % starts, {when}",
                name(ship),
                casualty.casualty.name(),
                casualty.pct
            )
        }
        Event::CasualtyDamage {
            ship,
            casualty,
            amount,
            next_due,
            ..
        } => format!(
            "{}: {} does {amount} DP; next at {}",
            name(ship),
            casualty.name(),
            next_due.map(label).unwrap_or_else(|| "-".into())
        ),
        Event::MassiveDamage { ship, dp_left } => format!(
            "{}: damage ratio 3.0 or more: reduced to {dp_left} DP left (8.1.2)",
            name(ship)
        ),
        Event::KeelBroken { ship } => format!("{}: KEEL BROKEN", name(ship)),
        Event::SinkingStarted {
            ship,
            minutes,
            due,
            cause,
        } => format!(
            "{}: SINKING ({cause}) in {minutes} minutes: disappears in the movement phase of {}",
            name(ship),
            label(at.first_turn_at_or_after(*due))
        ),
        Event::Sunk { ship } => format!("{}: SUNK", name(ship)),
        Event::Adjusted {
            ship,
            field,
            old,
            new,
            reason,
        } => format!(
            "{}: umpire sets {field} {old} -> {new} (\"{reason}\")",
            name(ship)
        ),
        Event::Note { text } => format!("note: {text}"),
        Event::GunChance(g) => crate::rulesets::fgdn::chance::log_line(
            &name,
            g.firer.as_deref(),
            g.target.as_deref(),
            &g.input,
            &g.result,
            g.roll,
        ),
        Event::DamageControl {
            ship,
            changes,
            explain,
            ..
        } => {
            let after: Vec<String> = changes.iter().map(pct_change_text).collect();
            if after.is_empty() {
                format!("{}: {explain}", name(ship))
            } else {
                format!("{}: {explain} ({})", name(ship), after.join(", "))
            }
        }
        Event::CrewsSent {
            ship,
            battery,
            bonus,
        } => format!(
            "{}: {battery} battery crews sent to damage control: -{bonus} % effective (half the Minor rating); {battery} guns silent for the battle (8.2)",
            name(ship)
        ),
        Event::AssistStarted { helper, ship } => format!(
            "{} comes alongside to assist {}'s damage control (8.2)",
            name(helper),
            name(ship)
        ),
        Event::AssistReleased { helper, ship } => {
            format!("{} stops assisting {}", name(helper), name(ship))
        }
        Event::MagazinesFlooded { ship } => format!(
            "{}: MAGAZINES FLOODED: main and secondary ammunition and aircraft ordnance lost; no conflagration explosion (8.2)",
            name(ship)
        ),
        Event::HoldFlooded {
            ship, hold, lost, ..
        } => format!(
            "{}: hold {} FLOODED: all its ammunition lost ({lost} tons); its fire is out and the explosion risk ends (8.3 Cargo Damage Table)",
            name(ship),
            state
                .ship(ship)
                .and_then(|s| s.spec.cargo.get(*hold))
                .map(|h| h.hold.clone())
                .unwrap_or_else(|| format!("#{hold}"))
        ),
        Event::StowagePurged { ship, fires } => format!(
            "{}: aviation ammo/fuel stowage FLOODED/PURGED: {}; no fueling or arming of aircraft for the rest of the game (8.3 Ammo/Fuel)",
            name(ship),
            match fires.len() {
                0 => "no aviation fuel fire burning".to_string(),
                1 => "the aviation fuel fire is out".to_string(),
                n => format!("{n} aviation fuel fires are out"),
            }
        ),
        Event::FireOrders { ship, ignored } => {
            if *ignored {
                format!(
                    "{}: ignores the Major-fire order (+2 to the fire DC roll while fires are Major or worse)",
                    name(ship)
                )
            } else {
                format!("{}: obeys the Major-fire order", name(ship))
            }
        }
        Event::ConflagrationCheck {
            ship,
            marks,
            chance,
            roll,
            exploded,
        } => match roll {
            None => format!(
                "{}: conflagration, fires overwhelmed {marks} mark(s) running ({chance} %): magazines flooded, no explosion",
                name(ship)
            ),
            Some(d) => format!(
                "{}: conflagration check, fires overwhelmed {marks} mark(s) running: D100 {d} vs {chance} %: {}",
                name(ship),
                if *exploded { "MAGAZINE EXPLOSION" } else { "holds" }
            ),
        },
        Event::ConflagrationEnded { ship } => format!(
            "{}: fires no longer overwhelmed: the conflagration count starts again",
            name(ship)
        ),
        Event::CapsizeCheck {
            ship,
            roll,
            chance,
            capsized,
        } => format!(
            "{}: capsize check, flooding overwhelmed: D100 {roll} vs {chance} %: {}",
            name(ship),
            if *capsized { "CAPSIZES" } else { "stays upright" }
        ),
        Event::SunkAtOnce { ship, cause } => format!("{}: LOST at once: {cause}", name(ship)),
        Event::Effect { ship, effect } => {
            let mount = |k: &usize| {
                state
                    .ship(ship)
                    .and_then(|s| s.spec.mounts.get(*k))
                    .map(|m| format!("{} ({} battery)", m.name, m.battery))
                    .unwrap_or_else(|| format!("mount {k}"))
            };
            let text = match effect {
                Effect::MountOut { index } => format!("{} out of action", mount(index)),
                Effect::StrengthLost { index } => format!("{} loses a third", mount(index)),
                Effect::LoadsLost { index } => format!("{}: its weapons are gone", mount(index)),
                Effect::DirectorLost { battery, left } => {
                    format!("{battery} director lost ({left} left)")
                }
                Effect::FireControlDamaged { what } => what.clone(),
                Effect::SensorOut { what } => format!("{what} destroyed"),
                Effect::CommsOut { what } => format!("{what} destroyed"),
                Effect::BridgeOut { until } => {
                    format!(
                        "bridge out until the end of {} resolution",
                        label(at.slot(*until, Phase::Resolution))
                    )
                }
                Effect::BridgeRemanned => {
                    "bridge re-manned: course and speed changes now take two turns (8.3)".into()
                }
                Effect::RudderJammed {
                    first_attempt,
                    direction,
                } => format!(
                    "rudder jammed{}; first unjam attempt at {}",
                    direction
                        .map(|d| format!(" (if steering evasively: {})", d.name()))
                        .unwrap_or_default(),
                    label(at.slot(*first_attempt, Phase::Plotting))
                ),
                Effect::RudderDisabled => "rudder disabled".into(),
                Effect::RudderUnjam {
                    roll,
                    chance,
                    freed,
                    next,
                } => format!(
                    "rudder unjam attempt: D10 {roll} vs {chance} %: {}",
                    if *freed {
                        "FREED".to_string()
                    } else {
                        match next {
                            Some(n) => format!(
                                "still jammed, next attempt at {}",
                                label(at.after_phase().slot(*n, Phase::Plotting))
                            ),
                            None => "still jammed: it cannot be freed during the battle".into(),
                        }
                    }
                ),
                Effect::CrewFactorLost => "crew factor lost".into(),
                Effect::FlotationHit => "flotation hit".into(),
                other => effects::effect_text(state.ship(ship), other),
            };
            format!("{}: {text}", name(ship))
        }
        Event::BattleEnded { at, sea_state } => format!(
            "== END OF THE BATTLE at {} (day {}): post-battle repairs at 6, 12, 24 and 48 hours; sea state {sea_state} (8.4) ==",
            label(*at),
            crate::rulesets::fgdn::clock::day(*at)
        ),
        Event::CasualtiesSecured {
            ship,
            fires,
            floods,
        } => {
            let mut what = Vec::new();
            if *fires > 0 {
                what.push(format!("fires ({fires} %)"));
            }
            if *floods > 0 {
                what.push(format!("flooding ({floods} %)"));
            }
            format!(
                "{}: {} brought under control after the battle",
                name(ship),
                what.join(" and ")
            )
        }
        Event::FloodingPumped {
            ship,
            restored,
            flood_damage,
        } => format!(
            "{}: half of the {flood_damage} DP of flooding pumped out: {restored} DP back; the patch may pop at each mark (8.4)",
            name(ship)
        ),
        Event::RepairsListed { ship, items } => format!(
            "{}: to repair: {}",
            name(ship),
            items
                .iter()
                .map(|i| i.what.clone())
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Event::RepairRoll {
            ship,
            index,
            hours,
            roll,
            chance,
            repaired,
        } => {
            let what = state
                .ship(ship)
                .and_then(|s| s.repairs.get(*index))
                .map(|i| i.what.clone())
                .unwrap_or_default();
            let verdict = if *repaired {
                "REPAIRED"
            } else if *hours >= 48 {
                "fails: cannot be repaired at sea"
            } else {
                "not yet"
            };
            format!(
                "{}: repair roll {hours} h, {what}: D100 {roll} vs {chance} %: {verdict}",
                name(ship)
            )
        }
        Event::PatchCheck {
            ship,
            hours,
            chance,
            roll,
            popped,
            explain,
        } => match roll {
            // A submarine below periscope depth: the patch pops without a roll (8.4).
            None if *popped => format!(
                "{}: flooding patch check {hours} h: {explain}: PATCH POPS, flooding",
                name(ship)
            ),
            None => format!(
                "{}: flooding patch check {hours} h: {explain}: holds",
                name(ship)
            ),
            Some(r) => format!(
                "{}: flooding patch check {hours} h ({explain}): D100 {r} vs {chance} %: {}",
                name(ship),
                if *popped { "PATCH POPS, flooding" } else { "holds" }
            ),
        },
        Event::FireRestart {
            ship,
            hours,
            chance,
            roll,
            restarted,
            ..
        } => format!(
            "{}: fire restart check {hours} h: D100 {roll} vs {chance} %: {}",
            name(ship),
            if *restarted { "FIRE RESTARTS" } else { "stays out" }
        ),
        Event::PostBattleFinished => {
            "== 48 hours after the battle: the post-battle timeline is over ==".into()
        }
        Event::SeaStateSet { sea_state } => format!("sea state {sea_state}"),
        Event::ServiceabilityChecked => "equipment serviceability rolled (8.5)".into(),
        Event::Breakdown {
            ship,
            what,
            roll,
            chance,
            ..
        } => format!(
            "{}: BREAKDOWN: {what}, D100 {roll} vs {chance} %: out for the battle (8.5)",
            name(ship)
        ),
        Event::Grounded { ship, how } => format!(
            "{}: {}: destroyed only at twice its DP, flooding criticals -2 severity, does not move (8.1.5)",
            name(ship),
            how.name().to_uppercase()
        ),
        Event::Refloated { ship } => format!("{}: refloated (8.1.5)", name(ship)),
        Event::Rescue(r) => crate::rulesets::fgdn::rescue::text(state, r),
        Event::Airship(a) => crate::rulesets::fgdn::airship::text(&name(&a.ship), a),
        Event::Flight(f) => crate::rulesets::fgdn::flight::text(&name(&f.ship), f),
        Event::CrewTransfer(t) => crate::rulesets::fgdn::transfer::text(t, &name(&t.from), &name(&t.to)),
        Event::Submarine { ship, change } => format!(
            "{}: {}",
            name(ship),
            crate::rulesets::fgdn::submarine::change_text(change)
        ),
        Event::StaysGrounded { ship, cause } => format!(
            "{}: {cause}, but beached or aground it does not sink (8.1.5)",
            name(ship)
        ),
    })
}
