//! The rules of the naval part, decided into events: [`decide`] for a command, [`end_phase`]
//! for what the end of a step fires (from [`super::timers`]). Dice and chart values come from
//! an [`Oracle`]: the journal's dice (queued, typed or rolled) and the umpire's chart reads.
use super::command::Command;
use super::event::Ev;
use super::ship::{Armament, GunType, HitResult, Status, TradeKind};
use super::state::TorpedoHits;
use super::tables::Landing;
use super::timers::{due_now, TimerKind};
use super::Phase;
use crate::core::dice::{ChartRead, ChartRequest, Die};

/// The chart of the one cell our text cannot show (and any cell an owner marks `unknown`).
pub const HIT_CHART: &str = "Resolving hits on Ships";
/// The values a hit's chart read may take: FP lost, or minor damage.
pub const HIT_VALUES: &[&str] = &["2", "1", "minor"];

pub use crate::core::turns::Oracle;

/// The working context of one late-19th decision (the shared numbered-turn one).
pub type Cx<'a> = crate::core::turns::Cx<'a, super::game::Late19>;

impl Cx<'_> {
    fn d6(&mut self, purpose: String) -> Result<u32, String> {
        self.roll(Die::D6, purpose)
    }

    /// A ship that is in the battle (not sunk), by id.
    fn ship(&self, role: &str, id: &str) -> Result<usize, String> {
        let i = self.state.index(id).ok_or_else(|| {
            let ids: Vec<&str> = self.state.ships.iter().map(|s| s.id()).collect();
            format!(
                "{role} \"{id}\" is not in this scenario (ships: {})",
                ids.join(", ")
            )
        })?;
        let s = &self.state.ships[i];
        if s.sunk_turn.is_some() {
            return Err(format!("{} has sunk", s.spec.name));
        }
        Ok(i)
    }

    fn name(&self, i: usize) -> String {
        self.state.ships[i].spec.name.clone()
    }

    /// Resolving hits on Ships rule a: one hit on ship `i`, a D6 on the weapon's row and the
    /// target type's column; an `unknown` cell is asked as a chart read.
    pub fn resolve_hit(
        &mut self,
        i: usize,
        by: Option<String>,
        weapon: GunType,
    ) -> Result<(), String> {
        let kind = self.state.ships[i].spec.kind;
        let tv = self.tables.of(kind).clone();
        let target = self.name(i);
        let face = self.d6(format!(
            "hit on {target} by {} (Resolving hits on Ships)",
            weapon.words()
        ))?;
        let cell = self.tables.hit(weapon, kind).clone();
        let result = match cell.results {
            Some(r) => r[face as usize - 1],
            None => {
                let line = format!("{} on a {}, die score {face}", weapon.words(), tv.name);
                let purpose = format!("the hit on {target}: FP lost (2 or 1) or minor");
                let request = ChartRequest {
                    chart: HIT_CHART,
                    line: &line,
                    allowed: HIT_VALUES,
                    purpose: &purpose,
                };
                let queued = self.state.chart_queue.front().cloned();
                let (value, provenance) = self.oracle.chart(queued.as_deref(), &request)?;
                self.emit(Ev::L19ChartRead {
                    read: ChartRead {
                        chart: HIT_CHART.into(),
                        line,
                        value: value.clone(),
                        purpose,
                        provenance,
                    },
                });
                match value.as_str() {
                    "2" => HitResult::Lose2,
                    "1" => HitResult::Lose1,
                    _ => HitResult::Minor,
                }
            }
        };
        let before = self.state.ships[i].fp(&tv);
        let lost = result.fp().min(before);
        let after = before - lost;
        let ship = self.state.ships[i].id().to_string();
        self.emit(Ev::L19Hit {
            ship: ship.clone(),
            by,
            weapon,
            face,
            result,
            cell: cell.provenance,
            lost,
            fp_left: after,
        });
        if before > tv.critical_point && after <= tv.critical_point && after > 0 {
            self.emit(Ev::L19BreakOff {
                ship: ship.clone(),
                fp_left: after,
            });
        }
        if before > 0 && after == 0 {
            self.emit(Ev::L19Sinking { ship });
        }
        Ok(())
    }
}

fn need_phase(now: Phase, want: Phase, what: &str, rule: &str) -> Result<(), String> {
    if now == want {
        Ok(())
    } else {
        Err(format!(
            "{what} in the {want} step ({rule}); it is the {now} step: `until TURN {want}`"
        ))
    }
}

/// The initiative throw: a D6 per side, the lowest moves first (Turn Sequence 3); a tie is not
/// settled by the text.
fn throw_initiative(cx: &mut Cx<'_>, turn: u32) -> Result<(), String> {
    let sides = cx.state.sides();
    let mut throws = Vec::new();
    for side in sides {
        let face = cx.d6(format!("initiative, {side} (Turn Sequence 3)"))?;
        throws.push((side, face));
    }
    let low = throws.iter().map(|(_, f)| *f).min().unwrap_or(0);
    let lowest: Vec<&(String, u32)> = throws.iter().filter(|(_, f)| *f == low).collect();
    let first = (lowest.len() == 1).then(|| lowest[0].0.clone());
    cx.emit(Ev::L19Initiative {
        turn,
        throws,
        first,
    });
    Ok(())
}

/// Decide one command at (turn, phase).
pub fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, cmd: &Command) -> Result<(), String> {
    match cmd {
        Command::Chart(values) => {
            if let Some(bad) = values
                .iter()
                .find(|v| !HIT_VALUES.iter().any(|a| a.eq_ignore_ascii_case(v)))
            {
                return Err(format!(
                    "\"{bad}\" is not a value of {HIT_CHART} (one of: {})",
                    HIT_VALUES.join(", ")
                ));
            }
            cx.emit(Ev::L19ChartQueued {
                values: values.clone(),
            });
            Ok(())
        }
        Command::Guns {
            ship,
            target,
            armament,
            n,
            range,
            los,
            cover,
            moved,
        } => {
            need_phase(phase, Phase::Guns, "guns fire", "Turn Sequence 1")?;
            let i = cx.ship("ship", ship)?;
            let t = cx.ship("target", target)?;
            if i == t {
                return Err("a ship does not fire at herself".into());
            }
            let s = cx.state.ships[i].clone();
            let tv = cx.tables.of(s.spec.kind);
            let gun = match armament {
                Armament::Main => tv.main_gun,
                Armament::Secondary => tv.secondary_gun,
            }
            .map(|(g, _)| g)
            .ok_or_else(|| format!("a {} has no {armament} armament (Definitions)", tv.name))?;
            if let Some(already) = s.target_in(turn, *armament) {
                let rule = if *armament == Armament::Main {
                    "b"
                } else {
                    "c"
                };
                return Err(format!(
                    "{} has fired her {armament} armament this turn (at {already}): one target a turn (Firing Guns rule {rule})",
                    s.spec.name
                ));
            }
            let guns = s.guns(*armament);
            if guns == 0 {
                return Err(format!("{} has no {armament} guns left", s.spec.name));
            }
            let firing = match n {
                Some(0) => return Err("n: at least one gun fires".into()),
                Some(k) if *k > guns => {
                    return Err(format!(
                        "n {k}: {} has {guns} {armament} gun{} (rule e: only guns that bear fire)",
                        s.spec.name,
                        if guns == 1 { "" } else { "s" }
                    ))
                }
                Some(k) => *k,
                None => guns,
            };
            let reach = cx.tables.guns.range[&gun];
            if let Some(r) = range {
                if *r > reach {
                    return Err(format!(
                        "range {r}: {} reach {reach} hexes (Firing Guns)",
                        gun.words()
                    ));
                }
            }
            let g = cx.tables.guns.clone();
            let mut modifier: i32 = 0;
            let mut why = Vec::new();
            if *cover {
                modifier = modifier.saturating_add(g.cover);
                why.push(format!("{:+} target in cover", g.cover));
            }
            if *los {
                modifier = modifier.saturating_add(g.direct_line_of_sight);
                why.push(format!("{:+} direct line-of-sight", g.direct_line_of_sight));
            }
            let target_id = cx.state.ships[t].id().to_string();
            if turn > 1 && s.fired_at_in(turn - 1, &target_id) {
                modifier = modifier.saturating_add(g.same_target_previous_turn);
                why.push(format!(
                    "{:+} same target the previous turn",
                    g.same_target_previous_turn
                ));
            }
            if !*moved {
                modifier = modifier.saturating_add(g.not_moved);
                why.push(format!("{:+} not moved this turn", g.not_moved));
            }
            let dice = firing.min(g.max_dice);
            cx.emit(Ev::L19GunsFired {
                ship: s.id().to_string(),
                target: target_id.clone(),
                armament: *armament,
                gun,
                turn,
                dice,
                modifier,
                why,
            });
            let target_name = cx.name(t);
            for k in 1..=dice {
                let face = cx.d6(format!(
                    "{} {armament} gun die {k} of {dice} at {target_name}",
                    s.spec.name
                ))?;
                let score = (face as i32).saturating_add(modifier);
                let lands = cx.tables.lands(score);
                cx.emit(Ev::L19Landed {
                    ship: s.id().to_string(),
                    face,
                    score,
                    lands,
                });
                if lands == Landing::Target {
                    cx.resolve_hit(t, Some(s.id().to_string()), gun)?;
                }
            }
            Ok(())
        }
        Command::Torpedo {
            ship,
            target,
            range,
        } => {
            need_phase(
                phase,
                Phase::Torpedoes,
                "torpedoes are fired",
                "Turn Sequence 2",
            )?;
            let i = cx.ship("ship", ship)?;
            let s = cx.state.ships[i].clone();
            let rules = cx.tables.torpedoes;
            if !s.spec.torpedoes {
                return Err(format!(
                    "{} is not equipped to fire torpedoes (Firing Torpedoes rule e; the scenario's torpedoes = true)",
                    s.spec.name
                ));
            }
            if s.torpedo_turn == Some(turn) && rules.per_turn <= 1 {
                return Err(format!(
                    "{} has fired a torpedo this turn: one a turn (Firing Torpedoes rule f)",
                    s.spec.name
                ));
            }
            if s.torpedoes_fired >= rules.per_battle {
                return Err(format!(
                    "{} has fired her {} torpedoes: {} a battle (Firing Torpedoes rule f)",
                    s.spec.name, s.torpedoes_fired, rules.per_battle
                ));
            }
            if let Some(r) = range {
                if *r > rules.range {
                    return Err(format!(
                        "range {r}: torpedoes run {} hexes (Firing Torpedoes rule a)",
                        rules.range
                    ));
                }
            }
            let t = match target {
                Some(x) => {
                    let t = cx.ship("target", x)?;
                    if t == i {
                        return Err("a ship does not torpedo herself".into());
                    }
                    Some(t)
                }
                None => None,
            };
            cx.emit(Ev::L19TorpedoFired {
                ship: s.id().to_string(),
                target: t.map(|t| cx.state.ships[t].id().to_string()),
                turn,
            });
            let Some(t) = t else { return Ok(()) };
            let target_name = cx.name(t);
            let mut count = 0;
            for k in 1..=rules.dice {
                let face = cx.d6(format!(
                    "torpedo die {k} of {} at {target_name} (Firing Torpedoes rule i)",
                    rules.dice
                ))?;
                if face >= rules.hit_from {
                    count += 1;
                }
            }
            let hits = match cx.state.options.torpedo_hits {
                TorpedoHits::Any => count.min(1),
                TorpedoHits::PerDie => count,
            };
            let target_id = cx.state.ships[t].id().to_string();
            cx.emit(Ev::L19TorpedoResult {
                ship: s.id().to_string(),
                target: target_id,
                hits,
            });
            for _ in 0..hits {
                cx.resolve_hit(t, Some(s.id().to_string()), GunType::Torpedo)?;
            }
            Ok(())
        }
        Command::Hit { ship, weapon, from } => {
            let i = cx.ship("ship", ship)?;
            let by = match from {
                Some(f) => Some(cx.state.ships[cx.ship("from", f)?].id().to_string()),
                None => None,
            };
            cx.resolve_hit(i, by, *weapon)
        }
        Command::Mine { ship } => {
            let i = cx.ship("ship", ship)?;
            cx.resolve_hit(i, Some("mine".into()), GunType::Torpedo)
        }
        Command::Trade { ship, kind, fp } => {
            let i = cx.ship("ship", ship)?;
            let s = cx.state.ships[i].clone();
            let tv = cx.tables.of(s.spec.kind);
            if *fp > s.lost_this_phase {
                return Err(format!(
                    "{} lost {} FP in this step: only FP lost in the step may be traded off (rule b; docs/rules-notes-late19-naval.md)",
                    s.spec.name, s.lost_this_phase
                ));
            }
            let t = cx.tables.trade;
            let (given_up, left, what) = match kind {
                TradeKind::Move => (
                    fp.saturating_mul(t.movement_per_fp),
                    s.movement(tv),
                    "hexes of movement",
                ),
                TradeKind::Main => (fp.saturating_mul(t.main_per_fp), s.main_guns(), "main guns"),
                TradeKind::Secondary => (
                    fp.saturating_mul(t.secondary_per_fp),
                    s.secondary_guns(),
                    "secondary guns",
                ),
            };
            if given_up > left {
                return Err(format!(
                    "{} has {left} {what}: {fp} FP would give up {given_up}",
                    s.spec.name
                ));
            }
            cx.emit(Ev::L19Traded {
                ship: s.id().to_string(),
                kind: *kind,
                fp: *fp,
                given_up,
            });
            Ok(())
        }
        Command::Initiative => {
            need_phase(
                phase,
                Phase::Initiative,
                "the sides throw for initiative",
                "Turn Sequence 3",
            )?;
            if let Some(x) = &cx.state.initiative {
                if x.turn == turn && x.first.is_some() {
                    return Err(format!(
                        "initiative is thrown this turn: {} moves first",
                        x.first.as_deref().unwrap_or("")
                    ));
                }
            }
            throw_initiative(cx, turn)
        }
    }
}

/// The end of (turn, phase): exactly what the schedule lists as due now.
pub fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
    for d in due_now(&cx.state, cx.tables, turn, phase) {
        match d.kind {
            TimerKind::TradeClosed => {
                if let Some(i) = d.ship {
                    let ship = cx.state.ships[i].id().to_string();
                    cx.emit(Ev::L19TradeClosed { ship });
                }
            }
            TimerKind::Initiative => throw_initiative(cx, turn)?,
            TimerKind::Sinks => {
                if let Some(i) = d.ship {
                    let s = &cx.state.ships[i];
                    if s.status(cx.tables.of(s.spec.kind)) == Status::Sinking {
                        let ship = s.id().to_string();
                        cx.emit(Ev::L19Sank { ship, turn });
                    }
                }
            }
        }
    }
    Ok(())
}
