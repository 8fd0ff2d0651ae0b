//! Slips caught before they cost a game (SPEC 10): a command that would walk more than an hour
//! of game time, `end-battle`, `adjust`, and a hit larger than the ship's DP left are asked
//! about first on the dashboard, saying what will happen ([`question`], FG&DN's
//! [`crate::core::board::Board::ask_first`]). Scripts and `umpire run` are never asked.
//!
//! What a command would do is read from the command itself, decided on the battle as it is
//! (`Game::prepare` changes nothing) with the console's seeded dice: its events say how far
//! the clock goes, and the one schedule (`rulesets::fgdn::timers`) says, at each phase end of
//! the walk, which timers fire there. Nothing here computes a due moment of its own.
use crate::core::dice::SeededDice;
use crate::rulesets::fgdn::clock::{label, Clock, Scale};
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::engine::find_ship;
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::timers::{self, TimerKind};
use crate::rulesets::fgdn::Game;

/// A walk of more game time than this asks first (SPEC 10: "more than one hour").
pub const WALK_LIMIT_MINUTES: u32 = 60;

/// Most lines of "what happens" a question shows (it must fit 80x24 with its frame and keys).
const MAX_LINES: usize = 11;

/// The question to ask before `command` and what it would do, a line each; None when it runs
/// at once (a command that would be refused is refused when it runs, not asked).
pub fn question(game: &Game, command: &Command) -> Option<(String, Vec<String>)> {
    let (title, lines) = match command {
        Command::Next | Command::Turn | Command::Until { .. } => walk(game, command)?,
        Command::EndBattle => end_battle(game, command)?,
        Command::Adjust { .. } => adjust(game, command)?,
        Command::Hit { ship, dp, .. } => big_hit(game, ship, *dp)?,
        _ => return None,
    };
    Some((title, cap(lines)))
}

/// The events `command` would record, decided on the battle as it is with the console's dice
/// (None when it would be refused: the refusal is said when it runs).
fn preview(game: &Game, command: &Command) -> Option<Vec<Event>> {
    game.prepare(command, &mut SeededDice)
        .ok()
        .flatten()
        .map(|e| e.events)
}

fn duration(minutes: u32) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m:02} min"),
    }
}

fn at(c: Clock) -> String {
    format!("{} {} (day {})", c.label(), c.phase.words(), c.day())
}

/// A walk of the clock over more than an hour: how far, the turns and marks crossed, the timers
/// the schedule fires on the way and the ships lost. Not asked on the post-battle timeline,
/// where each step is one repair mark by design.
fn walk(game: &Game, command: &Command) -> Option<(String, Vec<String>)> {
    let state = &game.state;
    if state.post_battle.is_some() || state.clock.scale == Scale::PostBattle {
        return None;
    }
    // `next` and `turn` walk at most one turn: only an intermediate turn's 30 minutes, so they
    // are not decided twice (the phase keys stay as quick as they were).
    if !matches!(command, Command::Until { .. })
        && state.clock.scale.turn_minutes() <= WALK_LIMIT_MINUTES
    {
        return None;
    }
    let from = state.clock;
    let events = preview(game, command)?;
    let to = events.iter().rev().find_map(|e| match e {
        Event::ClockMoved { to } => Some(*to),
        _ => None,
    })?;
    let minutes = to.turn.saturating_sub(from.turn);
    if minutes <= WALK_LIMIT_MINUTES {
        return None;
    }
    let o = state.clock_options;
    let (mut turns, mut marks, mut dice) = (0u32, 0u32, 0u32);
    // Timers fired, per ship in scenario order: (what, how many).
    let mut fired: Vec<Vec<(&'static str, u32)>> = vec![Vec::new(); state.ships.len()];
    let mut lost: Vec<String> = Vec::new();
    let mut walking = state.clone();
    let mut turn = from.turn;
    for e in &events {
        match e {
            Event::PhaseEnded { .. } => {
                for (i, list) in fired.iter_mut().enumerate() {
                    for kind in timers::due_now(&walking, &game.tables, i) {
                        let what = timer_words(kind);
                        match list.iter_mut().find(|(w, _)| *w == what) {
                            Some((_, n)) => *n += 1,
                            None => list.push((what, 1)),
                        }
                    }
                }
            }
            Event::ClockMoved { to } if to.turn != turn => {
                turn = to.turn;
                turns += 1;
                if timers::mark_in_turn(&o, *to) {
                    marks += 1;
                }
            }
            Event::Rolled { .. } => dice += 1,
            Event::SinkingStarted { .. } | Event::SunkAtOnce { .. } | Event::Sunk { .. } => {
                let at_event = walking.clock;
                if let Some(text) = crate::rulesets::fgdn::log::describe(&walking, at_event, e) {
                    lost.push(format!("{} — {}", label(at_event.turn), text.trim()));
                }
            }
            _ => {}
        }
        walking.apply(e);
    }
    let title = format!("Walk {} of game time?", duration(minutes));
    let mut lines = vec![
        format!("from {} to {}", at(from), at(to)),
        format!(
            "crosses {turns} turn{} and {marks} intermediate mark{}",
            plural(turns),
            plural(marks)
        ),
    ];
    let busy: Vec<String> = state
        .ships
        .iter()
        .zip(&fired)
        .filter(|(_, f)| !f.is_empty())
        .map(|(s, f)| {
            let what: Vec<String> = f.iter().map(|(w, n)| format!("{w} x{n}")).collect();
            format!("{}: {}", s.spec.name, what.join(", "))
        })
        .collect();
    if busy.is_empty() {
        lines.push("no timer falls due on the way".into());
    } else {
        lines.push("timers due on the way (the schedule):".into());
        lines.extend(busy);
    }
    if !lost.is_empty() {
        lines.push("ships lost on the way:".into());
        lines.extend(lost);
    }
    if dice > 0 {
        lines.push(format!(
            "{dice} dice on the way (with the console's rolls; asked dice may differ)"
        ));
    }
    Some((title, lines))
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A timer as words, for counting (SPEC 3.5).
fn timer_words(kind: TimerKind) -> &'static str {
    match kind {
        TimerKind::CasualtyDamage {
            casualty: Casualty::Fire,
            ..
        } => "fire damage",
        TimerKind::CasualtyDamage {
            casualty: Casualty::Flood,
            ..
        } => "flooding damage",
        TimerKind::DcFirst(_) | TimerKind::DcMark(_) => "damage-control roll",
        TimerKind::Conflagration => "conflagration check",
        TimerKind::ConflagrationEnds => "conflagration count ends",
        TimerKind::Capsize => "capsize check",
        TimerKind::CargoRisk { .. } => "cargo explosion risk",
        TimerKind::BridgeRemanned => "bridge re-manned",
        TimerKind::RudderUnjam => "rudder unjam attempt",
        TimerKind::RepairRoll { .. } => "repair roll",
        TimerKind::PatchCheck { .. } => "patch check",
        TimerKind::FireRestart { .. } => "fire restart check",
        TimerKind::MinorCleared { .. } => "minor damage clears",
        TimerKind::SwitchboardRestored => "switchboard restored",
        TimerKind::DepthControl => "depth-control roll",
        TimerKind::BroachEnds => "dives back from a broach",
        TimerKind::HullCheck => "deformed-hull check",
        TimerKind::Rescue => "survivors picked up",
        TimerKind::AirshipFireCheck => "airship fire check",
        TimerKind::AirshipFireCritical => "airship fire critical",
        TimerKind::Disappears => "sinks (disappears)",
    }
}

/// `end-battle`: the battle is over, the post-battle timeline starts (SPEC 3.6, FG&DN 8.4).
fn end_battle(game: &Game, command: &Command) -> Option<(String, Vec<String>)> {
    let state = &game.state;
    let events = preview(game, command)?;
    let mut lines = vec![
        format!(
            "the battle ends at {} (day {}): no more hits, criticals, fires or floods",
            state.clock.label(),
            state.clock.day()
        ),
        "then repair rolls at 6, 12, 24 and 48 hours after it (8.4); undo takes it back".into(),
    ];
    for e in &events {
        if matches!(
            e,
            Event::Sunk { .. }
                | Event::CasualtiesSecured { .. }
                | Event::FloodingPumped { .. }
                | Event::RepairsListed { .. }
        ) {
            if let Some(text) = crate::rulesets::fgdn::log::describe(state, state.clock, e) {
                lines.push(text.trim().to_string());
            }
        }
    }
    Some(("End the battle?".into(), lines))
}

/// `adjust`: an umpire override, set as typed.
fn adjust(game: &Game, command: &Command) -> Option<(String, Vec<String>)> {
    let state = &game.state;
    let events = preview(game, command)?;
    let mut lines: Vec<String> = events
        .iter()
        .filter_map(|e| crate::rulesets::fgdn::log::describe(state, state.clock, e))
        .map(|l| l.trim().to_string())
        .collect();
    if let Command::Adjust { ship, field, .. } = command {
        if field == "damage" {
            let mut after = state.clone();
            events.iter().for_each(|e| after.apply(e));
            if let (Ok(i), Some(_)) = (find_ship(state, ship), after.ship(ship)) {
                lines.push(format!(
                    "DP left {} -> {}",
                    state.ships[i].dp_left(),
                    after.ships[i].dp_left()
                ));
            }
        }
    }
    lines.push("an override: it rolls nothing and causes no criticals; undo takes it back".into());
    Some(("Override the record?".into(), lines))
}

/// A hit of more DP than the ship has left (`hit lion 99999`).
fn big_hit(game: &Game, ship: &str, dp: u32) -> Option<(String, Vec<String>)> {
    let state = &game.state;
    let i = find_ship(state, ship).ok()?;
    let s = &state.ships[i];
    if !s.is_afloat() || dp <= s.dp_left() {
        return None;
    }
    let end = format!("the end of {}", at(state.clock));
    let mut lines = vec![format!(
        "{} has {} DP left of {}; this hit is {dp} DP (the weapon's full damage)",
        s.spec.name,
        s.dp_left(),
        s.spec.dp
    )];
    if s.is_small_craft() {
        lines.push(format!(
            "a small craft loses no DP: she sinks if one turn's damage reaches {} (2 x {} DP, 8.1)",
            s.spec.dp.saturating_mul(2),
            s.spec.dp
        ));
    } else {
        lines.push(
            "if it strikes whole she is left at 0 DP and sinks (8.1, 8.1.8); a shell or bomb that does not penetrate does half"
                .into(),
        );
    }
    lines.push(format!("resolved with the phase's other hits at {end}"));
    Some((
        format!("A hit larger than {}'s DP left?", s.spec.name),
        lines,
    ))
}

/// At most [`MAX_LINES`], the rest counted.
fn cap(mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > MAX_LINES {
        let more = lines.len() - (MAX_LINES - 1);
        lines.truncate(MAX_LINES - 1);
        lines.push(format!(
            "… and {more} more lines (the log will have them all)"
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;
    use crate::session::{Battle, DEMO, DEMO_NAME};

    fn demo() -> Battle {
        Battle::from_text(DEMO_NAME, DEMO, Tables::builtin()).expect("demo")
    }

    fn asked(b: &Battle, text: &str) -> Option<(String, Vec<String>)> {
        let c: Command = text.parse().expect(text);
        question(&b.game, &c)
    }

    fn run(b: &mut Battle, text: &str) {
        let c: Command = text.parse().expect(text);
        let e = b.game.prepare(&c, &mut SeededDice).unwrap().unwrap();
        b.game.commit(e);
    }

    /// SPEC 10: "more than one hour of game time" asks; an hour or less, and the phase and
    /// turn keys, do not.
    #[test]
    fn a_walk_asks_only_beyond_an_hour() {
        let b = demo();
        assert!(asked(&b, "next").is_none());
        assert!(asked(&b, "turn").is_none());
        assert!(asked(&b, "until 1300").is_none(), "exactly an hour");
        let c = asked(&b, "until 1303").expect("61 minutes ask");
        assert_eq!(c.0, "Walk 1 h 03 min of game time?");
        assert_eq!(
            c.1[0],
            "from 1200 plotting (day 1) to 1303 plotting (day 1)"
        );
        assert_eq!(c.1[1], "crosses 21 turns and 2 intermediate marks");
        assert_eq!(c.1[2], "no timer falls due on the way");
        assert!(
            asked(&b, "until 1100").is_none(),
            "refused when it runs, not asked"
        );
    }

    /// The timers counted are the schedule's, fired at each phase end of the walk, and a ship
    /// lost on the way is named.
    #[test]
    fn a_walk_names_the_timers_due_and_the_ships_lost() {
        let mut b = demo();
        run(&mut b, "next");
        run(&mut b, "fire valiant 9");
        run(&mut b, "hit wakeful 80");
        run(&mut b, "dice 3");
        let c = asked(&b, "until 1330").expect("asks");
        let text = c.1.join("\n");
        assert!(text.contains("HMS Valiant: fire damage x"), "{text}");
        assert!(text.contains("damage-control roll x"), "{text}");
        assert!(
            text.contains("HMS Wakeful: sinks (disappears) x1"),
            "{text}"
        );
        assert!(text.contains("ships lost on the way:"), "{text}");
        assert!(text.contains("HMS Wakeful: SUNK"), "{text}");
    }

    /// After `end-battle` each step is one repair mark, 6 to 24 hours apart: not asked.
    #[test]
    fn the_post_battle_timeline_is_not_asked() {
        let mut b = demo();
        run(&mut b, "end-battle");
        assert!(asked(&b, "next").is_none());
        assert!(asked(&b, "turn").is_none());
        assert!(asked(&b, "adjust tiger damage 10 \"x\"").is_some());
    }

    #[test]
    fn a_hit_within_the_dp_left_or_on_a_sunk_ship_is_not_asked() {
        let mut b = demo();
        run(&mut b, "next");
        assert!(asked(&b, "hit tiger 501").is_none());
        assert!(asked(&b, "hit tiger 502").is_some());
        assert!(
            asked(&b, "hit nobody 502").is_none(),
            "refused when it runs"
        );
    }
}
