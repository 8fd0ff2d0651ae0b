//! The rules of the quick reference, decided into events: [`decide`] for a command,
//! [`end_phase`] for what the end of a phase fires (from [`super::timers`]). Dice and chart
//! values come from an [`Oracle`]: the journal's dice (queued, typed or rolled) and the
//! umpire's chart reads.
use super::command::{Command, Setting};
use super::event::{Changed, Ev, Throw};
use super::ship::{
    Band, Crew, CritColumn, CritTable, DamageDie, Location, RepairItem, ShipType, Weather,
};
use super::state::{ArmourRule, CritTrigger, GunboatColumn};
use super::timers::{due_now, TimerKind};
use super::Phase;
use crate::core::dice::{ChartRead, ChartRequest, Die};

pub use crate::core::turns::Oracle;

/// The chart our copy of the text garbles: 5.2's damage die per class and range band.
pub const DAMAGE_CHART: &str = "5.2 Gun Classes, Ranges and Damage";
/// The damage of a torpedo or mine hit: absent from the text, typed by the umpire.
pub const TORPEDO_CHART: &str = "torpedo damage (absent from the text)";
pub const MINE_CHART: &str = "mine damage (absent from the text)";
/// The most damage points one typed value may give.
pub const MOST_POINTS: u32 = 99;

/// The working context of one A&A decision (the shared numbered-turn one).
pub type Cx<'a> = crate::core::turns::Cx<'a, super::game::Aage>;

fn need_phase(now: Phase, want: Phase, what: &str) -> Result<(), String> {
    if now == want {
        Ok(())
    } else {
        Err(format!(
            "{what} in the {want} phase (2.2 Game Sequence); it is the {now} phase: `until TURN {want}`"
        ))
    }
}

fn add(modifier: &mut i32, why: &mut Vec<String>, value: i32, words: &str) {
    if value != 0 {
        *modifier = modifier.saturating_add(value);
        why.push(format!("{value:+} {words}"));
    }
}

impl Cx<'_> {
    /// A ship that is afloat, by id.
    fn afloat(&self, role: &str, id: &str) -> Result<usize, String> {
        let i = self.state.index(id).ok_or_else(|| {
            let ids: Vec<&str> = self.state.ships.iter().map(|s| s.id.as_str()).collect();
            format!(
                "{role} \"{id}\" is not in this scenario (ships: {})",
                ids.join(", ")
            )
        })?;
        if self.state.ships[i].sunk_turn.is_some() {
            return Err(format!("{} has sunk", self.state.ships[i].name));
        }
        Ok(i)
    }

    fn id(&self, i: usize) -> String {
        self.state.ships[i].id.clone()
    }

    fn name(&self, i: usize) -> String {
        self.state.ships[i].name.clone()
    }

    /// A chart value: the queued one, or the umpire's; recorded with its provenance.
    fn chart(
        &mut self,
        chart: &str,
        line: String,
        allowed: &[&str],
        purpose: String,
    ) -> Result<String, String> {
        let request = ChartRequest {
            chart,
            line: &line,
            allowed,
            purpose: &purpose,
        };
        let queued = self.state.chart_queue.front().cloned();
        let (value, provenance) = self.oracle.chart(queued.as_deref(), &request)?;
        self.emit(Ev::AAChartRead {
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

    /// Damage points typed for a hit the text gives no damage for (torpedo, mine).
    fn typed_points(&mut self, chart: &str, i: usize, by: &str) -> Result<u32, String> {
        let pts: Vec<String> = (0..=MOST_POINTS).map(|n| n.to_string()).collect();
        let allowed: Vec<&str> = pts.iter().map(String::as_str).collect();
        let line = format!("hull damage points of the hit on {}", self.name(i));
        let v = self.chart(
            chart,
            line,
            &allowed,
            format!("{by}: the damage (0-{MOST_POINTS})"),
        )?;
        Ok(v.parse().unwrap_or(0))
    }

    /// Add damage at a location and say when it reaches the scenario's capacity.
    fn damaged(&mut self, i: usize, location: Location, points: u32, cause: String) {
        let before = self.state.ships[i].damage.get(location);
        let id = self.id(i);
        self.emit(Ev::AADamaged {
            ship: id,
            location,
            points,
            cause,
        });
        self.capacity_check(i, location, before);
    }

    fn capacity_check(&mut self, i: usize, location: Location, before: u32) {
        let s = &self.state.ships[i];
        if let Some(cap) = s.capacity.map(|c| c.get(location)).filter(|c| *c > 0) {
            let after = s.damage.get(location);
            if before < cap && after >= cap {
                let ship = s.id.clone();
                self.emit(Ev::AACapacity {
                    ship,
                    location,
                    capacity: cap,
                });
            }
        }
    }

    /// The critical column of a ship (5.7, 5.12; a gunboat by the scenario's option).
    pub fn column(&self, kind: ShipType) -> CritColumn {
        match kind {
            ShipType::B | ShipType::CB => CritColumn::BCb,
            ShipType::DD | ShipType::TB => CritColumn::DdTb,
            ShipType::GB if self.state.options.gunboat_criticals == GunboatColumn::DdTb => {
                CritColumn::DdTb
            }
            _ => CritColumn::Other,
        }
    }

    /// A d20 on a critical table, in the ship's column.
    pub fn critical(&mut self, i: usize, table: CritTable) -> Result<(), String> {
        let column = self.column(self.state.ships[i].kind);
        let face = self.roll(
            Die::D20,
            format!(
                "{table} critical on {} ({} column, 5.{})",
                self.name(i),
                column.words(),
                if table == CritTable::Gunnery { 7 } else { 12 }
            ),
        )?;
        let result = self.tables.crit(table, column, face);
        let ship = self.id(i);
        self.emit(Ev::AACritical {
            ship,
            table,
            column,
            face,
            result,
        });
        Ok(())
    }

    fn crit_after_hit(&mut self, i: usize, table: CritTable, damage: u32) -> Result<(), String> {
        let roll = match self.state.options.criticals {
            CritTrigger::EveryHit => true,
            CritTrigger::DamagingHit => damage > 0,
            CritTrigger::Command => false,
        };
        if roll && self.state.ships[i].afloat() {
            self.critical(i, table)?;
        }
        Ok(())
    }

    /// 5.17: a sinking test; `critical`: testing due to a critical hit result (-2).
    pub fn sinking_test(&mut self, i: usize, critical: bool, turn: u32) -> Result<(), String> {
        let s = self.state.ships[i].clone();
        let die = self.tables.of(s.kind).sinking_die;
        let m = self.tables.sinking;
        let (mut modifier, mut why) = (0, Vec::new());
        match self.state.weather {
            Weather::Calm | Weather::Moderate => add(
                &mut modifier,
                &mut why,
                m.calm_to_moderate,
                "weather Calm to Moderate",
            ),
            Weather::Gale => add(&mut modifier, &mut why, m.gale, "weather Gale"),
            Weather::Storm => add(&mut modifier, &mut why, m.storm, "weather Storm"),
            Weather::Fresh | Weather::Strong => {}
        }
        if critical {
            add(
                &mut modifier,
                &mut why,
                m.critical,
                "testing due to a critical hit result",
            );
        }
        let face = self.roll(die, format!("sinking test for {} (5.17, {die})", s.name))?;
        let sinks = (face as i32).saturating_add(modifier) <= m.sinks_at_most;
        self.emit(Ev::AASinkingTest {
            ship: s.id.clone(),
            face,
            sides: die.sides(),
            modifier,
            why,
            sinks,
        });
        if sinks {
            self.emit(Ev::AASank { ship: s.id, turn });
        }
        Ok(())
    }

    /// The to-hit dice of one attack with the evasive re-rolls (5.3, 5.10): the number of hits.
    fn hit_dice(
        &mut self,
        i: usize,
        t: usize,
        dice: u32,
        modifier: i32,
        need: i32,
        what: &str,
    ) -> Result<u32, String> {
        let both = self.state.ships[i].evasive && self.state.ships[t].evasive;
        let either = self.state.ships[i].evasive || self.state.ships[t].evasive;
        let (firer, target) = (self.name(i), self.name(t));
        let mut hits = 0;
        for k in 1..=dice {
            let mut faces = Vec::new();
            let mut hit = false;
            // The first roll; a hit is re-rolled once if either ship is evasive, and a re-roll
            // that hits once more if both are.
            let rolls = if both {
                3
            } else if either {
                2
            } else {
                1
            };
            for gen in 0..rolls {
                let purpose = match gen {
                    0 => format!("{firer} {what} die {k} of {dice} at {target} ({need}+ to hit)"),
                    1 => format!("{firer} {what} die {k}: evasive re-roll"),
                    _ => format!("{firer} {what} die {k}: both evasive, re-roll again"),
                };
                let face = self.roll(Die::D10, purpose)?;
                faces.push(face);
                hit = (face as i32).saturating_add(modifier) >= need;
                if !hit {
                    break;
                }
            }
            self.emit(Ev::AAToHit {
                ship: self.id(i),
                k,
                of: dice,
                faces,
                modifier,
                hit,
            });
            if hit {
                hits += 1;
            }
        }
        Ok(hits)
    }
}

/// Whether a ship counts as slow, fast, stopped (5.3 "current maximum").
fn speed_words(cx: &Cx<'_>, i: usize) -> (bool, bool, bool) {
    let s = &cx.state.ships[i];
    let sp = cx.tables.speeds;
    let stopped = s.stopped || s.speed == 0;
    (
        stopped,
        !stopped && s.speed <= sp.slow_at_most,
        !stopped && s.speed > sp.fast_above,
    )
}

/// 5.3 Gunnery Modifiers, from the state.
pub fn gunnery_modifier(cx: &Cx<'_>, i: usize, t: usize, band: Band) -> (i32, Vec<String>) {
    let g = cx.tables.gunnery;
    let (mut m, mut why) = (0, Vec::new());
    let (firer, target) = (&cx.state.ships[i], &cx.state.ships[t]);
    let (t_stopped, t_slow, t_fast) = speed_words(cx, t);
    let (f_stopped, f_slow, _) = speed_words(cx, i);
    let small = |k: ShipType| cx.state.options.small(k);
    if t_slow {
        add(&mut m, &mut why, g.target_slow, "target slow");
    }
    if f_slow || f_stopped {
        add(
            &mut m,
            &mut why,
            g.firer_slow,
            "firing ship slow or stationary",
        );
    }
    match band {
        Band::Short => add(&mut m, &mut why, g.short_range, "Short range band"),
        Band::Long => add(&mut m, &mut why, g.long_range, "Long range band"),
        Band::Med1 | Band::Med2 => {}
    }
    match firer.crew {
        Crew::Superior => add(&mut m, &mut why, g.superior_crew, "Superior crew"),
        Crew::Inferior => add(&mut m, &mut why, g.inferior_crew, "Inferior crew"),
        Crew::Standard => {}
    }
    if t_stopped {
        add(&mut m, &mut why, g.target_stopped, "target stopped");
    }
    if t_fast {
        add(&mut m, &mut why, g.target_fast, "target fast");
    }
    if small(target.kind) {
        add(&mut m, &mut why, g.target_small, "target is DD or TB");
    }
    if target.splash > 0 {
        add(&mut m, &mut why, g.splash, "target has splash markers");
    }
    match (cx.state.weather, small(firer.kind)) {
        (Weather::Fresh | Weather::Strong, true) => add(
            &mut m,
            &mut why,
            g.small_fresh_to_strong,
            "DD or TB shooting in Fresh to Strong",
        ),
        (Weather::Gale, true) => add(
            &mut m,
            &mut why,
            g.small_gale,
            "DD or TB shooting in a Gale",
        ),
        (Weather::Gale, false) => add(&mut m, &mut why, g.large_gale, "shooting in a Gale"),
        _ => {}
    }
    if cx.state.night {
        add(&mut m, &mut why, g.night, "shooting at night");
    }
    (m, why)
}

/// 5.10 Torpedo Modifiers, from the state.
pub fn torpedo_modifier(cx: &Cx<'_>, i: usize, t: usize, outside_arc: bool) -> (i32, Vec<String>) {
    let g = cx.tables.torpedo;
    let (mut m, mut why) = (0, Vec::new());
    let (firer, target) = (&cx.state.ships[i], &cx.state.ships[t]);
    let (t_stopped, t_slow, t_fast) = speed_words(cx, t);
    let (f_stopped, f_slow, _) = speed_words(cx, i);
    if t_slow {
        add(&mut m, &mut why, g.target_slow, "target slow");
    }
    if f_slow || f_stopped {
        add(
            &mut m,
            &mut why,
            g.firer_slow,
            "firing ship slow or stationary",
        );
    }
    match firer.crew {
        Crew::Superior => add(&mut m, &mut why, g.superior_crew, "Superior crew"),
        Crew::Inferior => add(&mut m, &mut why, g.inferior_crew, "Inferior crew"),
        Crew::Standard => {}
    }
    if t_stopped {
        add(&mut m, &mut why, g.target_stopped, "target stopped");
    }
    if t_fast {
        add(&mut m, &mut why, g.target_fast, "target fast");
    }
    if cx.state.options.small(target.kind) {
        add(&mut m, &mut why, g.target_small, "target DD or TB");
    }
    if outside_arc {
        add(
            &mut m,
            &mut why,
            g.outside_arc,
            "firing ship's base outside the target's P or S arcs",
        );
    }
    match cx.state.weather {
        Weather::Fresh | Weather::Strong => add(
            &mut m,
            &mut why,
            g.fresh_to_strong,
            "fired in Fresh to Strong",
        ),
        Weather::Gale => add(&mut m, &mut why, g.gale, "fired in a Gale"),
        _ => {}
    }
    if cx.state.night {
        add(&mut m, &mut why, g.night, "at night");
    }
    (m, why)
}

/// 5.16 Mine Modifiers, from the state of the ship crossing the mines.
pub fn mine_modifier(cx: &Cx<'_>, i: usize) -> (i32, Vec<String>) {
    let g = cx.tables.mine;
    let (mut m, mut why) = (0, Vec::new());
    let s = &cx.state.ships[i];
    let (stopped, slow, fast) = speed_words(cx, i);
    if slow {
        add(&mut m, &mut why, g.target_slow, "ship slow");
    }
    if cx.state.options.small(s.kind) {
        add(&mut m, &mut why, g.target_small, "ship is DD or TB");
    }
    match s.crew {
        Crew::Superior => add(&mut m, &mut why, g.superior_crew, "Superior crew"),
        Crew::Inferior => add(&mut m, &mut why, g.inferior_crew, "Inferior crew"),
        Crew::Standard => {}
    }
    if stopped {
        add(&mut m, &mut why, g.target_stopped, "ship stopped");
    }
    if fast {
        add(&mut m, &mut why, g.target_fast, "ship fast");
    }
    (m, why)
}

/// 2.2, 2.4: a d10 per side with its squadrons' modifiers; the highest wins (a tie is not
/// settled by the text).
fn throw_initiative(cx: &mut Cx<'_>, turn: u32) -> Result<(), String> {
    let m = cx.tables.initiative;
    let mut throws = Vec::new();
    for side in cx.state.sides() {
        let (mut modifier, mut why) = (0, Vec::new());
        for q in cx
            .state
            .squadrons
            .clone()
            .iter()
            .filter(|q| q.spec.side.eq_ignore_ascii_case(&side))
        {
            let ships: Vec<_> = cx
                .state
                .ships
                .iter()
                .filter(|s| s.squadron == q.spec.id && s.afloat())
                .collect();
            if ships.is_empty() {
                continue;
            }
            let name = &q.spec.name;
            if q.spec.models {
                match q.spec.crew {
                    Crew::Superior => add(
                        &mut modifier,
                        &mut why,
                        m.superior_squadron,
                        &format!("{name}: Superior crews"),
                    ),
                    Crew::Standard => add(
                        &mut modifier,
                        &mut why,
                        m.standard_squadron,
                        &format!("{name}: standard crews"),
                    ),
                    Crew::Inferior => {
                        // +0: shown all the same, so the log names every squadron counted.
                        modifier = modifier.saturating_add(m.inferior_squadron);
                        why.push(format!("{:+} {name}: Inferior crews", m.inferior_squadron));
                    }
                }
            }
            if ships.iter().any(|s| s.out_of_command) {
                add(
                    &mut modifier,
                    &mut why,
                    m.out_of_command,
                    &format!("{name}: ships out of command"),
                );
            }
            if ships.len() as u32 >= m.large_from {
                add(
                    &mut modifier,
                    &mut why,
                    m.large_squadron,
                    &format!("{name}: {} or more vessels", m.large_from),
                );
            }
            if !ships.iter().any(|s| s.flagship) {
                add(
                    &mut modifier,
                    &mut why,
                    m.no_flagship,
                    &format!("{name}: without a flagship"),
                );
            }
        }
        let face = cx.roll(Die::D10, format!("initiative, {side} (2.4)"))?;
        throws.push(Throw {
            side,
            face,
            modifier,
            why,
        });
    }
    let best = throws.iter().map(Throw::total).max().unwrap_or(0);
    let top: Vec<&Throw> = throws.iter().filter(|t| t.total() == best).collect();
    let first = (top.len() == 1).then(|| top[0].side.clone());
    cx.emit(Ev::AAInitiative {
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
            if let Some(bad) = values.iter().find(|v| !super::command::chart_value_ok(v)) {
                return Err(format!("\"{bad}\" is not a chart value"));
            }
            cx.emit(Ev::AAChartQueued {
                values: values.clone(),
            });
            Ok(())
        }
        Command::Gun {
            ship,
            target,
            dice,
            band,
            class,
        } => {
            need_phase(phase, Phase::Firing, "ships fire")?;
            let i = cx.afloat("ship", ship)?;
            let t = cx.afloat("target", target)?;
            if i == t {
                return Err("a ship does not fire at herself".into());
            }
            let s = cx.state.ships[i].clone();
            let class = class.or(s.main).ok_or_else(|| {
                format!(
                    "{} has no main gun class in the scenario: give `class A-I` (5.2)",
                    s.name
                )
            })?;
            let cell = cx.tables.damage_cell(class, *band).clone();
            let key = format!("class {class}, {}", band.words());
            let (die, cell_from) = match (cell.die, cx.state.charted.get(&key).cloned()) {
                (Some(d), _) => (d, format!("table, {}", cell.provenance.as_str())),
                (None, Some(v)) => (
                    v.parse::<DamageDie>()?,
                    "chart read earlier this battle".to_string(),
                ),
                (None, None) => {
                    let v = cx.chart(
                        DAMAGE_CHART,
                        key.clone(),
                        DamageDie::CODES,
                        format!(
                            "the damage die of class {class} guns at {} (the printed card's cell)",
                            band.words()
                        ),
                    )?;
                    (v.parse::<DamageDie>()?, "chart read".to_string())
                }
            };
            let (modifier, why) = gunnery_modifier(cx, i, t, *band);
            let need = cx.tables.gunnery.hit_from;
            cx.emit(Ev::AAGunFire {
                ship: s.id.clone(),
                target: cx.id(t),
                dice: *dice,
                class,
                band: *band,
                cell: die,
                cell_from,
                modifier,
                why,
                need,
            });
            let Some((n, face_die)) = die.dice() else {
                return Ok(());
            };
            let hits = cx.hit_dice(i, t, *dice, modifier, need, &format!("class {class} gun"))?;
            for h in 1..=hits {
                if !cx.state.ships[t].afloat() {
                    break;
                }
                let target_name = cx.name(t);
                let kind = cx.state.ships[t].kind;
                let row = cx.tables.of(kind).clone();
                let face = cx.roll(
                    Die::D10,
                    format!("hit {h} of {hits} on {target_name}: location (5.4, {kind})"),
                )?;
                let location = row.location[(face.clamp(1, 10) - 1) as usize];
                let armour = row.armour.get(location);
                let mut roll: u32 = 0;
                for k in 1..=n {
                    let purpose = if n == 1 {
                        format!(
                            "hit {h} on {target_name}: damage, {die} (5.2 class {class}, {})",
                            band.words()
                        )
                    } else {
                        format!("hit {h} on {target_name}: damage, {die} die {k} of {n} (5.2 class {class}, {})", band.words())
                    };
                    roll = roll.saturating_add(cx.roll(face_die, purpose)?);
                }
                let damage = match cx.state.options.armour {
                    ArmourRule::Subtract => roll.saturating_sub(armour),
                    ArmourRule::Penetrate if roll > armour => roll,
                    ArmourRule::Penetrate => 0,
                    ArmourRule::Ignore => roll,
                };
                let before = cx.state.ships[t].damage.get(location);
                cx.emit(Ev::AAHit {
                    ship: cx.id(t),
                    by: s.id.clone(),
                    face,
                    location,
                    armour,
                    die,
                    roll,
                    damage,
                });
                cx.capacity_check(t, location, before);
                cx.crit_after_hit(t, CritTable::Gunnery, damage)?;
            }
            Ok(())
        }
        Command::Torpedo {
            ship,
            target,
            dice,
            outside_arc,
        } => {
            need_phase(phase, Phase::Firing, "torpedoes are fired")?;
            let i = cx.afloat("ship", ship)?;
            let t = cx.afloat("target", target)?;
            if i == t {
                return Err("a ship does not torpedo herself".into());
            }
            let (modifier, why) = torpedo_modifier(cx, i, t, *outside_arc);
            let need = cx.tables.torpedo.hit_from;
            let by = cx.name(i);
            cx.emit(Ev::AATorpedoFire {
                ship: cx.id(i),
                target: cx.id(t),
                dice: *dice,
                modifier,
                why,
                need,
            });
            let hits = cx.hit_dice(i, t, *dice, modifier, need, "torpedo")?;
            for _ in 0..hits {
                if !cx.state.ships[t].afloat() {
                    break;
                }
                let points = cx.typed_points(TORPEDO_CHART, t, &format!("a torpedo from {by}"))?;
                cx.damaged(t, Location::Hull, points, format!("a torpedo from {by}"));
                cx.crit_after_hit(t, CritTable::Underwater, points)?;
            }
            Ok(())
        }
        Command::Mine { ship } => {
            need_phase(
                phase,
                Phase::Movement,
                "mine damage is applied as it occurs",
            )?;
            let i = cx.afloat("ship", ship)?;
            let (modifier, why) = mine_modifier(cx, i);
            let need = cx.tables.mine.hit_from;
            let face = cx.roll(
                Die::D10,
                format!("{} crosses mines (5.16, {need}+)", cx.name(i)),
            )?;
            let hit = (face as i32).saturating_add(modifier) >= need;
            cx.emit(Ev::AAMineTest {
                ship: cx.id(i),
                face,
                modifier,
                why,
                need,
                hit,
            });
            if hit {
                let points = cx.typed_points(MINE_CHART, i, "a mine")?;
                cx.damaged(i, Location::Hull, points, "a mine".into());
                cx.crit_after_hit(i, CritTable::Underwater, points)?;
            }
            Ok(())
        }
        Command::Crit { ship, table } => {
            let i = cx.afloat("ship", ship)?;
            cx.critical(i, *table)
        }
        Command::Damage {
            ship,
            location,
            points,
        } => {
            let i = cx.afloat("ship", ship)?;
            cx.damaged(i, *location, *points, "typed by the umpire".into());
            Ok(())
        }
        Command::Sinking { ship, critical } => {
            let i = cx.afloat("ship", ship)?;
            cx.sinking_test(i, *critical, turn)
        }
        Command::Initiative => {
            need_phase(phase, Phase::Initiative, "the sides roll for initiative")?;
            if let Some(x) = &cx.state.initiative {
                if x.turn == turn && x.first.is_some() {
                    return Err(format!(
                        "initiative is rolled this turn: {} won it",
                        x.first.as_deref().unwrap_or("")
                    ));
                }
            }
            throw_initiative(cx, turn)
        }
        Command::Set { ship, setting } => {
            let i = cx.afloat("ship", ship)?;
            let s = &cx.state.ships[i];
            let changed = match *setting {
                Setting::Speed(k) if k > s.max_speed => {
                    return Err(format!(
                        "{} makes at most {} knots (the scenario's speed)",
                        s.name, s.max_speed
                    ))
                }
                Setting::Speed(k) => Changed::Speed(k),
                Setting::Stopped(b) => Changed::Stopped(b),
                Setting::Evasive(b) => Changed::Evasive(b),
                Setting::Flagship(b) => Changed::Flagship(b),
                Setting::OutOfCommand(b) => Changed::OutOfCommand(b),
            };
            let ship = s.id.clone();
            cx.emit(Ev::AASet { ship, changed });
            Ok(())
        }
        Command::Splash { ship, n } => {
            let i = cx.afloat("ship", ship)?;
            if cx.state.ships[i].splash.saturating_add(*n) > 99 {
                return Err("a ship carries at most 99 splash markers".into());
            }
            let ship = cx.id(i);
            cx.emit(Ev::AASplash { ship, n: *n });
            Ok(())
        }
        Command::Repair { ship, item, ok } => {
            need_phase(phase, Phase::Repairs, "repairs are made")?;
            let i = cx.afloat("ship", ship)?;
            let s = &cx.state.ships[i];
            let has = match item {
                RepairItem::Fire => s.fires > 0,
                RepairItem::Flood => s.floods > 0,
                RepairItem::Rudder => s.rudder_disabled,
                RepairItem::EngineRoom => s.engine_room_hits > 0,
                RepairItem::Bridge => s.bridge_hits > 0,
            };
            if !has {
                return Err(format!(
                    "{} has no {} to repair",
                    s.name,
                    item.key().replace('_', " ")
                ));
            }
            let ship = s.id.clone();
            cx.emit(Ev::AARepair {
                ship,
                item: *item,
                ok: *ok,
            });
            Ok(())
        }
        Command::Morale { squadron, pass } => {
            need_phase(phase, Phase::Initiative, "squadrons test morale")?;
            let q = cx.state.squadron(squadron).ok_or_else(|| {
                let ids: Vec<&str> = cx
                    .state
                    .squadrons
                    .iter()
                    .map(|q| q.spec.id.as_str())
                    .collect();
                format!(
                    "squadron \"{squadron}\" is not in this scenario ({})",
                    ids.join(", ")
                )
            })?;
            let id = q.spec.id.clone();
            cx.emit(Ev::AAMorale {
                squadron: id,
                pass: *pass,
                turn,
            });
            Ok(())
        }
        Command::Reveal { squadron } => {
            need_phase(phase, Phase::Spotting, "contact markers are revealed")?;
            let q = cx.state.squadron(squadron).ok_or_else(|| {
                let ids: Vec<&str> = cx
                    .state
                    .squadrons
                    .iter()
                    .map(|q| q.spec.id.as_str())
                    .collect();
                format!(
                    "squadron \"{squadron}\" is not in this scenario ({})",
                    ids.join(", ")
                )
            })?;
            if q.spec.models {
                return Err(format!("{} is already deployed as models", q.spec.name));
            }
            let id = q.spec.id.clone();
            cx.emit(Ev::AARevealed { squadron: id });
            Ok(())
        }
        Command::Weather(w) => {
            if cx.state.weather == *w {
                return Err(format!("the weather is already {}", w.words()));
            }
            cx.emit(Ev::AAWeather { weather: *w });
            Ok(())
        }
        Command::Night(on) => {
            if cx.state.night == *on {
                return Err(format!(
                    "night is already {}",
                    if *on { "on" } else { "off" }
                ));
            }
            cx.emit(Ev::AANight { on: *on });
            Ok(())
        }
    }
}

/// The end of (turn, phase): exactly what the schedule lists as due now.
pub fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
    for d in due_now(&cx.state, cx.tables, turn, phase) {
        match d.kind {
            TimerKind::Fire | TimerKind::Flood => {
                if let Some(i) = d.ship.filter(|i| cx.state.ships[*i].afloat()) {
                    let what = if d.kind == TimerKind::Fire {
                        "fire"
                    } else {
                        "flood"
                    };
                    let face = cx.roll(
                        Die::D4,
                        format!("{what} on {} (d4 in the ongoing damage phase)", cx.name(i)),
                    )?;
                    cx.damaged(i, Location::Hull, face, format!("{what}, d4"));
                }
            }
            TimerKind::SinkingTest => {
                if let Some(i) = d.ship.filter(|i| cx.state.ships[*i].afloat()) {
                    cx.sinking_test(i, true, turn)?;
                }
            }
            TimerKind::SplashCleared => cx.emit(Ev::AASplashCleared { turn }),
            TimerKind::Initiative => throw_initiative(cx, turn)?,
            TimerKind::Morale => {}
        }
    }
    Ok(())
}
