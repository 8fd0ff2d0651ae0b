//! `decide`: a command and the state become events (with their dice), or a precise error.
//! The state is never changed here; `GameState::apply` folds the events.
use crate::core::dice::{DiceSource, Die, DieRequest, Roll};
use crate::rulesets::fgdn::clock::{Clock, Hhmm, Phase, Scale, MINUTES_PER_DAY};
use crate::rulesets::fgdn::command::{
    suggest, Aspect, Command, Depth, Penetration, RangeBand, Weapon,
};
use crate::rulesets::fgdn::event::{Casualty, Event, PendingHit, Struck};
use crate::rulesets::fgdn::grounding::{self, Grounding};
use crate::rulesets::fgdn::kinds::SizeClass;
use crate::rulesets::fgdn::state::{GameState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{damage_control, repairs, resolve};

pub use crate::core::ruleset::RuleError;

fn refused<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
}

/// The working context of one decision: a scratch copy of the state that every emitted event is
/// applied to at once, so later steps see earlier results (damage before the ratio, and so on).
pub struct Ctx<'a> {
    pub tables: &'a Tables,
    pub state: GameState,
    pub events: Vec<Event>,
    dice: &'a mut dyn DiceSource,
}

impl<'a> Ctx<'a> {
    pub fn emit(&mut self, e: Event) {
        self.state.apply(&e);
        self.events.push(e);
    }

    /// Roll one die for the ship with index `ship`: the next queued face if any (it must fit),
    /// else the dice source.
    pub fn roll(&mut self, ship: usize, die: Die, purpose: String) -> Result<u32, RuleError> {
        self.roll_for(Some(ship), die, purpose)
    }

    /// `roll` for the ship with index `ship`, or for no ship (a salvo's D100 when the `chance`
    /// command names no firing ship).
    pub fn roll_for(
        &mut self,
        ship: Option<usize>,
        die: Die,
        purpose: String,
    ) -> Result<u32, RuleError> {
        let req = DieRequest {
            die,
            purpose: &purpose,
            seed: self.state.seed,
            serial: self.state.dice_rolled,
        };
        let (face, provenance) =
            crate::core::dice::next_face(self.state.dice_queue.front().copied(), &req, self.dice)?;
        self.emit(Event::Rolled {
            ship: ship.map(|i| self.state.ships[i].id().to_string()),
            roll: Roll {
                die,
                face,
                purpose,
                provenance,
            },
        });
        Ok(face)
    }

    /// Ship name for dice purposes.
    pub fn ship_name(&self, idx: usize) -> String {
        self.state.ships[idx].spec.name.clone()
    }
}

/// Resolve a ship id typed by the umpire.
pub fn find_ship(state: &GameState, id: &str) -> Result<usize, RuleError> {
    // By name too (`log --ship "SMS G 11"`, SPEC 10): ids never hold spaces.
    if let Some(i) = state
        .ships
        .iter()
        .position(|s| s.spec.name.eq_ignore_ascii_case(id.trim()))
        .filter(|_| state.ship_index(&id.to_ascii_lowercase()).is_none())
    {
        return Ok(i);
    }
    let id = id.to_ascii_lowercase();
    state.ship_index(&id).ok_or_else(|| {
        let ids: Vec<&str> = state.ships.iter().map(|s| s.id()).collect();
        RuleError::UnknownShip {
            hint: suggest(&id, &ids)
                .map(|s| format!(" (did you mean \"{s}\"?)"))
                .unwrap_or_default(),
            id,
            ships: ids.join(", "),
        }
    })
}

/// Most phases one `until` may advance (24 hours of tactical turns).
const MAX_UNTIL_PHASES: usize = (MINUTES_PER_DAY as usize / 3 + 1) * 6;

pub fn decide(
    state: &GameState,
    tables: &Tables,
    command: &Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx {
        tables,
        state: state.clone(),
        events: Vec::new(),
        dice,
    };
    if matches!(
        command,
        Command::Hit { .. }
            | Command::Crit { .. }
            | Command::Fire { .. }
            | Command::Flood { .. }
            | Command::Crew { .. }
            | Command::Assist { .. }
            | Command::Magazines { .. }
            | Command::FloodHold { .. }
            | Command::Purge { .. }
            | Command::Orders { .. }
            | Command::Transfer { .. }
            | Command::Rescue { .. }
            | Command::AirshipHit { .. }
            | Command::Plane { .. }
            | Command::Scale(_)
    ) {
        let word = command.to_string();
        let word = word.split(' ').next().unwrap_or("");
        repairs::refuse_after_battle(&ctx.state, word)?;
    }
    match command {
        Command::EndBattle => repairs::end_battle(&mut ctx)?,
        Command::SeaState(n) => repairs::set_sea_state(&mut ctx, *n)?,
        Command::Serviceability => repairs::serviceability(&mut ctx)?,
        Command::Turn if ctx.state.post_battle.is_some() => end_phase(&mut ctx)?,
        Command::Dice(faces) => ctx.emit(Event::DiceQueued {
            faces: faces.clone(),
        }),
        Command::Next => end_phase(&mut ctx)?,
        Command::Turn => {
            let turn = ctx.state.clock.turn;
            while ctx.state.clock.turn == turn {
                end_phase(&mut ctx)?;
            }
        }
        Command::Until { time, phase, day } => until(&mut ctx, *time, *phase, *day)?,
        Command::Scale(scale) => set_scale(&mut ctx, *scale)?,
        Command::Hit { ship, dp, opts } => enter_hit(&mut ctx, ship, *dp, opts)?,
        Command::Plane { ship, plane } => {
            let i = afloat_ship(&ctx.state, ship)?;
            check_hit_phase(ctx.state.clock, Weapon::Shell)?;
            crate::rulesets::fgdn::flight::hit(&mut ctx, i, *plane)?;
        }
        Command::Base { ship, base } => repairs::set_base(&mut ctx, ship, *base)?,
        Command::AirshipHit { ship, part } => {
            let i = afloat_ship(&ctx.state, ship)?;
            check_hit_phase(ctx.state.clock, Weapon::Shell)?;
            crate::rulesets::fgdn::airship::hit(&mut ctx, i, *part)?;
        }
        Command::Crit { ship, kind } => {
            let i = afloat_ship(&ctx.state, ship)?;
            crate::rulesets::fgdn::airship::refuse(&ctx.state.ships[i], "crit")?;
            crate::rulesets::fgdn::flight::refuse(&ctx.state.ships[i], "crit")?;
            if kind.submarine_only() && ctx.state.ships[i].sub.is_none() {
                let s = &ctx.state.ships[i];
                return refused(format!(
                    "{} is a submarine critical (Critical Hit Table submarine columns, 8.1.4, 8.3); {} ({}) is a surface ship and never suffers it",
                    crate::core::words::words(kind.name()),
                    s.spec.name,
                    s.id()
                ));
            }
            let mut c = resolve::CritContext::plain(true);
            resolve::inflict_critical(&mut ctx, i, *kind, "declared by the umpire", None, &mut c)?;
            resolve::after_command_damage(&mut ctx, i, &c)?;
        }
        Command::Fire { ship, pct } | Command::Flood { ship, pct } => {
            let i = afloat_ship(&ctx.state, ship)?;
            let word = if matches!(command, Command::Fire { .. }) {
                "fire"
            } else {
                "flood"
            };
            crate::rulesets::fgdn::airship::refuse(&ctx.state.ships[i], word)?;
            crate::rulesets::fgdn::flight::refuse(&ctx.state.ships[i], word)?;
            let casualty = if matches!(command, Command::Fire { .. }) {
                Casualty::Fire
            } else {
                Casualty::Flood
            };
            let immediate = ctx.state.ships[i].is_small_craft();
            resolve::start_casualty(
                &mut ctx,
                i,
                casualty,
                *pct,
                immediate,
                "declared by the umpire".into(),
            );
        }
        Command::Adjust {
            ship,
            field,
            value,
            reason,
        } => adjust(&mut ctx, ship, field, *value, reason)?,
        Command::Crew { ship, battery } => damage_control::send_crews(&mut ctx, ship, *battery)?,
        Command::Assist { helper, ship } => damage_control::assist(&mut ctx, helper, ship)?,
        Command::Release { helper } => damage_control::release(&mut ctx, helper)?,
        Command::Magazines { ship } => damage_control::flood_magazines(&mut ctx, ship)?,
        Command::FloodHold { ship, hold } => {
            crate::rulesets::fgdn::cargo::flood_hold(&mut ctx, ship, hold)?
        }
        Command::Purge { ship } => crate::rulesets::fgdn::aviation::purge(&mut ctx, ship)?,
        Command::Orders { ship, ignored } => damage_control::set_orders(&mut ctx, ship, *ignored)?,
        Command::Note(text) => ctx.emit(Event::Note { text: text.clone() }),
        Command::Transfer { from, to, speed } => {
            crate::rulesets::fgdn::transfer::transfer(&mut ctx, from, to, *speed)?
        }
        Command::Rescue { ship, from } => {
            crate::rulesets::fgdn::rescue::rescue(&mut ctx, ship, from.as_deref())?
        }
        Command::SubDepth { ship, depth, speed } => {
            let i = find_ship(&ctx.state, ship)?;
            crate::rulesets::fgdn::submarine::set_depth(&mut ctx, i, *depth, *speed)?;
        }
        Command::Beach { ship, aground } => {
            let how = if *aground {
                Grounding::Aground
            } else {
                Grounding::Beached
            };
            grounding::beach(&mut ctx, ship, how)?
        }
        Command::Refloat { ship } => grounding::refloat(&mut ctx, ship)?,
        Command::Chance(c) => crate::rulesets::fgdn::chance::decide(&mut ctx, c)?,
        // The dashboard's dice mode, recorded for the next opening: no rule reads it.
        Command::DiceMode { .. } => {}
        Command::Undo | Command::Redo | Command::Expect { .. } | Command::ExpectClock { .. } => {
            return refused(format!(
                "\"{command}\" is handled by the game history, not the rules"
            ))
        }
    }
    // A ship lost by this command leaves survivors (FG&DN 8.6, optional).
    crate::rulesets::fgdn::rescue::after_losses(&mut ctx, state)?;
    Ok(ctx.events)
}

fn afloat_ship(state: &GameState, id: &str) -> Result<usize, RuleError> {
    let i = find_ship(state, id)?;
    let s = &state.ships[i];
    match s.status {
        ShipStatus::Sunk => refused(format!("{} ({}) has sunk", s.spec.name, s.id())),
        _ => Ok(i),
    }
}

/// End the current phase: resolve its pending hits, fire everything due, move on (SPEC 3.2).
pub fn end_phase(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    if ctx.state.post_battle.is_some() {
        return repairs::end_mark(ctx);
    }
    let clock = ctx.state.clock;
    ctx.emit(Event::PhaseEnded { clock });
    for i in 0..ctx.state.ships.len() {
        if !ctx.state.ships[i].pending.is_empty() {
            resolve::resolve_hits(ctx, i)?;
        }
    }
    for i in 0..ctx.state.ships.len() {
        resolve::timed_effects(ctx, i)?;
    }
    ctx.emit(Event::ClockMoved {
        to: clock.after_phase(),
    });
    Ok(())
}

/// How far back a time of day may be and still be read as tomorrow's (`until 0010` at 2350):
/// more is a slip (`until 1200` typed at 1430) and needs `day N` (SPEC 10).
const UNTIL_WRAP_MAX: u32 = MINUTES_PER_DAY / 2;

fn until(
    ctx: &mut Ctx<'_>,
    time: u32,
    phase: Option<Phase>,
    day: Option<u32>,
) -> Result<(), RuleError> {
    if ctx.state.post_battle.is_some() {
        return repairs::until_mark(ctx, time, phase);
    }
    let c = ctx.state.clock;
    let day_start = c.turn - c.turn % MINUTES_PER_DAY;
    let phase_word = phase.map(|p| format!(" {p}")).unwrap_or_default();
    let target = match day {
        Some(d) => {
            let target = (d.max(1) - 1) * MINUTES_PER_DAY + time;
            if target < c.turn {
                return refused(format!(
                    "{} on day {d} is in the past: it is {} on day {}",
                    Hhmm(time),
                    c.label(),
                    c.day()
                ));
            }
            target
        }
        None if day_start + time >= c.turn => day_start + time,
        None => {
            let target = day_start + time + MINUTES_PER_DAY;
            if target - c.turn > UNTIL_WRAP_MAX {
                let walk = target - c.turn;
                return refused(format!(
                    "{} is earlier than now ({} on day {}): until would walk {} h {:02} min to {} on day {}; if that is meant, type: until {}{phase_word} day {}",
                    Hhmm(time),
                    c.label(),
                    c.day(),
                    walk / 60,
                    walk % 60,
                    Hhmm(time),
                    c.day() + 1,
                    Hhmm(time),
                    c.day() + 1
                ));
            }
            target
        }
    };
    let len = c.scale.turn_minutes();
    if !(target - c.turn).is_multiple_of(len) {
        return refused(format!(
            "{} is not the start of a turn: {} turns of {len} minutes start at {}, {}, ...",
            Hhmm(time),
            c.scale,
            c.label(),
            crate::rulesets::fgdn::clock::label(c.turn + len)
        ));
    }
    let phase = phase.unwrap_or(Phase::Plotting);
    if !c.scale.phases().contains(&phase) {
        return refused(format!("{} turns have no {} phase", c.scale, phase.words()));
    }
    let goal = Clock {
        turn: target,
        phase,
        scale: c.scale,
    };
    if target == c.turn && goal.phase_index() < c.phase_index() {
        return refused(format!(
            "the clock is already past {} {} (it is {c})",
            Hhmm(time),
            phase.words()
        ));
    }
    let mut steps = 0;
    while ctx.state.clock.turn != goal.turn || ctx.state.clock.phase != goal.phase {
        end_phase(ctx)?;
        steps += 1;
        if steps > MAX_UNTIL_PHASES {
            return refused("until would run for more than a day of game time");
        }
    }
    Ok(())
}

fn set_scale(ctx: &mut Ctx<'_>, scale: Scale) -> Result<(), RuleError> {
    let c = ctx.state.clock;
    if c.scale == scale {
        return refused(format!("the clock is already in {scale} scale"));
    }
    if c.phase != Phase::Plotting {
        return refused(format!(
            "the scale changes at a turn boundary: use it in the plotting phase (it is {c}; `turn` moves to the next one)"
        ));
    }
    let o = ctx.state.clock_options;
    if scale == Scale::Intermediate
        && c.turn >= o.anchor
        && !(c.turn - o.anchor).is_multiple_of(o.interval)
    {
        return refused(format!(
            "intermediate turns start at intermediate marks: the next is {} (use `until {}` first)",
            crate::rulesets::fgdn::clock::label(o.next_mark_after(c.turn)),
            crate::rulesets::fgdn::clock::label(o.next_mark_after(c.turn))
        ));
    }
    ctx.emit(Event::ScaleChanged { scale });
    Ok(())
}

/// Phases in which hits may be entered (SPEC 3.2; FG&DN 8.1 turn sequence).
fn check_hit_phase(clock: Clock, weapon: Weapon) -> Result<(), RuleError> {
    let underwater = matches!(weapon, Weapon::Torpedo | Weapon::Mine);
    let ok = match (clock.phase, underwater) {
        (Phase::Plotting, _) | (Phase::Detection, _) => false,
        (Phase::Movement, _) => true,
        (_, true) => clock.scale == Scale::Intermediate,
        (_, false) => true,
    };
    if ok {
        Ok(())
    } else if underwater {
        refused(format!(
            "{weapon} hits are entered in the movement phase (it is {clock})"
        ))
    } else {
        refused(format!(
            "no combat is resolved in the {} phase; enter hits in the movement, planned fire, reaction fire or resolution phase",
            clock.phase.words()
        ))
    }
}

fn enter_hit(
    ctx: &mut Ctx<'_>,
    ship: &str,
    dp: u32,
    opts: &crate::rulesets::fgdn::command::HitOpts,
) -> Result<(), RuleError> {
    let i = afloat_ship(&ctx.state, ship)?;
    crate::rulesets::fgdn::airship::refuse(&ctx.state.ships[i], "hit")?;
    crate::rulesets::fgdn::flight::refuse(&ctx.state.ships[i], "hit")?;
    check_hit_phase(ctx.state.clock, opts.weapon)?;
    let s = &ctx.state.ships[i];
    let name = s.spec.name.clone();
    let id = s.id().to_string();
    let armor = s.spec.armor;
    let underwater = matches!(opts.weapon, Weapon::Torpedo | Weapon::Mine);
    if let Some(p) = crate::rulesets::fgdn::submarine::attack_problem(s, opts.attack) {
        return refused(p);
    }
    let attack_text = opts
        .attack
        .map(|a| format!(", {a} underwater attack (8.1.4)"))
        .unwrap_or_default();
    if underwater {
        if opts.penetration != Penetration::Full {
            return refused(format!(
                "nopen and pen apply to shells and bombs; a {} is resolved against the belt and protection system",
                opts.weapon
            ));
        }
        if opts.depth == Some(Depth::Deep) && s.spec.size >= SizeClass::C {
            return refused(format!(
                "a deep-running torpedo runs under size {} ships (8.1.7): use depth shallow",
                s.spec.size
            ));
        }
        let narrow = matches!(opts.aspect, Some(Aspect::Bow) | Some(Aspect::Stern));
        let deep = opts.depth.unwrap_or(if s.spec.size <= SizeClass::B {
            Depth::Deep
        } else {
            Depth::Shallow
        }) == Depth::Deep;
        if opts.weapon == Weapon::Torpedo
            && deep
            && !narrow
            && s.spec.armor.tds > 0
            && opts.side.is_none()
        {
            return refused(format!(
                "{name} has a torpedo protection system on each side: give side port or side starboard"
            ));
        }
    } else if opts.depth.is_some() || opts.aspect.is_some() {
        return refused("depth and aspect apply to torpedo hits (weapon torpedo)");
    }
    if let Some(w) = opts.bomb {
        if !opts.weapon.is_bomb() {
            return refused(format!(
                "a weight ({w}) is given for bombs: use it with weapon bomb or weapon skip_bomb"
            ));
        }
    }
    if opts.british_apc {
        if opts.weapon != Weapon::Shell {
            return refused("british_apc is a kind of shell: use it with weapon shell");
        }
        if !ctx.state.rules.faulty_british_apc {
            return refused(
                "british_apc needs the optional faulty-shells rule: set faulty_british_apc = true in the scenario [options] (8.1.6.1)",
            );
        }
        if opts.caliber.is_none() {
            return refused(
                "british_apc needs the shell's calibre (caliber MM): the rule compares the belt with a third of the diameter (8.1.6.1)",
            );
        }
    }
    let hit = if underwater {
        PendingHit {
            dp,
            damage: dp,
            penetrated: true,
            struck: None,
            weapon: opts.weapon,
            caliber: opts.caliber,
            range: opts.range,
            side: opts.side,
            depth: opts.depth,
            aspect: opts.aspect,
            attack: opts.attack,
            casemate: None,
            bomb: None,
            explain: format!("{} of {dp} DP{attack_text}", opts.weapon),
        }
    } else {
        let mut casemate = None;
        let (penetrated, struck, explain) = match opts.penetration {
            Penetration::Full => (true, None, "penetrating".to_string()),
            Penetration::NoPen => (false, None, "non-penetrating".to_string()),
            Penetration::Pen(n) => {
                // Bombs, rockets and strafing strike the deck, skip bombs the belt (8.1.6).
                let struck = if opts.weapon.strikes_deck() {
                    Struck::Deck
                } else if opts.weapon == Weapon::SkipBomb {
                    Struck::Belt
                } else {
                    let belt_chance = match opts.range {
                        Some(RangeBand::Long) => Some(70),
                        Some(RangeBand::Extreme) => Some(40),
                        _ => None,
                    };
                    match belt_chance {
                        None => Struck::Belt,
                        Some(chance) => {
                            let band = opts.range.map(|r| r.name()).unwrap_or("");
                            let d = ctx.roll(
                                i,
                                Die::D100,
                                format!("belt or deck, {band} range (belt on 1-{chance}), {name}"),
                            )?;
                            if d <= chance {
                                Struck::Belt
                            } else {
                                Struck::Deck
                            }
                        }
                    }
                };
                let rating = match struck {
                    Struck::Belt => armor.belt,
                    Struck::Deck => armor.deck,
                };
                let pen = penetrates(n, rating);
                let which = match struck {
                    Struck::Belt => "belt",
                    Struck::Deck => "deck",
                };
                let verdict = if pen {
                    "penetrates"
                } else {
                    "does not penetrate"
                };
                let mut text = format!("pen {n} vs {which} {rating}: {verdict}");
                // 8.3 Casemate: the casemates' armor is two thirds of the belt. A shell on the
                // belt that gets through one and not the other counts for the casemate critical
                // by the casemate armor (only on a ship whose column has a casemate location).
                if struck == Struck::Belt && has_casemates(ctx.tables, &ctx.state.ships[i]) {
                    let c = casemate_rating(armor.belt);
                    let through = penetrates(n, c);
                    if through != pen {
                        casemate = Some(through);
                        text.push_str(&format!(
                            "; casemates (2/3 of belt = {c}): {} (8.3)",
                            if through {
                                "penetrates"
                            } else {
                                "does not penetrate"
                            }
                        ));
                    }
                }
                (pen, Some(struck), text)
            }
        };
        let (base, faulty) = faulty_shells(ctx, &name, dp, opts, penetrated, armor.belt)?;
        // 8.1.6 "Strafing attacks must penetrate the ships deck armor": with the reading
        // `strafing_must_penetrate`, one that does not does nothing (else half, as any hit).
        let none = opts.weapon == Weapon::Strafing && ctx.state.rules.strafing_must_penetrate;
        let damage = if penetrated {
            base
        } else if none {
            0
        } else {
            base / 2
        };
        let explain = if penetrated {
            format!("{} of {dp} DP, {explain}{faulty}", opts.weapon)
        } else if none {
            format!(
                "{} of {dp} DP, {explain}: strafing must penetrate the deck, no damage (8.1.6)",
                opts.weapon
            )
        } else {
            format!(
                "{} of {dp} DP, {explain}{faulty}: half = {damage}",
                opts.weapon
            )
        };
        PendingHit {
            dp,
            damage,
            penetrated,
            struck,
            weapon: opts.weapon,
            caliber: opts.caliber,
            range: opts.range,
            side: opts.side,
            depth: None,
            aspect: None,
            attack: opts.attack,
            casemate,
            bomb: opts.bomb,
            explain: format!("{explain}{attack_text}"),
        }
    };
    ctx.emit(Event::HitEntered { ship: id, hit });
    Ok(())
}

/// A penetration value against an armor rating (FG&DN 8.1.6): more than the rating gets
/// through; 0 against 0 does too.
fn penetrates(pen: u32, rating: u32) -> bool {
    pen > rating || (pen == 0 && rating == 0)
}

/// The casemates' armor: two thirds of the belt, rounded down (FG&DN 8.3 Casemate).
pub fn casemate_rating(belt: u32) -> u32 {
    belt * 2 / 3
}

/// Whether the ship's column of the Critical Hit Table has a Casemate location.
fn has_casemates(tables: &Tables, s: &crate::rulesets::fgdn::state::ShipState) -> bool {
    use crate::rulesets::fgdn::kinds::{CriticalKind, Location};
    (1..=20).any(|d| {
        tables
            .critical_hit
            .cell(s.spec.column, d)
            .is_some_and(|c| c.location == Location::Kind(CriticalKind::Casemate))
    })
}

/// Faulty shells (FG&DN 8.1.6.1, optional): a penetrating British APC shell at Long or Extreme
/// range against a belt of at least a third of its diameter (cm, rounded down) does x0.6; with
/// `faulty_shells_all` every other shell does x0.85. Rounded down. Returns the damage before
/// the non-penetration halving, and the words for the log.
fn faulty_shells(
    ctx: &Ctx<'_>,
    name: &str,
    dp: u32,
    opts: &crate::rulesets::fgdn::command::HitOpts,
    penetrated: bool,
    belt: u32,
) -> Result<(u32, String), RuleError> {
    if opts.weapon != Weapon::Shell {
        return Ok((dp, String::new()));
    }
    let rules = ctx.state.rules;
    if opts.british_apc {
        let cal = opts.caliber.unwrap_or(0.0);
        let need = (cal / 30.0).floor() as u32;
        let plunging = matches!(opts.range, Some(RangeBand::Long | RangeBand::Extreme));
        if penetrated && plunging && belt >= need {
            let d = dp * 6 / 10;
            return Ok((
                d,
                format!(
                    ", British APC against {name}'s belt {belt} >= {cal} mm / 3 = {need}: x0.6 = {d} (8.1.6.1)"
                ),
            ));
        }
        let why = if !penetrated {
            "does not penetrate"
        } else if !plunging {
            "not at long or extreme range"
        } else {
            "the belt is under a third of the diameter"
        };
        return Ok((dp, format!(", British APC performs ({why})")));
    }
    if rules.faulty_shells_all {
        let d = dp * 85 / 100;
        return Ok((d, format!(", faulty shells x0.85 = {d} (8.1.6.1)")));
    }
    Ok((dp, String::new()))
}

fn adjust(
    ctx: &mut Ctx<'_>,
    ship: &str,
    field: &str,
    value: i64,
    reason: &str,
) -> Result<(), RuleError> {
    let i = find_ship(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    let (old, max) = match field {
        "damage" => (
            s.damage as i64,
            if s.is_small_craft() {
                u32::MAX as i64
            } else if s.grounded.is_some() {
                grounding::destroyed_at(s) as i64 - 1
            } else {
                s.spec.dp as i64 - 1
            },
        ),
        "tds.port" => (s.tds_left[0] as i64, s.spec.armor.tds as i64),
        "tds.starboard" => (s.tds_left[1] as i64, s.spec.armor.tds as i64),
        other => return refused(format!("adjust cannot set \"{other}\"")),
    };
    if value < 0 || value > max {
        let extra = if field == "damage" && !s.is_small_craft() {
            " (a ship brought to 0 DP must roll for sinking: use hit)"
        } else {
            ""
        };
        return refused(format!(
            "{field} of {} must be 0-{max}, not {value}{extra}",
            s.spec.name
        ));
    }
    let id = s.id().to_string();
    ctx.emit(Event::Adjusted {
        ship: id,
        field: field.to_string(),
        old,
        new: value,
        reason: reason.to_string(),
    });
    Ok(())
}
