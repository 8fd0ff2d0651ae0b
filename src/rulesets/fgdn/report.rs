//! The after-action report (issue 5): what an organiser keeps of a battle. Built from the log's
//! recorded events of the entries still in effect ([`super::history::walk_in_effect`]); nothing is
//! rolled again and an undone command counts for nothing. The faces (`cli::report`) render it
//! as Markdown, HTML, CSV or JSON; JSON is this structure as it stands.
use crate::rulesets::fgdn::clock::{day, label, Clock, Minute, Phase};
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::history::{walk_in_effect, Moment};
use crate::rulesets::fgdn::kinds::{CriticalKind, SeverityLevel};
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{Entry, Game};
use serde::Serialize;

/// Version of the report's JSON layout.
pub const REPORT_VERSION: u32 = 1;

/// A moment of game time: day, turn (HHMM) and phase, and the absolute minute for charts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameTime {
    pub day: u32,
    pub time: String,
    pub phase: Phase,
    /// Minutes since 0000 of day 1.
    pub minute: Minute,
}

impl GameTime {
    pub fn of(clock: &Clock) -> GameTime {
        GameTime {
            day: clock.day(),
            time: clock.label(),
            phase: clock.phase,
            minute: clock.turn,
        }
    }

    /// `1403 planned_fire`, with `day 2` in front from the second day on.
    pub fn text(&self) -> String {
        if self.day > 1 {
            format!("day {} {} {}", self.day, self.time, self.phase)
        } else {
            format!("{} {}", self.time, self.phase)
        }
    }
}

/// The log entry a record comes from: its number, the command as typed, its wall-clock time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryRef {
    pub seq: u64,
    pub command: String,
    pub wall: Option<String>,
}

impl EntryRef {
    fn of(entry: &Entry) -> EntryRef {
        EntryRef {
            seq: entry.seq,
            command: entry.as_typed().to_string(),
            wall: entry.wall.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub version: u32,
    pub scenario: String,
    pub date: Option<String>,
    pub ruleset: String,
    pub summary: Summary,
    /// Per side, in the order sides first appear in the scenario.
    pub sides: Vec<SideTotals>,
    /// Per ship, in scenario order.
    pub ships: Vec<ShipReport>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// The scenario's start and where the clock stands at the end of the log.
    pub start: GameTime,
    pub end: GameTime,
    /// Game minutes from the start to the start of the current turn.
    pub minutes: u32,
    /// When `end-battle` was entered (the post-battle timeline follows), if it was.
    pub battle_ended: Option<GameTime>,
    /// Wall-clock time of the first and last log entries (RFC 3339), when recorded.
    pub wall_first: Option<String>,
    pub wall_last: Option<String>,
    /// Log entries, those still in effect, and those undone.
    pub entries: usize,
    pub in_effect: usize,
    pub undone: usize,
    pub ships: usize,
    pub engaged: usize,
    pub damaged: usize,
    pub lost: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideTotals {
    pub side: String,
    pub ships: usize,
    /// Hit, damaged, given a critical or a fire or flood (rules-notes: report).
    pub engaged: usize,
    /// Took damage or a critical.
    pub damaged: usize,
    /// Sunk, or sinking at the end of the log.
    pub lost: usize,
    pub lost_ships: Vec<String>,
    pub dp: u32,
    pub damage: u32,
    pub dp_left: u32,
    pub hit_damage: u32,
    pub fire_damage: u32,
    pub flood_damage: u32,
    pub criticals: usize,
    pub fires: usize,
    pub floods: usize,
    pub dc_rolls: usize,
    /// Knots of maximum speed lost, summed over the side's ships still afloat.
    pub speed_lost: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShipReport {
    pub id: String,
    pub name: String,
    pub side: String,
    pub size: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub dp: u32,
    pub speed: u32,
    pub engaged: bool,
    pub damaged: bool,
    /// At the end of the log, as in the status (SPEC 5).
    pub status: &'static str,
    pub damage: u32,
    pub dp_left: u32,
    pub speed_max: u32,
    /// Undamaged speed minus the maximum speed now (0 once sunk: a lost ship's speed is moot).
    pub speed_lost: u32,
    pub fire_pct: u32,
    pub flood_pct: u32,
    pub severity: SeverityLevel,
    /// Hits resolved on the ship and the damage they did (after armor).
    pub hits: u32,
    pub hit_damage: u32,
    /// Damage done by its fires and by its flooding.
    pub fire_damage: u32,
    pub flood_damage: u32,
    /// Damage taken over game time: one point per change, from 0 at the start.
    pub damage_timeline: Vec<DamagePoint>,
    pub criticals: Vec<CriticalRecord>,
    pub ignored_criticals: Vec<IgnoredCritical>,
    pub casualties: Vec<CasualtyCourse>,
    pub damage_control: Vec<DcRecord>,
    pub speed_changes: Vec<SpeedChange>,
    pub loss: Option<Loss>,
    /// A submarine's depth and state changes (8.1.4, 8.3) and crew transfers (8.1.9), each
    /// with its log line; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub other_events: Vec<OtherEvent>,
}

/// An event of the ship's battle outside damage, criticals and speed: its log line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OtherEvent {
    pub at: GameTime,
    pub what: String,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamagePoint {
    pub at: GameTime,
    /// Damage taken after the change, and DP left.
    pub damage: u32,
    pub dp_left: u32,
    /// The change (negative when DP came back: an adjustment, flooding pumped out).
    pub change: i64,
    pub cause: String,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CriticalRecord {
    pub at: GameTime,
    pub kind: CriticalKind,
    pub detail: String,
    /// How it was rolled: "D20 10 on the major column", "declared by the umpire", ...
    pub cause: String,
    /// What did the damage that caused it: the hits (with their commands), the fire and
    /// flooding damage, or the umpire's `crit` command.
    pub from: String,
    pub effect_applied: bool,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IgnoredCritical {
    pub at: GameTime,
    pub kind: CriticalKind,
    pub reason: String,
    pub entry: EntryRef,
}

/// How a fire or flood ended, if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Damage control took it to 0 %.
    Out,
    /// Brought under control at the end of the battle (`end-battle`).
    Secured,
    /// The ship was lost while it burned (flooded).
    ShipLost,
    /// Still burning (flooding) at the end of the log.
    Active,
}

impl Outcome {
    pub fn text(self) -> &'static str {
        match self {
            Outcome::Out => "put out",
            Outcome::Secured => "secured after the battle",
            Outcome::ShipLost => "ship lost",
            Outcome::Active => "still active",
        }
    }
}

/// A fire or flood from start to end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CasualtyCourse {
    pub casualty: Casualty,
    /// 1-based among the ship's fires (floods).
    pub number: usize,
    pub cause: String,
    pub started: GameTime,
    pub pct: u32,
    /// Turn of its first damage (HHMM).
    pub first_damage: String,
    pub immediate: bool,
    /// Every change in its course: damage done, severity changed by damage control.
    pub course: Vec<CourseStep>,
    pub damage_done: u32,
    pub peak_pct: u32,
    pub outcome: Outcome,
    pub ended: Option<GameTime>,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CourseStep {
    pub at: GameTime,
    /// Its % after the step.
    pub pct: u32,
    /// DP it did at this step (0 for a damage-control change).
    pub damage: u32,
    pub what: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DcRecord {
    pub at: GameTime,
    pub casualty: Casualty,
    pub roll: u32,
    pub modified: u32,
    pub column: SeverityLevel,
    pub effective_pct: i64,
    /// Signed % added (+) or removed (-).
    pub amount: i32,
    /// `7 % -> 5 %, 4 % -> out`, or `no change`.
    pub result: String,
    pub explain: String,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpeedChange {
    pub at: GameTime,
    pub from: u32,
    pub to: u32,
    /// The log line of the event that changed it.
    pub why: String,
    pub entry: EntryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Loss {
    pub cause: String,
    /// What did the damage that sank her (the hits with their commands, fire and flooding).
    pub from: Option<String>,
    /// Lost at once (magazine explosion, capsizing) rather than after a sinking countdown.
    pub at_once: bool,
    pub sinking_started: Option<GameTime>,
    /// D10 x 10 minutes of the countdown.
    pub minutes: Option<u32>,
    /// When she went down; None while still sinking at the end of the log.
    pub sunk_at: Option<GameTime>,
    /// HHMM she disappears while still sinking.
    pub sinks_at: Option<String>,
    /// The entry that started the countdown or lost her at once.
    pub entry: EntryRef,
    /// The entry during which she went down (the clock reaching the end of the countdown).
    pub sunk_entry: Option<EntryRef>,
}

/// What the walk keeps per ship while it goes.
#[derive(Default)]
struct Track {
    engaged: bool,
    ever_damaged: bool,
    hits: u32,
    hit_damage: u32,
    fire_damage: u32,
    flood_damage: u32,
    damage: u32,
    speed: Option<u32>,
    timeline: Vec<DamagePoint>,
    criticals: Vec<CriticalRecord>,
    ignored: Vec<IgnoredCritical>,
    fires: Vec<CasualtyCourse>,
    floods: Vec<CasualtyCourse>,
    dc: Vec<DcRecord>,
    speeds: Vec<SpeedChange>,
    loss: Option<Loss>,
    other: Vec<OtherEvent>,
    /// Hits entered and not yet resolved: their entries.
    pending: Vec<EntryRef>,
    /// The hits just resolved (at that time), for the damage that follows.
    resolved: Option<(Clock, Vec<EntryRef>)>,
    /// What did the last damage (at that time), for the criticals that follow.
    last_damage: Option<(Clock, String)>,
}

impl Track {
    fn courses(&mut self, c: Casualty) -> &mut Vec<CasualtyCourse> {
        match c {
            Casualty::Fire => &mut self.fires,
            Casualty::Flood => &mut self.floods,
        }
    }
}

fn hits_text(refs: &[EntryRef]) -> String {
    let list: Vec<String> = refs
        .iter()
        .map(|r| format!("#{} `{}`", r.seq, r.command))
        .collect();
    format!(
        "hit{} {}",
        if refs.len() == 1 { "" } else { "s" },
        list.join(", ")
    )
}

/// What did the ship's last damage, if it was done at `at`.
fn last_damage_from(track: &Track, at: Clock) -> Option<String> {
    match &track.last_damage {
        Some((when, from)) if *when == at => Some(from.clone()),
        _ => None,
    }
}

/// One event of the walk, folded into the ship's track.
fn record(track: &mut Track, m: &Moment<'_>, state: &GameState, tables: &Tables, ship: usize) {
    let s = &state.ships[ship];
    let at = GameTime::of(&m.at);
    let entry = EntryRef::of(m.entry);
    let line = || {
        crate::rulesets::fgdn::log::describe(state, state.clock, m.event)
            .map(|l| l.trim().to_string())
            .unwrap_or_default()
    };
    match m.event {
        Event::HitEntered { .. } => {
            track.engaged = true;
            track.pending.push(entry.clone());
        }
        Event::HitsResolved { total, count, .. } => {
            track.hits += count;
            track.hit_damage += total;
            track.resolved = Some((m.at, std::mem::take(&mut track.pending)));
        }
        Event::Damage { cause, .. } => {
            track.engaged = true;
            let from = match &track.resolved {
                Some((when, refs)) if *when == m.at && !refs.is_empty() => {
                    format!("{} ({cause})", hits_text(refs))
                }
                _ => cause.clone(),
            };
            track.last_damage = Some((m.at, from));
        }
        Event::Critical { critical, .. } => {
            track.engaged = true;
            let from = if m.entry.cmd.starts_with("crit ") {
                format!("umpire: #{} `{}`", entry.seq, entry.command)
            } else {
                last_damage_from(track, m.at).unwrap_or_else(|| critical.cause.clone())
            };
            track.criticals.push(CriticalRecord {
                at: at.clone(),
                kind: critical.kind,
                detail: critical.detail.clone(),
                cause: critical.cause.clone(),
                from,
                effect_applied: critical.effect
                    == crate::rulesets::fgdn::event::EffectStatus::Applied,
                entry: entry.clone(),
            });
        }
        Event::CriticalIgnored { kind, reason, .. } => track.ignored.push(IgnoredCritical {
            at: at.clone(),
            kind: *kind,
            reason: reason.clone(),
            entry: entry.clone(),
        }),
        Event::CasualtyStarted { casualty: f, .. } => {
            track.engaged = true;
            let list = track.courses(f.casualty);
            list.push(CasualtyCourse {
                casualty: f.casualty,
                number: list.len() + 1,
                cause: f.cause.clone(),
                started: at.clone(),
                pct: f.pct,
                first_damage: label(f.first_damage),
                immediate: f.immediate,
                course: Vec::new(),
                damage_done: 0,
                peak_pct: f.pct,
                outcome: Outcome::Active,
                ended: None,
                entry: entry.clone(),
            });
        }
        Event::CasualtyDamage {
            casualty,
            index,
            amount,
            next_due,
            ..
        } => {
            match casualty {
                Casualty::Fire => track.fire_damage += amount,
                Casualty::Flood => track.flood_damage += amount,
            }
            let pct = s.casualties(*casualty).get(*index).map_or(0, |f| f.pct);
            if let Some(c) = track.courses(*casualty).get_mut(*index) {
                c.damage_done += amount;
                c.course.push(CourseStep {
                    at: at.clone(),
                    pct,
                    damage: *amount,
                    what: format!(
                        "{amount} DP; next at {}",
                        next_due.map(label).unwrap_or_else(|| "-".into())
                    ),
                });
            }
        }
        Event::DamageControl {
            casualty,
            roll,
            modified,
            column,
            effective_pct,
            amount,
            changes,
            explain,
            ..
        } => {
            let result: Vec<String> = changes
                .iter()
                .map(crate::rulesets::fgdn::log::pct_change_text)
                .collect();
            for ch in changes {
                if let Some(c) = track.courses(*casualty).get_mut(ch.index) {
                    c.peak_pct = c.peak_pct.max(ch.to);
                    c.course.push(CourseStep {
                        at: at.clone(),
                        pct: ch.to,
                        damage: 0,
                        what: format!("damage control D10 {roll}: {} % -> {} %", ch.from, ch.to),
                    });
                    if ch.to == 0 {
                        c.outcome = Outcome::Out;
                        c.ended = Some(at.clone());
                    }
                }
            }
            track.dc.push(DcRecord {
                at: at.clone(),
                casualty: *casualty,
                roll: *roll,
                modified: *modified,
                column: *column,
                effective_pct: *effective_pct,
                amount: *amount,
                result: if result.is_empty() {
                    "no change".into()
                } else {
                    result.join(", ")
                },
                explain: explain.clone(),
                entry: entry.clone(),
            });
        }
        Event::CasualtiesSecured { .. } => {
            for c in track.fires.iter_mut().chain(track.floods.iter_mut()) {
                if c.outcome == Outcome::Active {
                    c.outcome = Outcome::Secured;
                    c.ended = Some(at.clone());
                }
            }
        }
        Event::SinkingStarted {
            minutes,
            due,
            cause,
            ..
        } => {
            track.loss = Some(Loss {
                cause: cause.clone(),
                from: last_damage_from(track, m.at),
                at_once: false,
                sinking_started: Some(at.clone()),
                minutes: Some(*minutes),
                sunk_at: None,
                sinks_at: Some(label(state.clock.first_turn_at_or_after(*due))),
                entry: entry.clone(),
                sunk_entry: None,
            });
        }
        Event::Sunk { .. } => {
            let loss = track.loss.get_or_insert_with(|| Loss {
                cause: "sunk".into(),
                from: None,
                at_once: false,
                sinking_started: None,
                minutes: None,
                sunk_at: None,
                sinks_at: None,
                entry: entry.clone(),
                sunk_entry: None,
            });
            loss.sunk_at = Some(at.clone());
            loss.sinks_at = None;
            loss.sunk_entry = Some(entry.clone());
        }
        Event::Submarine { .. }
        | Event::CrewTransfer(_)
        | Event::Rescue(_)
        | Event::Airship(_)
        | Event::Flight(_) => track.other.push(OtherEvent {
            at: at.clone(),
            what: line(),
            entry: entry.clone(),
        }),
        Event::SunkAtOnce { cause, .. } => {
            track.loss = Some(Loss {
                cause: cause.clone(),
                from: last_damage_from(track, m.at),
                at_once: true,
                sinking_started: None,
                minutes: None,
                sunk_at: Some(at.clone()),
                sinks_at: None,
                entry: entry.clone(),
                sunk_entry: Some(entry.clone()),
            });
        }
        _ => {}
    }
    if !s.is_afloat() {
        for c in track.fires.iter_mut().chain(track.floods.iter_mut()) {
            if c.outcome == Outcome::Active {
                c.outcome = Outcome::ShipLost;
                c.ended = Some(at.clone());
            }
        }
    }
    if s.damage != track.damage {
        track.ever_damaged = true;
        track.timeline.push(DamagePoint {
            at: at.clone(),
            damage: s.damage,
            dp_left: s.dp_left(),
            change: i64::from(s.damage) - i64::from(track.damage),
            cause: line(),
            entry: entry.clone(),
        });
        track.damage = s.damage;
    }
    let speed = crate::rulesets::fgdn::speed::speed_max(tables, s).0;
    let was = track.speed.unwrap_or(s.spec.speed);
    if speed != was {
        track.speeds.push(SpeedChange {
            at,
            from: was,
            to: speed,
            why: line(),
            entry,
        });
    }
    track.speed = Some(speed);
}

/// The ships an event concerns (the helper too, for assistance).
fn ships_of(state: &GameState, event: &Event) -> [Option<usize>; 2] {
    let first = event.ship().and_then(|id| state.ship_index(id));
    let second = match event {
        Event::AssistStarted { helper, .. } | Event::AssistReleased { helper, .. } => {
            state.ship_index(helper)
        }
        Event::CrewTransfer(t) => state.ship_index(&t.to),
        Event::Rescue(r) => r.ships().1.and_then(|id| state.ship_index(id)),
        _ => None,
    };
    [first, second]
}

/// Build the report of a game from its scenario and log.
pub fn build(scenario: &Scenario, game: &Game) -> Report {
    let n = game.state.ships.len();
    let mut tracks: Vec<Track> = (0..n).map(|_| Track::default()).collect();
    let mut battle_ended = None;
    walk_in_effect(scenario, game, |m, state| {
        if let Event::BattleEnded { .. } = m.event {
            battle_ended = Some(GameTime::of(&m.at));
        }
        for i in ships_of(state, m.event).into_iter().flatten() {
            if let Some(t) = tracks.get_mut(i) {
                record(t, m, state, &game.tables, i);
            }
        }
    });
    let state = &game.state;
    let ships: Vec<ShipReport> = state
        .ships
        .iter()
        .zip(tracks)
        .map(|(s, t)| ship_report(game, s, t))
        .collect();
    let entries = game.entries();
    let walls: Vec<&String> = entries.iter().filter_map(|e| e.wall.as_ref()).collect();
    let in_effect = game.in_effect_indices().len();
    let history = entries
        .iter()
        .filter(|e| e.cmd == "undo" || e.cmd == "redo")
        .count();
    let start = crate::rulesets::fgdn::clock::Clock::start(scenario.start);
    let summary = Summary {
        start: GameTime::of(&start),
        end: GameTime::of(&state.clock),
        minutes: state.clock.turn.saturating_sub(scenario.start),
        battle_ended,
        wall_first: walls.first().map(|w| w.to_string()),
        wall_last: walls.last().map(|w| w.to_string()),
        entries: entries.len(),
        in_effect,
        undone: entries.len() - in_effect - history,
        ships: ships.len(),
        engaged: ships.iter().filter(|s| s.engaged).count(),
        damaged: ships.iter().filter(|s| s.damaged).count(),
        lost: ships.iter().filter(|s| s.loss.is_some()).count(),
    };
    Report {
        version: REPORT_VERSION,
        scenario: scenario.name.clone(),
        date: scenario.date.clone(),
        ruleset: scenario.ruleset.clone(),
        summary,
        sides: side_totals(&ships),
        ships,
    }
}

fn ship_report(game: &Game, s: &ShipState, t: Track) -> ShipReport {
    let (fire_pct, flood_pct, _, severity) =
        crate::rulesets::fgdn::status::severity_of(&game.tables, s);
    let speed_max = crate::rulesets::fgdn::speed::speed_max(&game.tables, s).0;
    let mut casualties = t.fires;
    casualties.extend(t.floods);
    casualties.sort_by_key(|c| c.started.minute);
    ShipReport {
        id: s.id().to_string(),
        name: s.spec.name.clone(),
        side: s.spec.side.clone(),
        size: s.spec.size.to_string(),
        kind: s.spec.type_name(),
        dp: s.spec.dp,
        speed: s.spec.speed,
        engaged: t.engaged,
        damaged: t.ever_damaged || !t.criticals.is_empty(),
        status: s.status.name(),
        damage: s.damage,
        dp_left: s.dp_left(),
        speed_max,
        speed_lost: if s.status == ShipStatus::Sunk {
            0
        } else {
            s.spec.speed.saturating_sub(speed_max)
        },
        fire_pct,
        flood_pct,
        severity,
        hits: t.hits,
        hit_damage: t.hit_damage,
        fire_damage: t.fire_damage,
        flood_damage: t.flood_damage,
        damage_timeline: t.timeline,
        criticals: t.criticals,
        ignored_criticals: t.ignored,
        casualties,
        damage_control: t.dc,
        speed_changes: t.speeds,
        loss: t.loss,
        other_events: t.other,
    }
}

fn side_totals(ships: &[ShipReport]) -> Vec<SideTotals> {
    let mut sides: Vec<SideTotals> = Vec::new();
    for s in ships {
        let k = match sides.iter().position(|t| t.side == s.side) {
            Some(k) => k,
            None => {
                sides.push(SideTotals {
                    side: s.side.clone(),
                    ships: 0,
                    engaged: 0,
                    damaged: 0,
                    lost: 0,
                    lost_ships: Vec::new(),
                    dp: 0,
                    damage: 0,
                    dp_left: 0,
                    hit_damage: 0,
                    fire_damage: 0,
                    flood_damage: 0,
                    criticals: 0,
                    fires: 0,
                    floods: 0,
                    dc_rolls: 0,
                    speed_lost: 0,
                });
                sides.len() - 1
            }
        };
        let t = &mut sides[k];
        t.ships += 1;
        t.engaged += usize::from(s.engaged);
        t.damaged += usize::from(s.damaged);
        if s.loss.is_some() {
            t.lost += 1;
            t.lost_ships.push(s.name.clone());
        }
        t.dp += s.dp;
        t.damage += s.damage;
        t.dp_left += s.dp_left;
        t.hit_damage += s.hit_damage;
        t.fire_damage += s.fire_damage;
        t.flood_damage += s.flood_damage;
        t.criticals += s.criticals.len();
        t.fires += s
            .casualties
            .iter()
            .filter(|c| c.casualty == Casualty::Fire)
            .count();
        t.floods += s
            .casualties
            .iter()
            .filter(|c| c.casualty == Casualty::Flood)
            .count();
        t.dc_rolls += s.damage_control.len();
        t.speed_lost += s.speed_lost;
    }
    sides
}

/// The game-time span a chart covers: the start to the end of the battle (or of the log).
pub fn chart_span(report: &Report) -> (Minute, Minute) {
    let start = report.summary.start.minute;
    let end = report
        .summary
        .battle_ended
        .as_ref()
        .map_or(report.summary.end.minute, |t| t.minute);
    (
        start,
        end.max(start + crate::rulesets::fgdn::clock::TACTICAL_MINUTES),
    )
}

/// HHMM of an absolute minute, with the day when it is not the first (chart axes).
pub fn axis_label(minute: Minute) -> String {
    if day(minute) > 1 {
        format!("d{} {}", day(minute), label(minute))
    } else {
        label(minute)
    }
}
