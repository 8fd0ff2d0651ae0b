//! The rules of Quickfire, decided into events: [`decide`] for a command, [`end_phase`] for
//! what the end of a phase fires (from [`super::timers`]). Dice and chart values come from the
//! journal's oracle: dice queued, typed or rolled, and the umpire's chart reads for every
//! Combat Chart cell the text does not print (SPEC 8).
use super::command::Command;
use super::event::Ev;
use super::ship::{Arc, Code, Effect, GSource, Hit, Outcome, Range, Rating, RepairItem};
use super::state::{PbRof, SecondGunnery};
use super::tables::{ratio_pct, LineKey, Movement, Provenance};
use super::timers::{due_now, TimerKind};
use super::Phase;
use crate::core::dice::{ChartRead, ChartRequest, Die, SEVERAL};

/// The working context of one Quickfire decision (the shared numbered-turn one).
pub type Cx<'a> = crate::core::turns::Cx<'a, super::game::Quickfire>;

/// « 4.1 D: the direction die, face 1-6 to degrees (negative: left).
pub const DIRECTION: [i32; 6] = [-90, -45, -45, 45, 45, 90];

/// « 2.1 Maximum Turn Angles, by the speed box in use (index 0: the first box).
pub const TURN_ANGLE: [u32; 8] = [0, 45, 45, 90, 90, 90, 90, 45];

/// When a damage point takes effect: marked until the end of a gunnery phase, or at once.
#[derive(Debug, Clone, Copy)]
pub struct At {
    pub pending: bool,
    pub turn: u32,
}

impl At {
    pub fn phase(phase: Phase, turn: u32) -> At {
        At {
            pending: phase.is_gunnery(),
            turn,
        }
    }
    pub fn now(turn: u32) -> At {
        At {
            pending: false,
            turn,
        }
    }
}

/// The most damage codes one command may work through (a chart whose cells send B to E to B
/// forever is refused, not looped).
const MAX_CODES: u32 = 60;

/// Every value a code line's chart read may take.
fn code_values(key: LineKey) -> Vec<&'static str> {
    let mut v = vec!["n/e"];
    v.extend(key.words());
    v.extend(Code::ALL.iter().map(|c| c.letter()));
    v.push(SEVERAL);
    v
}

const NUMBERS: [&str; 13] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
];

impl Cx<'_> {
    fn d6(&mut self, purpose: impl AsRef<str>) -> Result<u32, String> {
        self.roll(Die::D6, purpose)
    }

    /// 2D6, each die with its purpose.
    fn two_d6(&mut self, purpose: &str) -> Result<u32, String> {
        let a = self.d6(format!("{purpose} (die 1 of 2)"))?;
        let b = self.d6(format!("{purpose} (die 2 of 2)"))?;
        Ok(a + b)
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

    fn id(&self, i: usize) -> String {
        self.state.ships[i].id().to_string()
    }

    /// A chart value the tables do not hold, asked of the umpire (SPEC 8).
    fn read(
        &mut self,
        chart: &str,
        line: String,
        allowed: &[&str],
        purpose: String,
    ) -> Result<String, String> {
        if self.state.options.remember_chart_reads {
            let known = self
                .state
                .chart_cells
                .get(&super::state::cell_key(chart, &line))
                .cloned();
            if let Some(value) = known {
                self.emit(Ev::QfRecalled {
                    chart: chart.into(),
                    line,
                    value: value.clone(),
                });
                return Ok(value);
            }
        }
        let queued = self.state.chart_queue.front().cloned();
        let request = ChartRequest {
            chart,
            line: &line,
            allowed,
            purpose: &purpose,
        };
        let (value, provenance) = self.oracle.chart(queued.as_deref(), &request)?;
        self.emit(Ev::QfChartRead {
            read: ChartRead {
                chart: chart.into(),
                line,
                value: value.clone(),
                purpose,
                provenance,
            },
        });
        Ok(value)
    }

    fn cell(&mut self, chart: &str, line: String, value: String, provenance: Provenance) {
        self.emit(Ev::QfCell {
            chart: chart.into(),
            line,
            value,
            provenance,
        });
    }

    /// A number the tables do not hold, asked of the umpire.
    fn read_number(
        &mut self,
        chart: &str,
        line: String,
        allowed: &[&str],
        purpose: String,
    ) -> Result<u32, String> {
        let v = self.read(chart, line, allowed, purpose)?;
        v.parse()
            .map_err(|_| format!("{chart}: \"{v}\" is not a number"))
    }

    /// Roll a Damage or Blast Damage line: the tables' cell, else a chart read.
    fn line(&mut self, key: LineKey, roll: u32, purpose: String) -> Result<Outcome, String> {
        let line = format!("{}, roll {roll}", key.line());
        if let Some(c) = self.tables.line(key, roll).cloned() {
            self.cell(key.chart(), line, c.value.to_string(), c.provenance);
            return Ok(c.value);
        }
        let allowed = code_values(key);
        let v = self.read(key.chart(), line, &allowed, purpose)?;
        Outcome::parse(&v)
    }

    /// « 4.1: a damage code on ship `i`. B and E roll their Damage-table line and D its
    /// direction die at once; the other codes are damage points marked on the log, taking
    /// effect at the end of a gunnery phase (« 1.4 2 and 3) or at once in any other phase.
    pub fn code(
        &mut self,
        i: usize,
        code: Code,
        from: GSource,
        repairable: bool,
        at: At,
        budget: &mut u32,
    ) -> Result<(), String> {
        *budget = budget
            .checked_sub(1)
            .ok_or("more than 60 damage codes from one command: check the chart values read")?;
        let name = self.name(i);
        let hit = match code {
            Code::B | Code::E => {
                let key = if code == Code::B {
                    LineKey::Blast
                } else {
                    LineKey::Explosion
                };
                let roll = self.two_d6(&format!("{} on {name}, Damage table", code.words()))?;
                let out = self.line(
                    key,
                    roll,
                    format!("the {} on {name} (« 4.1 {})", code.words(), code.letter()),
                )?;
                let mut k = 0;
                if let Outcome::Codes(codes) = out {
                    for c in codes {
                        let from = match (code, c) {
                            (Code::E, Code::G) => {
                                k += 1;
                                GSource::Explosion(k - 1)
                            }
                            _ => GSource::Blast,
                        };
                        self.code(i, c, from, true, at, budget)?;
                    }
                }
                return Ok(());
            }
            Code::D => {
                let face = self.d6(format!("direction of the D hit on {name} (« 4.1 D)"))?;
                Hit::D {
                    degrees: DIRECTION[face as usize - 1],
                }
            }
            Code::F => Hit::F,
            Code::G => Hit::G { from },
            Code::R => Hit::R,
            Code::S => Hit::S { repairable },
            Code::T => Hit::T,
        };
        self.mark(i, hit, at, budget)
    }

    /// Mark a damage point: pending in a gunnery phase, applied at once otherwise.
    fn mark(&mut self, i: usize, hit: Hit, at: At, budget: &mut u32) -> Result<(), String> {
        if at.pending {
            let ship = self.id(i);
            self.emit(Ev::QfMarked { ship, hit });
            Ok(())
        } else {
            self.apply_hit(i, hit, at.turn, budget)
        }
    }

    /// « 4.1: one damage point's effect with its cascade (G: HROF > LROF > T > R > F; T: > R >
    /// F; R: > F), and the check every T-hit makes on the Damage table.
    pub fn apply_hit(
        &mut self,
        i: usize,
        hit: Hit,
        turn: u32,
        budget: &mut u32,
    ) -> Result<(), String> {
        *budget = budget
            .checked_sub(1)
            .ok_or("more than 60 damage codes from one command: check the chart values read")?;
        let s = self.state.ships[i].clone();
        let mut via: Vec<String> = Vec::new();
        // A G hit takes ROF points in the order of its source.
        let mut t_hit = false;
        let mut cascade_t = false;
        let effect = match hit {
            Hit::S { repairable } => Effect::Speed { repairable },
            Hit::F => Effect::Fire,
            Hit::D { degrees } => Effect::Direction { degrees },
            Hit::R => Effect::Repair,
            Hit::T => {
                t_hit = true;
                Effect::Torpedo
            }
            Hit::G { from } => {
                let higher = if s.spec.gunnery.light > s.spec.gunnery.heavy {
                    Rating::Light
                } else {
                    Rating::Heavy
                };
                let order: Vec<Rating> = match from {
                    GSource::Heavy => vec![Rating::Heavy, Rating::Light],
                    GSource::Light => vec![Rating::Light],
                    GSource::Blast => vec![higher, higher.other()],
                    GSource::Explosion(k) if k % 2 == 0 => vec![higher, higher.other()],
                    GSource::Explosion(_) => vec![higher.other(), higher],
                };
                match order.iter().find(|r| s.rof(**r) > 0) {
                    Some(r) => Effect::Rof { rating: *r },
                    None => {
                        for r in &order {
                            via.push(format!("{r} ROF 0"));
                        }
                        t_hit = true;
                        cascade_t = true;
                        Effect::Torpedo
                    }
                }
            }
        };
        let mut effect = effect;
        let mut check_t = false;
        if t_hit {
            if s.spec.torpedo == 0 {
                // « 4.1 T: "T-hits do not apply to ships which had no torpedo rating".
                if cascade_t {
                    via.push("no torpedo rating: R".into());
                    effect = Effect::Repair;
                } else {
                    via.push("no torpedo rating".into());
                    effect = Effect::NoEffect;
                }
            } else {
                check_t = true;
                if cascade_t {
                    via.push("T".into());
                }
                if s.torpedo() == 0 {
                    via.push("torpedo rating 0: R".into());
                    effect = Effect::Repair;
                }
            }
        }
        if effect == Effect::Repair && s.repair_points() == 0 {
            via.push("no repair points: F".into());
            effect = Effect::Fire;
        }
        let ship = self.id(i);
        self.emit(Ev::QfApplied {
            ship,
            hit,
            effect,
            via: via.join(", "),
            turn,
        });
        if check_t {
            let name = self.name(i);
            let roll = self.two_d6(&format!("T-hit check on {name}, Damage table (« 4.1 T)"))?;
            let out = self.line(
                LineKey::TorpedoCheck,
                roll,
                format!("the check of the T-hit on {name} (« 4.1 T)"),
            )?;
            if let Outcome::Codes(codes) = out {
                for c in codes {
                    self.code(i, c, GSource::Blast, true, At::now(turn), budget)?;
                }
            }
        }
        Ok(())
    }
}

fn need_phase(now: Phase, want: &[Phase], what: &str, rule: &str) -> Result<(), String> {
    if want.contains(&now) {
        return Ok(());
    }
    let names: Vec<&str> = want.iter().map(|p| p.as_str()).collect();
    Err(format!(
        "{what} in the {} phase ({rule}); it is the {now} phase: `until TURN {}`",
        names.join(" or "),
        names[0]
    ))
}

/// « 3.0 Gunnery: one salvo.
#[allow(clippy::too_many_arguments)]
fn fire(
    cx: &mut Cx<'_>,
    turn: u32,
    phase: Phase,
    ship: &str,
    target: &str,
    rating: Rating,
    range: Range,
    arc: Arc,
    moved: bool,
) -> Result<(), String> {
    need_phase(
        phase,
        &[Phase::FirstGunnery, Phase::SecondGunnery],
        "guns fire",
        "« 1.4 2 and 3",
    )?;
    let i = cx.ship("ship", ship)?;
    let t = cx.ship("target", target)?;
    if i == t {
        return Err("a ship does not fire at herself".into());
    }
    let s = cx.state.ships[i].clone();
    let tg = cx.state.ships[t].clone();
    let name = s.spec.name.clone();
    if phase == Phase::SecondGunnery {
        if s.fired_first_gunnery(turn) {
            return Err(format!(
                "{name} passed her ROF roll in First Gunnery: she may not fire in this round (« 1.4 3)"
            ));
        }
        if cx.state.options.second_gunnery == SecondGunnery::FailedOnly
            && !s.tried_first_gunnery(turn)
        {
            return Err(format!(
                "{name} did not fire in First Gunnery: only ships which failed the ROF roll there fire again (« 1.4 3; the option second_gunnery = \"not_passed\" reads it otherwise)"
            ));
        }
    }
    if s.spec.gunnery.of(rating) == 0 || s.spec.rof.of(rating) == 0 {
        return Err(format!("{name} has no {rating} gunnery"));
    }
    if let Some(x) = s.salvo(turn, phase, rating) {
        return Err(format!(
            "{name} has fired her {rating} gunnery in this phase (at {}): one target per gunnery rating (« 3.1)",
            x.target
        ));
    }
    if let Some(x) = s.salvo(turn, phase, rating.other()) {
        if range != Range::Pb || x.range != Range::Pb {
            return Err(format!(
                "{name} has fired her {} gunnery in this phase: at short and long range only one rating fires a phase; both only at point blank (« 3.0 Gunnery Rating)",
                rating.other()
            ));
        }
    }
    if rating == Rating::Heavy && moved && tg.spec.size <= 2 {
        return Err(format!(
            "no heavy fire at {} (size {}) after she moved more than two cables this turn (« 3.0 Gunnery Rating)",
            tg.spec.name, tg.spec.size
        ));
    }
    let mut rof = s.rof(rating);
    if rof == 0 {
        return Err(format!(
            "{name}'s {rating} ROF is 0: she cannot fire it (« 4.1 G)"
        ));
    }
    let mut why = Vec::new();
    if arc != Arc::Broadside {
        rof /= 2;
        why.push(format!(
            "{} arc: ROF halved, rounding down (« 3.1 Arcs-of-Fire)",
            arc.as_str()
        ));
    }
    let mut modifier: i32 = 0;
    if !s.first_fired {
        modifier -= 1;
        why.push("-1 1st Fire".into());
    }
    if s.last_rof
        .is_some_and(|(at, ok)| !ok && (at == turn || at.saturating_add(1) == turn))
        && (cx.state.options.first_fire_stacks || modifier == 0)
    {
        modifier -= 1;
        why.push("-1 failed last ROF roll".into());
    }
    let target_name = tg.spec.name.clone();
    // One ROF roll for both ratings at point blank: the other salvo's die and modifiers.
    let shared = match (cx.state.options.pb_rof, range) {
        (PbRof::Shared, Range::Pb) => s
            .salvo(turn, phase, rating.other())
            .filter(|x| x.range == Range::Pb)
            .map(|x| (x.black, x.modifier)),
        _ => None,
    };
    if let Some((_, m)) = shared {
        modifier = m;
        why.retain(|w| !w.starts_with("-1"));
        if m != 0 {
            why.push(format!("{m:+} as the shared roll"));
        }
    }
    let black = match shared {
        Some((b, _)) => b,
        None => cx.d6(format!(
            "{name} {rating} fire at {target_name}: ROF die (black)"
        ))?,
    };
    let w1 = cx.d6(format!(
        "{name} {rating} fire at {target_name}: gunnery die (white 1)"
    ))?;
    let w2 = cx.d6(format!(
        "{name} {rating} fire at {target_name}: gunnery die (white 2)"
    ))?;
    let fired = (black as i32 + modifier) <= rof as i32;
    cx.emit(Ev::QfSalvo {
        ship: s.id().to_string(),
        target: tg.id().to_string(),
        rating,
        range,
        arc,
        turn,
        phase,
        rof,
        why,
        modifier,
        black,
        whites: [w1, w2],
        shared: shared.is_some(),
        fired,
    });
    if !fired {
        return Ok(());
    }
    // The white dice against the Gun/Armor column.
    let gun = s.spec.gunnery.of(rating);
    let armor = tg.spec.armor.of(rating);
    let pct = ratio_pct(gun, armor);
    let column = cx.tables.column(gun, armor).cloned();
    let line = format!("Gun/Armor {gun}/{armor} = {pct}% (the column at or below it), Die Roll");
    let purpose = format!("{name} {rating} fire at {target_name} (« 3.0 Gunnery Table)");
    let die_roll = match column.as_ref().and_then(|c| c.die_roll.clone()) {
        Some(d) => {
            cx.cell(
                "Gunnery table",
                format!("{}% column, Die Roll", column.as_ref().map_or(0, |c| c.pct)),
                d.value.to_string(),
                d.provenance,
            );
            d.value
        }
        None => cx.read_number("Gunnery table", line, &NUMBERS, purpose.clone())?,
    };
    let total = w1 + w2;
    let hits = if total > die_roll {
        0
    } else if pct < 150 {
        // « 3.0: "If the gun/armor differential is less than 150%, just one hit point".
        1
    } else if pct <= 200 {
        // 150 % and 200 % both score two; a column between them no fewer and no more.
        2
    } else {
        match column.as_ref().and_then(|c| c.hits.clone()) {
            Some(h) => h.value,
            None => cx.read_number(
                "Gunnery table",
                format!("Gun/Armor {pct}% (the column at or below it), hits"),
                &["2", "3", "4", "5", "6"],
                purpose,
            )?,
        }
    };
    cx.emit(Ev::QfGunnery {
        ship: s.id().to_string(),
        target: tg.id().to_string(),
        pct,
        die_roll,
        total,
        hits,
    });
    let mut budget = MAX_CODES;
    for _ in 0..hits {
        // Even totals give S hits, odd totals G hits (« 3.0 Gunnery Rating).
        let hit = if total % 2 == 0 {
            Hit::S { repairable: true }
        } else {
            Hit::G {
                from: match rating {
                    Rating::Heavy => GSource::Heavy,
                    Rating::Light => GSource::Light,
                },
            }
        };
        cx.mark(t, hit, At::phase(phase, turn), &mut budget)?;
    }
    // « 3.0 Blast Damage Table: the three dice's total, whether or not the whites hit.
    let sum = black + w1 + w2;
    let key = match range.blast_line() {
        "long" => LineKey::BlastLong,
        _ => LineKey::BlastShort,
    };
    let out = cx.line(
        key,
        sum,
        format!("blast damage of {name}'s {rating} fire at {target_name} (« 3.0)"),
    )?;
    if let Outcome::Codes(codes) = out {
        for c in codes {
            cx.code(
                t,
                c,
                GSource::Blast,
                true,
                At::phase(phase, turn),
                &mut budget,
            )?;
        }
    }
    Ok(())
}

/// « 3.2 Torpedoes: one attack.
fn torpedo(cx: &mut Cx<'_>, turn: u32, phase: Phase, c: &Command) -> Result<(), String> {
    let Command::Torpedo {
        ship,
        target,
        moving,
        converging,
        side,
    } = c
    else {
        return Ok(());
    };
    need_phase(
        phase,
        &[Phase::SecondGunnery],
        "torpedoes are fired",
        "« 1.4 3: torpedo fire may only occur in this phase",
    )?;
    let i = cx.ship("ship", ship)?;
    let t = cx.ship("target", target)?;
    if i == t {
        return Err("a ship does not torpedo herself".into());
    }
    let s = cx.state.ships[i].clone();
    let name = s.spec.name.clone();
    if s.spec.torpedo == 0 {
        return Err(format!("{name} has no torpedo rating"));
    }
    let rating = s.torpedo();
    if rating == 0 {
        return Err(format!(
            "{name}'s torpedo rating is 0: she is out of torpedoes (« 3.2)"
        ));
    }
    let this_turn: Vec<&(u32, String, Option<String>)> = s
        .torpedo_attacks
        .iter()
        .filter(|(at, _, _)| *at == turn)
        .collect();
    if let Some(prev) = this_turn.first() {
        let other_arc =
            this_turn.len() == 1 && side.is_some() && prev.2.is_some() && prev.2 != *side;
        if !other_arc {
            return Err(format!(
                "{name} has made her torpedo attack this turn (at {}): one target a turn, except one to port and one to starboard (« 3.2; give port or starboard)",
                prev.1
            ));
        }
    }
    let target_name = cx.name(t);
    let a = cx.d6(format!("{name} torpedo at {target_name} (die 1 of 2)"))?;
    let b = cx.d6(format!("{name} torpedo at {target_name} (die 2 of 2)"))?;
    let mut modifier = 0;
    let mut why = Vec::new();
    if *converging {
        modifier -= 1;
        why.push("-1 converging targets".into());
    }
    if s.spec.torpedo_craft {
        modifier -= 1;
        why.push("-1 DD launching".into());
    }
    let movement = if *moving {
        Movement::Moving
    } else {
        Movement::Static
    };
    let hit_number = match cx.tables.torpedoes.get(&(movement, rating)).cloned() {
        Some(c) => {
            cx.cell(
                "Torpedoes table",
                format!("{} target, torpedo rating {rating}", movement.as_str()),
                c.value.to_string(),
                c.provenance,
            );
            c.value
        }
        None => cx.read_number(
            "Torpedoes table",
            format!(
                "{} target, torpedo rating {rating}, hit number",
                movement.as_str()
            ),
            &NUMBERS,
            format!("{name}'s torpedo attack on {target_name} (« 3.2)"),
        )?,
    };
    let total = a + b;
    let hit = total as i32 + modifier <= hit_number as i32;
    cx.emit(Ev::QfTorpedo {
        ship: s.id().to_string(),
        target: cx.id(t),
        turn,
        moving: *moving,
        side: side.clone(),
        total,
        why,
        modifier,
        hit_number,
        hit,
    });
    if hit {
        let n = cx.d6(format!(
            "unrepairable S hits of {name}'s torpedo on {target_name} (« 3.2)"
        ))?;
        let mut budget = MAX_CODES;
        for _ in 0..n {
            cx.mark(
                t,
                Hit::S { repairable: false },
                At::phase(phase, turn),
                &mut budget,
            )?;
        }
    }
    Ok(())
}

/// « 4.2: one repair attempt on ship `i`.
fn attempt(cx: &mut Cx<'_>, i: usize, item: RepairItem, turn: u32) -> Result<(), String> {
    let s = &cx.state.ships[i];
    let name = s.spec.name.clone();
    let key = match item {
        RepairItem::Heavy | RepairItem::Light => LineKey::RepairG,
        RepairItem::Speed if s.spec.speed_p => LineKey::RepairSp,
        RepairItem::Speed => LineKey::RepairS,
        RepairItem::Direction => LineKey::RepairD,
    };
    let roll = cx.two_d6(&format!("{name} repair of {} (« 4.2)", item.words()))?;
    let out = cx.line(
        key,
        roll,
        format!("{name}'s repair of {} (« 4.2)", item.words()),
    )?;
    let ship = cx.id(i);
    cx.emit(Ev::QfRepair {
        ship,
        item,
        roll,
        fixed: out == Outcome::Fix,
    });
    if let Outcome::Codes(codes) = out {
        let mut budget = MAX_CODES;
        for c in codes {
            cx.code(i, c, GSource::Blast, true, At::now(turn), &mut budget)?;
        }
    }
    Ok(())
}

/// « 4.2: one attempt per damaged item listed (or every one), while repair points last.
fn repairs(cx: &mut Cx<'_>, i: usize, items: &[RepairItem], turn: u32) -> Result<(), String> {
    let have = cx.state.ships[i].repairable();
    let wanted: Vec<RepairItem> = if items.is_empty() {
        have.clone()
    } else {
        let mut left = have.clone();
        for it in items {
            match left.iter().position(|x| x == it) {
                Some(k) => {
                    left.remove(k);
                }
                None => {
                    return Err(format!(
                        "{} has no more {} to repair (one attempt per damage point, « 4.2)",
                        cx.name(i),
                        it.words()
                    ))
                }
            }
        }
        items.to_vec()
    };
    for item in wanted {
        if cx.state.ships[i].repair_points() == 0 {
            break;
        }
        if !cx.state.ships[i].repairable().contains(&item) {
            continue;
        }
        attempt(cx, i, item, turn)?;
    }
    Ok(())
}

/// Decide one command at (turn, phase).
pub fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, cmd: &Command) -> Result<(), String> {
    match cmd {
        Command::Chart(values) => {
            cx.emit(Ev::QfChartQueued {
                values: values.clone(),
            });
            Ok(())
        }
        Command::Fire {
            ship,
            target,
            rating,
            range,
            arc,
            moved,
        } => fire(cx, turn, phase, ship, target, *rating, *range, *arc, *moved),
        Command::Torpedo { .. } => torpedo(cx, turn, phase, cmd),
        Command::Damage {
            ship,
            codes,
            from,
            unrepairable,
        } => {
            let i = cx.ship("ship", ship)?;
            let from = match from {
                Some(Rating::Heavy) => GSource::Heavy,
                Some(Rating::Light) => GSource::Light,
                None => GSource::Blast,
            };
            let mut budget = MAX_CODES;
            for c in codes {
                cx.code(
                    i,
                    *c,
                    from,
                    !*unrepairable,
                    At::phase(phase, turn),
                    &mut budget,
                )?;
            }
            Ok(())
        }
        Command::Repair { ship, items, hold } => {
            need_phase(
                phase,
                &[Phase::Repairs],
                "repairs are attempted",
                "« 1.4 5, « 4.2",
            )?;
            let i = cx.ship("ship", ship)?;
            let s = &cx.state.ships[i];
            if s.repairs_declared == Some(turn) {
                return Err(format!(
                    "{}'s repairs are made this turn (one attempt per damage point, « 4.2)",
                    s.spec.name
                ));
            }
            if !*hold {
                if s.repairable().is_empty() {
                    return Err(format!("{} has nothing to repair", s.spec.name));
                }
                if s.repair_points() == 0 {
                    return Err(format!("{} has no repair points left (« 4.2)", s.spec.name));
                }
            }
            let id = cx.id(i);
            cx.emit(Ev::QfRepairsDeclared { ship: id, turn });
            if *hold {
                return Ok(());
            }
            repairs(cx, i, items, turn)
        }
    }
}

/// « 4.3: the Sinking table's number for ship `i` (base by size, + fires, + S hits past the
/// eighth box).
fn sink_check(cx: &mut Cx<'_>, i: usize, turn: u32) -> Result<(), String> {
    let s = cx.state.ships[i].clone();
    let name = s.spec.name.clone();
    let size = s.spec.size;
    let base = match cx.tables.sinking.get(&size).cloned() {
        Some(c) => {
            cx.cell(
                "Sinking table",
                format!("size {size}"),
                c.value.to_string(),
                c.provenance,
            );
            c.value
        }
        None => cx.read_number(
            "Sinking table",
            format!("size {size}, Die Roll (without modifiers)"),
            &NUMBERS,
            format!("{name} at zero speed (« 4.3)"),
        )?,
    };
    let m = cx.tables.sink_modifiers.clone();
    let fires = s.fires_burning() as u32;
    let beyond = s.speed_hits_beyond();
    let number = base
        .saturating_add(fires.saturating_mul(m.per_fire))
        .saturating_add(beyond.saturating_mul(m.per_speed_hit_beyond));
    let roll = cx.two_d6(&format!("sinking roll of {name} (« 4.3)"))?;
    let sank = roll <= number;
    cx.emit(Ev::QfSinkCheck {
        ship: s.id().to_string(),
        roll,
        base,
        fires,
        beyond,
        number,
        sank,
    });
    if sank {
        cx.emit(Ev::QfSank {
            ship: s.id().to_string(),
            turn,
        });
    }
    Ok(())
}

/// The end of (turn, phase): exactly what the schedule lists as due now.
pub fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
    for d in due_now(&cx.state, turn, phase) {
        let i = d.ship;
        match d.kind {
            TimerKind::Marks => {
                let pending = cx.state.ships[i].pending.clone();
                let mut budget = MAX_CODES.saturating_mul(pending.len() as u32 + 1);
                for hit in pending {
                    cx.apply_hit(i, hit, turn, &mut budget)?;
                }
                let ship = cx.id(i);
                cx.emit(Ev::QfCrossed { ship });
            }
            TimerKind::Fires => {
                let burning: Vec<usize> = cx.state.ships[i]
                    .fires
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.out_turn.is_none())
                    .map(|(k, _)| k)
                    .collect();
                for k in burning {
                    let name = cx.name(i);
                    let roll = cx.two_d6(&format!("fire {} on {name} (« 1.4 4)", k + 1))?;
                    let out = cx.line(
                        LineKey::Fire,
                        roll,
                        format!("fire {} on {name} (« 1.4 4 Active Fires)", k + 1),
                    )?;
                    let ship = cx.id(i);
                    cx.emit(Ev::QfFireCheck {
                        ship,
                        fire: k,
                        roll,
                        outcome: out.clone(),
                        turn,
                    });
                    if let Outcome::Codes(codes) = out {
                        let mut budget = MAX_CODES;
                        for c in codes {
                            cx.code(i, c, GSource::Blast, true, At::now(turn), &mut budget)?;
                        }
                    }
                }
            }
            TimerKind::Repairs => repairs(cx, i, &[], turn)?,
            TimerKind::Sinking => sink_check(cx, i, turn)?,
        }
    }
    Ok(())
}
