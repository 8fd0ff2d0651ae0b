//! `decide` (a command becomes events, with its dice) and `end_phase` (what the text resolves
//! at the end of a phase), against [`Cx`], modelled on the engine's `Ctx`: a scratch copy of
//! the state to which every emitted event is applied at once.
//!
//! A command is checked in full before its first die is rolled, so a refused command rolls
//! nothing and changes nothing (the caller drops the `Cx`). Dice order: the firing throw's
//! dice, then for each possible hit its damage throw followed by its Critical Hit Table roll
//! if any; critical effect dice (steering jammed turns) when the hit takes effect; at the end
//! of a phase, the items of the one schedule (`timers`) in its order.
use super::command::{Command, GunRange, MarkerKind, RangeBand};
use super::event::{DamageResult, Ev, HitKind, Modifier};
use super::ship::{CritKind, DnbShip, Face, Status, Weapon};
use super::state::{DiwRepair, DnbState, TorpedoHits};
use super::tables::Tables;
use super::timers::{due_now, Due, TimerKind};
use super::Phase;
use crate::core::dice::Die;

/// The working context of one D&B decision (the shared numbered-turn one).
pub type Cx<'a> = crate::core::turns::Cx<'a, super::game::Dnb>;

impl Cx<'_> {
    fn name(&self, i: usize) -> String {
        self.state.ships[i].spec.name.clone()
    }
}

fn find(st: &DnbState, id: &str) -> Result<usize, String> {
    st.index(id).ok_or_else(|| {
        let ids: Vec<&str> = st.ships.iter().map(|s| s.id()).collect();
        format!(
            "ship \"{id}\" is not in this scenario (ships: {})",
            ids.join(", ")
        )
    })
}

fn not_sunk(s: &DnbShip) -> Result<(), String> {
    if s.st.status == Status::Sunk {
        return Err(format!("{} ({}) is sunk", s.spec.name, s.id()));
    }
    Ok(())
}

/// The firer may attack: afloat, no fire marker (6.10, Critical Hit Table 4 and 6).
fn can_attack(s: &DnbShip) -> Result<(), String> {
    let who = format!("{} ({})", s.spec.name, s.id());
    match s.st.status {
        Status::Sunk => return Err(format!("{who} is sunk")),
        Status::Hulk => {
            return Err(format!(
                "{who} is a hulk: it may not attack (2.17, Critical Hit Table 6)"
            ))
        }
        Status::Afloat => {}
    }
    if s.st.fires > 0 {
        return Err(format!(
            "{who} has {} fire marker(s): it may not attack until the fire is out (6.10)",
            s.st.fires
        ));
    }
    Ok(())
}

/// The target is an enemy ship still on the map (6.0 no friendly fire; 6.11a a hulk's counter
/// is replaced by a marker).
fn can_be_targeted(firer: &DnbShip, t: &DnbShip) -> Result<(), String> {
    let who = format!("{} ({})", t.spec.name, t.id());
    if firer.id() == t.id() {
        return Err(format!("{who} cannot fire at itself"));
    }
    match t.st.status {
        Status::Sunk => return Err(format!("{who} is sunk")),
        Status::Hulk => {
            return Err(format!(
                "{who} is a hulk marker, not a target (6.11a, Critical Hit Table 6)"
            ))
        }
        Status::Afloat => {}
    }
    if firer.spec.side == t.spec.side {
        return Err(format!(
            "{who} is on {}'s side ({}): there is no friendly fire (6.0)",
            firer.spec.name, t.spec.side
        ));
    }
    Ok(())
}

fn combat_once(s: &DnbShip, phase: Phase, what: &str) -> Result<(), String> {
    if phase != Phase::Combat {
        return Err(format!(
            "{what} is made in the Combat Phase (5.2), not the {phase} phase{}",
            if what == "a gunnery attack" {
                " (reaction fire in the Movement Phase: add `reaction`, 8.4)"
            } else {
                ""
            }
        ));
    }
    if let Some(w) = s.st.fired {
        return Err(format!(
            "{} ({}) has already fired its {} this Combat Phase: once, guns or torpedoes (6.1, 7.3)",
            s.spec.name,
            s.id(),
            w.as_str()
        ));
    }
    Ok(())
}

fn m(out: &mut Vec<Modifier>, what: &str, dice: i32) {
    if dice != 0 {
        out.push(Modifier {
            what: what.to_string(),
            dice,
        });
    }
}

/// The bracket of a range counted in hexes (2.5-2.8, 6.2, 8.4): halves and quarters of the
/// printed maximum range round up; 2 hexes or less is minimum range (fired as close).
pub fn range_band(t: &Tables, firer: &DnbShip, hexes: u32) -> Result<RangeBand, String> {
    let g = &t.gun;
    let max = firer.counter().max_range;
    if hexes > g.spotting_max {
        return Err(format!(
            "range {hexes}: beyond the spotting distance of {} hexes (6.2)",
            g.spotting_max
        ));
    }
    if hexes > max {
        return Err(format!(
            "range {hexes}: beyond {}'s maximum range of {max} hexes (2.5c)",
            firer.spec.name
        ));
    }
    let effective = max.div_ceil(g.effective_divisor);
    let close = max.div_ceil(g.close_divisor);
    Ok(if hexes <= g.minimum_range {
        RangeBand::Minimum
    } else if hexes <= close {
        RangeBand::Close
    } else if hexes <= effective {
        RangeBand::Effective
    } else {
        RangeBand::Long
    })
}

/// The firing-throw dice of a gunnery attack (6.5, Gun Firing Throw Modifications).
pub fn gun_dice(
    t: &Tables,
    firer: &DnbShip,
    target: &DnbShip,
    range: RangeBand,
    broadside: bool,
    smoke: u32,
) -> (i32, Vec<Modifier>) {
    let g = &t.gun;
    let mut mods = Vec::new();
    match range {
        RangeBand::Long => m(&mut mods, "long range (2.7)", g.long_range),
        RangeBand::Effective => {}
        RangeBand::Close => m(&mut mods, "close range (2.8a)", g.close_range),
        RangeBand::Minimum => m(
            &mut mods,
            "minimum range, as close (8.4, 2.8a)",
            g.close_range,
        ),
    }
    if target.is_diw() {
        m(
            &mut mods,
            "target dead in the water",
            g.target_dead_in_water,
        );
    }
    if firer.slowed_or_diw() {
        m(
            &mut mods,
            "firing ship slowed or dead in the water",
            g.firer_slowed_or_dead_in_water,
        );
    }
    // The speed markers matter only for a ship that is moving (reading: dead in the water
    // has no speed setting).
    if !firer.is_diw() {
        use super::ship::SpeedSetting::*;
        match firer.st.speed_setting {
            Flank => m(&mut mods, "firing ship at flank speed", g.firer_flank),
            Cruise if !firer.heavily_damaged() => m(
                &mut mods,
                "firing ship at cruise speed (8.1b)",
                g.firer_cruise,
            ),
            _ => {}
        }
    }
    if broadside {
        m(&mut mods, "broadside (6.4b)", g.broadside);
    }
    if target.st.evasive {
        m(
            &mut mods,
            "target evasive (its maneuver rating)",
            g.target_evasive_per_maneuver * target.maneuver() as i32,
        );
    }
    if firer.st.evasive {
        m(&mut mods, "firing ship evasive (8.5c)", g.firer_evasive);
    }
    m(
        &mut mods,
        &format!("{smoke} smoke hex(es) between (8.6b)"),
        g.smoke_per_hex * smoke as i32,
    );
    if target.st.fired_at_by_guns {
        m(
            &mut mods,
            "target already fired at by guns this turn",
            g.already_fired_at,
        );
    }
    let dice = firer.counter().gun_rating as i32 + mods.iter().map(|x| x.dice).sum::<i32>();
    (dice, mods)
}

/// The firing-throw dice of a torpedo attack (7.2, Torpedoes chart).
pub fn torpedo_dice(
    t: &Tables,
    wwi: bool,
    firer: &DnbShip,
    target: &DnbShip,
    range: u32,
    smoke: u32,
) -> (i32, Vec<Modifier>) {
    let c = &t.torpedo;
    let long_from = if wwi { c.long_from_wwi } else { c.long_from };
    let mut mods = Vec::new();
    if range >= long_from {
        m(
            &mut mods,
            &format!("range {range} ({long_from} or more, 7.2c)"),
            c.long_range,
        );
    }
    m(
        &mut mods,
        &format!("{smoke} smoke hex(es) between"),
        c.smoke_per_hex * smoke as i32,
    );
    if firer.is_diw() {
        m(
            &mut mods,
            "firing ship dead in the water",
            c.firer_dead_in_water,
        );
    }
    if target.st.evasive {
        m(
            &mut mods,
            "target evasive (its maneuver rating, 7.2d)",
            c.target_evasive_per_maneuver * target.maneuver() as i32,
        );
    }
    if target.is_diw() {
        m(
            &mut mods,
            "target dead in the water",
            c.target_dead_in_water,
        );
    }
    let dice = firer.counter().torpedo_rating as i32 + mods.iter().map(|x| x.dice).sum::<i32>();
    (dice, mods)
}

fn no_fire(s: &DnbShip, t: &DnbShip, dice: i32, mods: &[Modifier], rating: &str) -> String {
    let list: Vec<String> = mods
        .iter()
        .map(|x| format!("{} {:+}", x.what, x.dice))
        .collect();
    format!(
        "{} cannot fire at {}: {dice} dice (6.5b: 0 or fewer, no fire); {rating} {}{}",
        s.spec.name,
        t.spec.name,
        if rating == "gun rating" {
            s.counter().gun_rating
        } else {
            s.counter().torpedo_rating
        },
        if list.is_empty() {
            String::new()
        } else {
            format!(", {}", list.join(", "))
        }
    )
}

/// Turn a command into events. `turn` from 1; `phase` the current phase.
pub fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, cmd: &Command) -> Result<(), String> {
    if cx.state.game_over {
        return Err(format!(
            "the game ended after turn {}: determine the victor (5.4b)",
            cx.state.options.last_turn.unwrap_or(turn)
        ));
    }
    match cmd {
        Command::Gunnery {
            ship,
            target,
            range,
            broadside,
            smoke,
            reaction,
            hits,
        } => gunnery(
            cx, phase, ship, target, *range, *broadside, *smoke, *reaction, *hits,
        )?,
        Command::Torpedo {
            ship,
            target,
            range,
            smoke,
            hits,
        } => torpedo(cx, phase, ship, target, *range, *smoke, *hits)?,
        Command::Si { ship, hits } => {
            let i = find(&cx.state, ship)?;
            not_sunk(&cx.state.ships[i])?;
            if *hits == 0 {
                return Err("si: give 1 or more hits".into());
            }
            for _ in 0..*hits {
                cx.emit(Ev::DnbHitPending {
                    ship: cx.state.ships[i].id().to_string(),
                    by: "umpire".into(),
                    hit: HitKind::Si,
                });
            }
        }
        Command::Crit { ship, kind } => {
            let i = find(&cx.state, ship)?;
            not_sunk(&cx.state.ships[i])?;
            cx.emit(Ev::DnbHitPending {
                ship: cx.state.ships[i].id().to_string(),
                by: "umpire".into(),
                hit: HitKind::Critical { critical: *kind },
            });
        }
        Command::Speed { ship, setting } => {
            let i = find(&cx.state, ship)?;
            let s = &cx.state.ships[i];
            if !s.afloat() || s.is_diw() {
                return Err(format!(
                    "{} ({}) has a speed of zero: a hulk or dead in the water may not move (8.1f)",
                    s.spec.name,
                    s.id()
                ));
            }
            let from = s.st.speed_at_turn_start;
            if (setting.level() - from.level()).abs() > 1 {
                return Err(format!(
                    "{} ({}) started the turn at {}: one level of change per turn, so cruise, standard or flank next to it (8.1e)",
                    s.spec.name,
                    s.id(),
                    from.as_str()
                ));
            }
            if s.st.speed_setting == *setting {
                return Err(format!(
                    "{} ({}) is already at {} speed",
                    s.spec.name,
                    s.id(),
                    setting.as_str()
                ));
            }
            let id = s.id().to_string();
            cx.emit(Ev::DnbSpeedSet {
                ship: id,
                setting: *setting,
            });
        }
        Command::Evasive { ship, on } => evasive(cx, turn, phase, ship, *on)?,
        Command::Smoke { markers } => {
            if phase != Phase::Movement {
                return Err(format!(
                    "smoke is made by moving ships in the Movement Phase (8.6), not the {phase} phase"
                ));
            }
            if *markers == 0 {
                return Err("smoke: give 1 or more markers".into());
            }
            cx.emit(Ev::DnbSmokeLaid { markers: *markers });
        }
        Command::Marker { ship, marker, on } => {
            let i = find(&cx.state, ship)?;
            let s = &cx.state.ships[i];
            not_sunk(s)?;
            let who = format!("{} ({})", s.spec.name, s.id());
            match (marker, on) {
                (MarkerKind::Fire, false) if s.st.fires == 0 => {
                    return Err(format!("{who} has no fire marker to remove"))
                }
                (MarkerKind::TorpsOut, true) if s.st.torps_out => {
                    return Err(format!("{who} is already marked Torps Out!"))
                }
                (MarkerKind::TorpsOut, false) if !s.st.torps_out => {
                    return Err(format!("{who} has no Torps Out! marker"))
                }
                _ => {}
            }
            let id = s.id().to_string();
            cx.emit(Ev::DnbMarkerSet {
                ship: id,
                marker: *marker,
                on: *on,
            });
        }
    }
    // Hits outside the Combat Phase (reaction fire, umpire entries) take effect at once (8.4).
    if phase != Phase::Combat && !cx.state.pending.is_empty() {
        resolve_pending(cx, turn)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn gunnery(
    cx: &mut Cx<'_>,
    phase: Phase,
    ship: &str,
    target: &str,
    range: GunRange,
    broadside: bool,
    smoke: u32,
    reaction: bool,
    hits: Option<u32>,
) -> Result<(), String> {
    let (i, j) = (find(&cx.state, ship)?, find(&cx.state, target)?);
    let (s, t) = (&cx.state.ships[i], &cx.state.ships[j]);
    can_attack(s)?;
    can_be_targeted(s, t)?;
    if reaction {
        if !cx.state.options.reaction_fire {
            return Err(
                "reaction fire is the optional rule 8.4: set reaction_fire = true in [options]"
                    .into(),
            );
        }
        if phase != Phase::Movement {
            return Err(format!(
                "reaction fire happens in the Movement Phase (8.4), not the {phase} phase"
            ));
        }
        if s.st.reaction_targets.iter().any(|x| x == t.id()) {
            return Err(format!(
                "{} has already made its reaction fire at {} this turn (8.4: once against each ship)",
                s.spec.name, t.spec.name
            ));
        }
    } else {
        combat_once(s, phase, "a gunnery attack")?;
    }
    if s.counter().gun_rating == 0 {
        return Err(format!("{} has a gun rating of 0 (2.9)", s.spec.name));
    }
    let range = match (reaction, range) {
        // 8.4: reaction fire is at minimum range (two hexes).
        (true, GunRange::Band(RangeBand::Long)) => {
            return Err("reaction fire is at minimum range, two hexes (8.4), not long range".into())
        }
        (true, GunRange::Hexes(h)) if h > cx.tables.gun.minimum_range => {
            return Err(format!(
                "reaction fire is at minimum range, {} hexes or less (8.4), not {h}",
                cx.tables.gun.minimum_range
            ))
        }
        (true, _) => RangeBand::Minimum,
        (false, GunRange::Band(b)) => b,
        (false, GunRange::Hexes(h)) => range_band(cx.tables, s, h)?,
    };
    let (dice, mods) = gun_dice(cx.tables, s, t, range, broadside, smoke);
    if dice <= 0 {
        return Err(no_fire(s, t, dice, &mods, "gun rating"));
    }
    if let Some(h) = hits {
        if h as i32 > dice {
            return Err(format!(
                "{} threw {dice} dice: at most {dice} hits, not {h} (6.6)",
                s.spec.name
            ));
        }
    }
    let wof = s.counter().weight_of_fire as i32
        + if range.is_close() {
            cx.tables.gun.close_weight_of_fire
        } else {
            0
        };
    let si = t.si_for_damage();
    let (sname, tname) = (cx.name(i), cx.name(j));
    let (sid, tid) = (s.id().to_string(), t.id().to_string());
    let from = cx.tables.gun.hit_faces_from;
    let (faces, hits) = throw(cx, dice, hits, from, &format!("{sname} gunnery at {tname}"))?;
    cx.emit(Ev::DnbAttacked {
        ship: sid.clone(),
        target: tid.clone(),
        weapon: Weapon::Guns,
        reaction,
        dice,
        modifiers: mods,
        faces,
        hits,
        torps_out: false,
    });
    let delta = wof - si;
    let band = cx.tables.damage_band(delta)?.clone();
    for h in 1..=hits {
        let face = cx.roll(
            Die::D6,
            format!(
                "{sname} at {tname}: damage throw, hit {h} of {hits} (6.7: weight of fire {wof} - SI {si} = {delta})"
            ),
        )?;
        let cell = band.table.cell(face)?.clone();
        damage_result(cx, &sid, &tid, Some(delta), face, &cell, &tname)?;
    }
    Ok(())
}

/// Roll (or take the typed count of) a firing throw: faces and possible hits (6.5c, 6.6).
fn throw(
    cx: &mut Cx<'_>,
    dice: i32,
    typed: Option<u32>,
    from: u32,
    what: &str,
) -> Result<(Vec<u32>, u32), String> {
    if let Some(h) = typed {
        return Ok((Vec::new(), h));
    }
    let mut faces = Vec::new();
    for k in 1..=dice {
        faces.push(cx.roll(
            Die::D6,
            format!("{what}: firing throw, die {k} of {dice} ({from}-6 hits)"),
        )?);
    }
    let hits = faces.iter().filter(|&&f| f >= from).count() as u32;
    Ok((faces, hits))
}

/// One damage throw's result: an SI hit, a critical roll, or nothing (6.7).
fn damage_result(
    cx: &mut Cx<'_>,
    by: &str,
    tid: &str,
    delta: Option<i32>,
    face: u32,
    cell: &super::tables::D6Cell,
    tname: &str,
) -> Result<(), String> {
    let result = match cell.result.as_deref() {
        Some("si_hit") => DamageResult::SiHit,
        Some("critical") => DamageResult::Critical,
        _ => DamageResult::None,
    };
    cx.emit(Ev::DnbDamageThrown {
        ship: tid.to_string(),
        by: by.to_string(),
        delta,
        face,
        result,
    });
    let hit = match result {
        DamageResult::None => return Ok(()),
        DamageResult::SiHit => HitKind::Si,
        DamageResult::Critical => {
            let md = cell.critical_modifier;
            let f = cx.roll(
                Die::D6,
                format!("{tname}: Critical Hit Table roll ({md:+}, 6.7c/d)"),
            )?;
            let modified = f as i32 + md;
            let critical = if modified < 1 {
                None
            } else {
                let r = cx.tables.critical.result(modified.min(6) as u32)?;
                CritKind::from_name(r)
            };
            cx.emit(Ev::DnbCriticalRolled {
                ship: tid.to_string(),
                face: f,
                modifier: md,
                critical,
            });
            match critical {
                Some(k) => HitKind::Critical { critical: k },
                None if cx.tables.critical_below_one == "si_hit" => HitKind::Si,
                None => return Ok(()),
            }
        }
    };
    cx.emit(Ev::DnbHitPending {
        ship: tid.to_string(),
        by: by.to_string(),
        hit,
    });
    Ok(())
}

fn torpedo(
    cx: &mut Cx<'_>,
    phase: Phase,
    ship: &str,
    target: &str,
    range: u32,
    smoke: u32,
    hits: Option<u32>,
) -> Result<(), String> {
    let (i, j) = (find(&cx.state, ship)?, find(&cx.state, target)?);
    let (s, t) = (&cx.state.ships[i], &cx.state.ships[j]);
    can_attack(s)?;
    can_be_targeted(s, t)?;
    combat_once(s, phase, "a torpedo attack")?;
    let who = format!("{} ({})", s.spec.name, s.id());
    let c = &cx.tables.torpedo;
    if !s.has_torpedoes() {
        return Err(format!(
            "{who} has no torpedo rating on this side of its counter (2.12)"
        ));
    }
    if s.st.torps_out || s.st.torpedo_attacks >= c.attacks_per_game {
        return Err(format!(
            "{who} is marked Torps Out!: no more torpedo attacks this game (7.3, Critical Hit Table 2)"
        ));
    }
    if s.st.evasive {
        return Err(format!(
            "{who} is taking evasive action: it cannot launch torpedoes (7.1, 8.5d)"
        ));
    }
    let wwi = cx.state.options.wwi;
    let max = if wwi { c.max_range_wwi } else { c.max_range };
    if range > max {
        return Err(format!(
            "range {range} is beyond the torpedo range of {max} hexes (7.2b{})",
            if wwi { ", WWI note 2" } else { "" }
        ));
    }
    let (dice, mods) = torpedo_dice(cx.tables, wwi, s, t, range, smoke);
    if dice <= 0 {
        return Err(no_fire(s, t, dice, &mods, "torpedo rating"));
    }
    if let Some(h) = hits {
        if h as i32 > dice {
            return Err(format!(
                "{} threw {dice} dice: at most {dice} hits, not {h}",
                s.spec.name
            ));
        }
    }
    let torps_out = s.st.torpedo_attacks + 1 >= c.attacks_per_game;
    let from = c.hit_faces_from;
    let (sname, tname) = (cx.name(i), cx.name(j));
    let (sid, tid) = (s.id().to_string(), t.id().to_string());
    let (faces, hits) = throw(
        cx,
        dice,
        hits,
        from,
        &format!("{sname} torpedoes at {tname}"),
    )?;
    cx.emit(Ev::DnbAttacked {
        ship: sid.clone(),
        target: tid.clone(),
        weapon: Weapon::Torpedoes,
        reaction: false,
        dice,
        modifiers: mods,
        faces,
        hits,
        torps_out,
    });
    match cx.state.options.torpedo_hits {
        TorpedoHits::SiHit => {
            for _ in 0..hits {
                cx.emit(Ev::DnbHitPending {
                    ship: tid.clone(),
                    by: sid.clone(),
                    hit: HitKind::Si,
                });
            }
        }
        TorpedoHits::DamageThrow => {
            // 7.1: never nullified by SI: the highest band (6.7d), without the comparison.
            let band = cx
                .tables
                .damage
                .iter()
                .find(|b| b.hi.is_none())
                .ok_or("damage_throw.toml has no open top band")?
                .clone();
            for h in 1..=hits {
                let face = cx.roll(
                    Die::D6,
                    format!("{sname} torpedoes at {tname}: damage throw, hit {h} of {hits} (7.1, as 6.7d)"),
                )?;
                let cell = band.table.cell(face)?.clone();
                damage_result(cx, &sid, &tid, None, face, &cell, &tname)?;
            }
        }
    }
    Ok(())
}

fn evasive(cx: &mut Cx<'_>, turn: u32, phase: Phase, ship: &str, on: bool) -> Result<(), String> {
    let i = find(&cx.state, ship)?;
    let s = &cx.state.ships[i];
    let who = format!("{} ({})", s.spec.name, s.id());
    if phase != Phase::Movement {
        return Err(format!(
            "evasive action is placed or removed at the beginning of a ship's movement (8.5, 8.5e), not in the {phase} phase"
        ));
    }
    if !on {
        if !s.st.evasive {
            return Err(format!("{who} has no evasive action marker"));
        }
    } else {
        let why = if !s.afloat() {
            Some("it is a hulk or sunk (8.5)")
        } else if s.heavily_damaged() {
            Some("it is heavily damaged (8.5)")
        } else if s.is_diw() {
            Some("it is dead in the water (8.5)")
        } else if s.equipment_damaged(turn) {
            Some("its equipment is damaged this turn (Critical Hit Table 2)")
        } else if s.steering_turns_left(turn) > 0 {
            Some("its steering is jammed (Critical Hit Table 1)")
        } else if s.st.evasive {
            Some("it already has one (8.5a)")
        } else {
            None
        };
        if let Some(w) = why {
            return Err(format!("{who} cannot take evasive action: {w}"));
        }
    }
    let id = s.id().to_string();
    cx.emit(Ev::DnbEvasiveSet { ship: id, on });
    Ok(())
}

/// Apply every waiting hit in the order scored (5.2a, 8.4), then the end-of-combat check of
/// 6.11a/b. All hits applied together are one resolution: SI hits after the one that flipped
/// a counter in it are discarded (6.11, "hits in excess").
fn resolve_pending(cx: &mut Cx<'_>, turn: u32) -> Result<(), String> {
    let pending = cx.state.pending.clone();
    let mut flipped = Vec::new();
    for p in &pending {
        let Some(i) = cx.state.index(&p.ship) else {
            continue;
        };
        if cx.state.ships[i].st.status == Status::Sunk {
            cx.emit(Ev::DnbSiHitDiscarded {
                ship: p.ship.clone(),
                by: p.by.clone(),
            });
            continue;
        }
        match p.hit {
            HitKind::Si => si_hit(cx, i, &p.by, &mut flipped),
            HitKind::Critical { critical } => {
                critical_effect(cx, turn, i, critical, &p.by, &mut flipped)?
            }
        }
    }
    cx.emit(Ev::DnbPendingResolved);
    for i in 0..cx.state.ships.len() {
        let s = &cx.state.ships[i];
        if s.st.face != Face::Back || s.st.status == Status::Sunk {
            continue;
        }
        let id = s.id().to_string();
        let left = s.si_left();
        if left < 0 {
            cx.emit(Ev::DnbSank {
                ship: id,
                why: format!("heavily damaged, SI {left}: below zero (6.11b)"),
            });
        } else if left == 0 && s.st.status == Status::Afloat {
            cx.emit(Ev::DnbHulked { ship: id });
        }
    }
    Ok(())
}

/// One SI hit (6.11): counts against the side that is up; more hits than the front SI flip
/// the counter, or sink a ship with no back.
fn si_hit(cx: &mut Cx<'_>, i: usize, by: &str, flipped: &mut Vec<usize>) {
    let id = cx.state.ships[i].id().to_string();
    if flipped.contains(&i) || cx.state.ships[i].st.status == Status::Sunk {
        cx.emit(Ev::DnbSiHitDiscarded {
            ship: id,
            by: by.to_string(),
        });
        return;
    }
    cx.emit(Ev::DnbSiHit {
        ship: id.clone(),
        by: by.to_string(),
    });
    let s = &cx.state.ships[i];
    if s.st.face == Face::Front && s.st.hits > s.spec.front.si {
        if s.spec.back.is_some() {
            cx.emit(Ev::DnbFlipped { ship: id });
            flipped.push(i);
        } else {
            let why = format!(
                "{} SI hits exceed SI {} and the counter has no heavily damaged side (6.11)",
                s.st.hits, s.spec.front.si
            );
            cx.emit(Ev::DnbSank { ship: id, why });
        }
    }
}

/// A critical hit takes effect (Critical Hit Table, 6.8-6.10); a redundant one becomes an SI
/// hit (6.8).
fn critical_effect(
    cx: &mut Cx<'_>,
    turn: u32,
    i: usize,
    kind: CritKind,
    by: &str,
    flipped: &mut Vec<usize>,
) -> Result<(), String> {
    let s = cx.state.ships[i].clone();
    let id = s.id().to_string();
    let redundant = match kind {
        CritKind::SteeringJammed => s.steering_turns_left(turn) > 0,
        CritKind::EquipmentDamaged => {
            s.equipment_damaged(turn) && (s.st.torps_out || !s.has_torpedoes())
        }
        CritKind::WaterlineHit | CritKind::Fire => false,
        CritKind::DeadInWater => s.is_diw(),
        CritKind::Catastrophic => s.st.status == Status::Hulk,
    };
    if redundant {
        cx.emit(Ev::DnbCriticalRedundant {
            ship: id,
            critical: kind,
        });
        si_hit(cx, i, by, flipped);
        return Ok(());
    }
    match kind {
        CritKind::SteeringJammed => {
            let face = cx.roll(
                Die::D6,
                format!(
                    "{}: steering jammed, turns = 1d6 halved, rounded down (Critical Hit Table 1)",
                    s.spec.name
                ),
            )?;
            let turns = cx.tables.steering_turns.cell(face)?.turns.unwrap_or(0);
            cx.emit(Ev::DnbSteeringJammed {
                ship: id,
                face,
                turns,
                until: (turns > 0).then(|| turn.saturating_add(turns - 1)),
            });
        }
        CritKind::EquipmentDamaged => cx.emit(Ev::DnbEquipmentDamaged {
            ship: id,
            turn,
            torps_out: s.has_torpedoes() && !s.st.torps_out,
        }),
        CritKind::WaterlineHit => {
            let n = s.st.waterline_hits + 1;
            let step = cx.tables.waterline_step(n)?.clone();
            match step.result.as_str() {
                "slowed" => {
                    let now = s.counter().speed.min(s.st.speed_cap.unwrap_or(u32::MAX));
                    let cap = if now > 2 {
                        step.speed
                    } else {
                        step.speed_if_at_most_2.or(step.speed)
                    };
                    cx.emit(Ev::DnbWaterlineHit {
                        ship: id,
                        count: n,
                        speed_cap: cap,
                        maneuver_cap: step.maneuver,
                        dead_in_water: false,
                    })
                }
                "dead_in_water" => cx.emit(Ev::DnbWaterlineHit {
                    ship: id,
                    count: n,
                    speed_cap: None,
                    maneuver_cap: None,
                    dead_in_water: true,
                }),
                _ => {
                    cx.emit(Ev::DnbWaterlineHit {
                        ship: id,
                        count: n,
                        speed_cap: None,
                        maneuver_cap: None,
                        dead_in_water: false,
                    });
                    si_hit(cx, i, by, flipped);
                }
            }
        }
        CritKind::Fire => cx.emit(Ev::DnbFireStarted { ship: id }),
        CritKind::DeadInWater => cx.emit(Ev::DnbDeadInWater {
            ship: id,
            repair_turn: turn.saturating_add(1),
        }),
        CritKind::Catastrophic => cx.emit(Ev::DnbCatastrophic { ship: id }),
    }
    Ok(())
}

/// End a phase: fire what the one schedule says is due now, in its order; the end of the
/// Administrative Phase also ends the turn.
pub fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
    for d in due_now(&cx.state, turn, phase) {
        fire(cx, turn, &d)?;
    }
    if phase == Phase::Administrative {
        cx.emit(Ev::DnbTurnEnded { turn });
    }
    Ok(())
}

fn fire(cx: &mut Cx<'_>, turn: u32, d: &Due) -> Result<(), String> {
    let ship = d.ship.and_then(|i| cx.state.ships.get(i).cloned());
    let name = ship.as_ref().map_or(String::new(), |s| s.spec.name.clone());
    let id = ship.as_ref().map_or(String::new(), |s| s.id().to_string());
    let status = ship.as_ref().map(|s| s.st.status);
    match d.kind {
        TimerKind::PendingHits => resolve_pending(cx, turn)?,
        TimerKind::DiwRepair => {
            let Some(s) = ship.filter(|s| s.st.status == Status::Afloat) else {
                return Ok(());
            };
            if !matches!(s.st.diw, Some(x) if !x.permanent && x.repair_turn == Some(turn)) {
                return Ok(());
            }
            let face = cx.roll(
                Die::D6,
                format!(
                    "{name}: dead in the water repair roll, 1-2 repaired (Critical Hit Table 5)"
                ),
            )?;
            let repaired = cx.tables.dead_in_water_repair.result(face)? == "repaired";
            let next = match (repaired, cx.state.options.diw_repair) {
                (false, DiwRepair::EachTurn) => Some(turn.saturating_add(1)),
                _ => None,
            };
            cx.emit(Ev::DnbDiwRepairRolled {
                ship: id,
                face,
                repaired,
                next,
            });
        }
        TimerKind::HulkSinking => {
            if status != Some(Status::Hulk) {
                return Ok(());
            }
            let face = cx.roll(
                Die::D6,
                format!("{name}: hulk sinking roll, 1-2 sinks (6.12)"),
            )?;
            let sank = cx.tables.hulk_sinking.result(face)? == "sinks";
            cx.emit(Ev::DnbHulkRolled {
                ship: id,
                face,
                sank,
            });
        }
        TimerKind::FireMarkers => {
            // Markers go with a ship that sank this phase (6.12a).
            let Some(i) = d.ship else { return Ok(()) };
            let n = cx.state.ships[i].st.fires;
            if cx.state.ships[i].st.status == Status::Sunk {
                return Ok(());
            }
            for k in 1..=n {
                let face = cx.roll(
                    Die::D6,
                    format!("{name}: fire marker {k} of {n}, removal roll, 1-3 removed (6.10b)"),
                )?;
                let removed = cx.tables.fire_marker.result(face)? == "removed";
                cx.emit(Ev::DnbFireRolled {
                    ship: id.clone(),
                    face,
                    removed,
                });
            }
        }
        TimerKind::SmokeMarkers => {
            let n = cx.state.smoke_markers;
            for k in 1..=n {
                let face = cx.roll(
                    Die::D6,
                    format!("smoke marker {k} of {n}, removal roll, 1-3 removed (8.7)"),
                )?;
                let removed = cx.tables.smoke_marker.result(face)? == "removed";
                cx.emit(Ev::DnbSmokeRolled { face, removed });
            }
        }
        TimerKind::SteeringFreed => {
            if ship.is_some_and(|s| s.st.steering_until == Some(turn)) {
                cx.emit(Ev::DnbSteeringFreed { ship: id });
            }
        }
        TimerKind::EquipmentRestored => {
            if ship.is_some_and(|s| s.st.equipment_turn == Some(turn)) {
                cx.emit(Ev::DnbEquipmentRestored { ship: id });
            }
        }
        TimerKind::GameOver => cx.emit(Ev::DnbGameOver { turn }),
    }
    Ok(())
}
