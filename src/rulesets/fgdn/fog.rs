//! Fog of war: what one side sees of the battle (`umpire watch FILE --side NAME`).
//!
//! The rule, clause by clause, is written for players in `docs/fog-of-war.md`; each clause has a
//! test. In short: a side's own ships are shown in full; of every other ship it sees only what
//! observers on the table could see — that she is there, her type and size, whether she is
//! afloat, sinking or gone (and, when lost at once, that she blew up or capsized), whether a fire
//! of Major severity or worse lights her up (FG&DN 8.2: such a ship counts as illuminated), and
//! whether she is slowed or stopped. Never her damage points, fire or flood percentages,
//! severities, criticals, dice, timers, damage control or repairs.
//!
//! The side's log is built the same way: events about own ships as the umpire's log tells them;
//! about other ships only that they were hit (and by what kind of weapon) and what changed in
//! what observers see (before and after each command, from the state, never from the event
//! text). Commands are shown only when they concern own ships or only move the clock. Anything
//! not listed here — including event kinds added later — is hidden: the rule is a whitelist.
pub use crate::core::board::{SideEntry, SideLine, SideLog};
use crate::rulesets::fgdn::clock::Clock;
use crate::rulesets::fgdn::command::Weapon;
use crate::rulesets::fgdn::damage_control::category_level;
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::kinds::SeverityLevel;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{Entry, Game};
use serde::Serialize;

/// The sides of the battle, in scenario order, each once.
pub fn sides(state: &GameState) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in &state.ships {
        if !out.contains(&s.spec.side) {
            out.push(s.spec.side.clone());
        }
    }
    out
}

/// The side called `name` (case does not matter), as the scenario spells it; otherwise a
/// message naming the sides there are.
pub fn find_side(state: &GameState, name: &str) -> Result<String, String> {
    let all = sides(state);
    all.iter()
        .find(|s| s.eq_ignore_ascii_case(name.trim()))
        .cloned()
        .ok_or_else(|| {
            format!(
                "no side \"{name}\" in this battle; the sides are: {}",
                all.join(", ")
            )
        })
}

/// Whether ship `id` belongs to `side` (an unknown id is never own).
pub fn is_own(state: &GameState, side: &str, id: &str) -> bool {
    state
        .ships
        .iter()
        .find(|s| s.id().eq_ignore_ascii_case(id))
        .is_some_and(|s| s.spec.side == side)
}

/// Whether an enemy ship is still there, sinking (the hulk stays until she goes down, 8.1.8),
/// or gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    Afloat,
    Sinking,
    Sunk,
}

impl Presence {
    pub fn name(self) -> &'static str {
        match self {
            Presence::Afloat => "afloat",
            Presence::Sinking => "sinking",
            Presence::Sunk => "sunk",
        }
    }
}

/// An enemy ship as observers see her. No field holds a number about her state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnemyView {
    pub id: String,
    pub name: String,
    pub side: String,
    /// The Critical Hit Table column (major, minor, ...) and size class: known from her
    /// silhouette and the recognition books.
    #[serde(rename = "type")]
    pub kind: String,
    pub size: String,
    pub presence: Presence,
    /// How she went, when she is gone: "sank", "blew up", "capsized", "went down".
    pub gone: Option<&'static str>,
    /// Her fires together are Major or worse (FG&DN 8.2: she counts as illuminated at night).
    pub on_fire: bool,
    /// Afloat and unable to make her undamaged speed (for any reason), but not stopped.
    pub slowed: bool,
    /// Afloat with a maximum speed of 0 (dead in the water).
    pub stopped: bool,
    /// A submarine below the surface: observers know a boat is about, nothing of her state
    /// (no fire, pace or damage can be seen until she surfaces or is lost).
    pub submerged: bool,
}

impl EnemyView {
    /// "afloat", "SINKING", "SUNK", "BLEW UP", "stopped": the fleet panel's status column.
    pub fn status_text(&self) -> String {
        match (self.presence, self.gone) {
            (Presence::Sunk, Some("sank") | None) => "SUNK".into(),
            (Presence::Sunk, Some(how)) => how.to_uppercase(),
            (Presence::Sinking, _) => "SINKING".into(),
            (Presence::Afloat, _) if self.submerged => "submerged".into(),
            (Presence::Afloat, _) if self.stopped => "stopped".into(),
            (Presence::Afloat, _) => "afloat".into(),
        }
    }

    /// What observers see beyond her status: "on fire", "slowed" (empty: nothing to see).
    pub fn signs(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.on_fire {
            v.push("on fire");
        }
        if self.slowed {
            v.push("slowed");
        }
        if self.stopped {
            v.push("stopped");
        }
        v
    }
}

/// How a ship lost at once went, in observers' words (the recorded cause carries dice).
fn gone_how(s: &ShipState) -> &'static str {
    match s.lost.as_deref() {
        None => "sank",
        Some(cause) => {
            let cause = cause.to_lowercase();
            if cause.contains("capsiz") {
                "capsized"
            } else if cause.contains("magazine") || cause.contains("explo") {
                "blew up"
            } else {
                "went down"
            }
        }
    }
}

/// What observers see of ship `s` (FG&DN 8.1.8, 8.2; docs/fog-of-war.md).
pub fn enemy_view(tables: &Tables, s: &ShipState) -> EnemyView {
    let presence = match s.status {
        ShipStatus::Afloat => Presence::Afloat,
        ShipStatus::Sinking { .. } => Presence::Sinking,
        ShipStatus::Sunk => Presence::Sunk,
    };
    let submerged = presence == Presence::Afloat
        && s.sub.as_ref().is_some_and(|u| {
            u.depth
                .is_some_and(|d| d != crate::rulesets::fgdn::submarine::DepthBand::Surfaced)
        });
    let afloat = presence == Presence::Afloat && !submerged;
    let (speed_max, _, _) = crate::rulesets::fgdn::speed::speed_max(tables, s);
    let fire = category_level(tables, s, Casualty::Fire);
    EnemyView {
        id: s.id().to_string(),
        name: s.spec.name.clone(),
        side: s.spec.side.clone(),
        kind: s.spec.type_name(),
        size: s.spec.size.to_string(),
        presence,
        gone: (presence == Presence::Sunk).then(|| gone_how(s)),
        on_fire: presence != Presence::Sunk && !submerged && fire >= SeverityLevel::Major,
        slowed: afloat && speed_max > 0 && speed_max < s.spec.speed,
        stopped: afloat && speed_max == 0,
        submerged,
    }
}

/// The log lines for what changed in an enemy ship's view, in observers' words.
pub fn changes(before: &EnemyView, after: &EnemyView) -> Vec<String> {
    let n = &after.name;
    let mut out = Vec::new();
    if before.presence != after.presence {
        out.push(match (after.presence, after.gone) {
            (Presence::Sinking, _) => format!("{n} is sinking"),
            (Presence::Sunk, Some("sank") | None) => format!("{n} has gone down"),
            (Presence::Sunk, Some(how)) => format!("{n} {how} and is gone"),
            (Presence::Afloat, _) => format!("{n} is afloat"),
        });
    }
    if after.presence == Presence::Sunk {
        return out;
    }
    if before.submerged != after.submerged {
        out.push(if after.submerged {
            format!("{n} has dived")
        } else {
            format!("{n} has surfaced")
        });
    }
    if after.submerged {
        return out;
    }
    if before.on_fire != after.on_fire {
        out.push(if after.on_fire {
            format!("{n} is on fire")
        } else {
            format!("{n}: no fire can be seen any more")
        });
    }
    if after.presence == Presence::Afloat {
        let pace = |v: &EnemyView| (v.stopped, v.slowed);
        if pace(before) != pace(after) {
            out.push(match (after.stopped, after.slowed) {
                (true, _) => format!("{n} has stopped (dead in the water)"),
                (false, true) if before.stopped => format!("{n} is under way again, slowly"),
                (false, true) => format!("{n} has slowed"),
                (false, false) => format!("{n} is making her full speed again"),
            });
        }
    }
    out
}

/// Commands every side sees: they only move the clock or the weather, or step the history.
const PUBLIC_COMMANDS: &[&str] = &[
    "next",
    "turn",
    "until",
    "scale",
    "end-battle",
    "sea-state",
    "undo",
    "redo",
];

/// Commands no side sees: queued dice, the umpire's notes, the serviceability roll.
const PRIVATE_COMMANDS: &[&str] = &["dice", "note", "serviceability"];

/// Whether `side` may see the command text `cmd`: a public command, or one whose ship words
/// all name own ships (a word naming any other ship, even inside a quoted reason, hides it).
pub fn command_seen(state: &GameState, side: &str, cmd: &str) -> bool {
    let mut words = cmd.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    if PUBLIC_COMMANDS.contains(&first) {
        return true;
    }
    if PRIVATE_COMMANDS.contains(&first) {
        return false;
    }
    let mut ships = words
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-'))
        .filter(|w| state.ships.iter().any(|s| s.id().eq_ignore_ascii_case(w)))
        .peekable();
    ships.peek().is_some() && ships.all(|w| is_own(state, side, w))
}

fn weapon_words(w: Weapon) -> &'static str {
    match w {
        Weapon::Shell => "a shell",
        Weapon::Torpedo => "a torpedo",
        Weapon::Mine => "a mine",
        Weapon::Bomb => "a bomb",
        Weapon::SkipBomb => "a skip bomb",
        Weapon::Rocket => "a rocket",
        Weapon::Strafing => "strafing",
    }
}

/// The line `side` sees for event `e` (None: nothing). Own ships: the umpire's line. Other
/// ships: only that a hit was scored and with what. No ship: clock and weather lines only.
pub fn event_line(state: &GameState, side: &str, at: Clock, e: &Event) -> Option<String> {
    match e.ship() {
        Some(id) if is_own(state, side, id) => crate::rulesets::fgdn::log::describe(state, at, e),
        Some(id) => match e {
            Event::HitEntered { hit, .. } => {
                let name = state.ship(id).map(|s| s.spec.name.as_str()).unwrap_or(id);
                Some(format!("{name}: hit by {}", weapon_words(hit.weapon)))
            }
            _ => None,
        },
        None => match e {
            Event::PhaseEnded { .. }
            | Event::ScaleChanged { .. }
            | Event::BattleEnded { .. }
            | Event::PostBattleFinished
            | Event::SeaStateSet { .. } => crate::rulesets::fgdn::log::describe(state, at, e),
            _ => None,
        },
    }
}

/// The enemy ships (of `side`) whose view entry `entry` may change, by index: those its events
/// name; every ship for undo and redo (they change what earlier entries did).
fn touched(state: &GameState, side: &str, entry: &Entry) -> Vec<usize> {
    let all = entry.cmd == "undo" || entry.cmd == "redo";
    state
        .ships
        .iter()
        .enumerate()
        .filter(|(_, s)| s.spec.side != side)
        .filter(|(_, s)| all || entry.events.iter().any(|e| e.ship() == Some(s.id())))
        .map(|(i, _)| i)
        .collect()
}

/// Take `entry` into `game` (as [`Game::commit`]) and say what `side` saw of it (FG&DN's
/// `Board::commit_seen`); None: nothing.
pub fn commit_seen(game: &mut Game, entry: Entry, side: &str) -> Option<SideEntry> {
    let ships = touched(&game.state, side, &entry);
    let before: Vec<EnemyView> = ships
        .iter()
        .map(|&i| enemy_view(&game.tables, &game.state.ships[i]))
        .collect();
    game.commit(entry);
    let state = &game.state;
    let entry = game.entries().last()?;
    let mut lines: Vec<SideLine> = entry
        .events_at()
        .filter_map(|(at, e)| {
            event_line(state, side, at, e).map(|text| SideLine {
                ship: e.ship().map(str::to_string),
                text: text.trim().to_string(),
            })
        })
        .collect();
    for (&i, b) in ships.iter().zip(&before) {
        let after = enemy_view(&game.tables, &state.ships[i]);
        lines.extend(changes(b, &after).into_iter().map(|text| SideLine {
            ship: Some(after.id.clone()),
            text,
        }));
    }
    let command = command_seen(state, side, &entry.cmd).then(|| entry.cmd.clone());
    (command.is_some() || !lines.is_empty()).then_some(SideEntry { command, lines })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::SeededDice;
    use crate::rulesets::fgdn::command::Command;
    use crate::rulesets::fgdn::scenario::parse_scenario;

    const SCENARIO: &str = r#"
[scenario]
name = "fog"
ruleset = "fgdn-1.1"
start = "1200"
seed = 7

[[ship]]
id = "lion"
name = "HMS Lion"
side = "British"
type = "major"
size = "A"
dp = 500
speed = 28
in_service = 1912

[[ship]]
id = "seydlitz"
name = "SMS Seydlitz"
side = "German"
type = "major"
size = "A"
dp = 400
speed = 26
in_service = 1913
"#;

    fn game() -> Game {
        let s = parse_scenario("fog.toml", SCENARIO).unwrap();
        Game::new(&s, Tables::builtin())
    }

    fn run(g: &mut Game, log: &mut SideLog, cmd: &str) {
        let c: Command = cmd.parse().unwrap();
        let entry = g.prepare(&c, &mut SeededDice).unwrap().unwrap();
        log.commit(g, entry);
    }

    fn seydlitz(g: &Game) -> EnemyView {
        enemy_view(&g.tables, &g.state.ships[1])
    }

    #[test]
    fn sides_are_listed_and_found_without_regard_to_case() {
        let g = game();
        assert_eq!(sides(&g.state), vec!["British", "German"]);
        assert_eq!(find_side(&g.state, "german").unwrap(), "German");
        let e = find_side(&g.state, "French").unwrap_err();
        assert!(
            e.contains("\"French\"") && e.contains("British, German"),
            "{e}"
        );
    }

    #[test]
    fn an_undamaged_enemy_shows_nothing_but_presence_type_and_size() {
        let v = seydlitz(&game());
        assert_eq!(v.presence, Presence::Afloat);
        assert_eq!((v.kind.as_str(), v.size.as_str()), ("major", "A"));
        assert!(v.signs().is_empty());
        assert_eq!(v.status_text(), "afloat");
    }

    /// FG&DN 8.2: Major fires or worse illuminate the ship; a Minor fire is not seen. Seydlitz
    /// (1913, size A) has the year-shifted Major threshold at 10 %: 9 % is Minor.
    #[test]
    fn only_a_major_fire_or_worse_is_seen() {
        let mut g = game();
        let mut log = SideLog::new("British");
        run(&mut g, &mut log, "fire seydlitz 9");
        assert!(!seydlitz(&g).on_fire, "9 % is Minor for a 1913 ship");
        run(&mut g, &mut log, "fire seydlitz 1");
        assert!(seydlitz(&g).on_fire, "10 % is Major (threshold 11 - 1)");
        let last = log.get(1).unwrap();
        assert_eq!(last.command, None, "commands on enemy ships are hidden");
        assert_eq!(last.lines[0].text, "SMS Seydlitz is on fire");
        // Flooding alone does not light her up, even overwhelmed.
        let mut g2 = game();
        let mut log2 = SideLog::new("British");
        run(&mut g2, &mut log2, "flood seydlitz 17");
        assert!(!seydlitz(&g2).on_fire);
    }

    /// SPEC 3.2 / FG&DN 8.1.1: a ship that cannot make her undamaged speed is seen slowed; at
    /// 0 kt she is stopped. No speed figure is shown.
    #[test]
    fn slowed_and_stopped_come_from_the_maximum_speed() {
        let mut g = game();
        let mut log = SideLog::new("British");
        run(&mut g, &mut log, "next");
        run(&mut g, &mut log, "adjust seydlitz damage 150 \"test\"");
        let v = seydlitz(&g);
        assert!(v.slowed && !v.stopped, "{v:?}");
        let seen = log.get(1).unwrap();
        assert_eq!(seen.command, None);
        assert_eq!(seen.lines.len(), 1, "{seen:?}");
        assert_eq!(seen.lines[0].text, "SMS Seydlitz has slowed");
        run(&mut g, &mut log, "adjust seydlitz damage 399 \"test\"");
        let v = seydlitz(&g);
        assert!(v.stopped && !v.slowed, "{v:?}");
        assert_eq!(v.status_text(), "stopped");
        assert_eq!(
            log.get(2).unwrap().lines[0].text,
            "SMS Seydlitz has stopped (dead in the water)"
        );
    }

    /// FG&DN 8.1.8: a sinking hulk stays on the table until she goes down; the time is not shown.
    #[test]
    fn sinking_and_sunk_are_seen_without_the_time() {
        let mut g = game();
        let mut log = SideLog::new("British");
        run(&mut g, &mut log, "next");
        run(&mut g, &mut log, "dice 4");
        run(&mut g, &mut log, "hit seydlitz 500");
        run(&mut g, &mut log, "next");
        let v = seydlitz(&g);
        assert_eq!(v.presence, Presence::Sinking);
        assert_eq!(v.status_text(), "SINKING");
        let seen = log.get(3).unwrap();
        assert_eq!(seen.command.as_deref(), Some("next"));
        let texts: Vec<&str> = seen.lines.iter().map(|l| l.text.as_str()).collect();
        assert!(texts.contains(&"SMS Seydlitz is sinking"), "{texts:?}");
        assert!(
            texts
                .iter()
                .all(|t| !t.contains("Seydlitz") || !t.chars().any(|c| c.is_ascii_digit())),
            "{texts:?}"
        );
        assert_eq!(log.get(1), None, "queued dice are not seen");
        assert_eq!(
            log.get(2).unwrap().lines[0].text,
            "SMS Seydlitz: hit by a shell"
        );
        run(&mut g, &mut log, "until 1300");
        assert_eq!(seydlitz(&g).presence, Presence::Sunk);
        let texts: Vec<String> = log
            .get(4)
            .unwrap()
            .lines
            .iter()
            .map(|l| l.text.clone())
            .collect();
        assert!(
            texts.contains(&"SMS Seydlitz has gone down".to_string()),
            "{texts:?}"
        );
    }

    #[test]
    fn a_ship_lost_at_once_is_seen_to_blow_up_or_capsize() {
        let g = game();
        let mut s = g.state.ships[1].clone();
        s.status = ShipStatus::Sunk;
        s.lost = Some("main magazine detonation (D10 10, 8.3)".into());
        let v = enemy_view(&g.tables, &s);
        assert_eq!(
            (v.gone, v.status_text().as_str()),
            (Some("blew up"), "BLEW UP")
        );
        s.lost = Some("capsized (D100 12 <= 25, flooding overwhelmed, 8.2)".into());
        assert_eq!(enemy_view(&g.tables, &s).gone, Some("capsized"));
        let before = seydlitz(&g);
        let after = enemy_view(&g.tables, &s);
        assert_eq!(
            changes(&before, &after),
            vec!["SMS Seydlitz capsized and is gone"]
        );
    }

    #[test]
    fn own_ships_are_logged_in_full_with_their_dice() {
        let mut g = game();
        let mut log = SideLog::new("British");
        run(&mut g, &mut log, "next");
        run(&mut g, &mut log, "hit lion 120");
        run(&mut g, &mut log, "next");
        let hit = log.get(1).unwrap();
        assert_eq!(hit.command.as_deref(), Some("hit lion 120"));
        let next = log.get(2).unwrap();
        let text: Vec<&str> = next.lines.iter().map(|l| l.text.as_str()).collect();
        assert!(
            text.iter().any(|t| t.contains("HMS Lion: 120 DP damage")),
            "{text:?}"
        );
        assert!(text.iter().any(|t| t.starts_with("roll D6 =")), "{text:?}");
        // The other side sees only the hit and the clock.
        let mut g = game();
        let mut german = SideLog::new("German");
        run(&mut g, &mut german, "next");
        run(&mut g, &mut german, "hit lion 120");
        run(&mut g, &mut german, "next");
        let hit = german.get(1).unwrap();
        assert_eq!(hit.command, None);
        assert_eq!(hit.lines[0].text, "HMS Lion: hit by a shell");
        let next = german.get(2).unwrap();
        let text: Vec<&str> = next.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(text, vec!["-- end of 1200 movement --"]);
    }

    #[test]
    fn commands_are_seen_only_when_public_or_about_own_ships() {
        let g = game();
        let seen = |c: &str| command_seen(&g.state, "British", c);
        assert!(seen("next") && seen("until 1230 plotting") && seen("undo"));
        assert!(seen("hit lion 30") && seen("crew LION main"));
        assert!(!seen("hit seydlitz 30") && !seen("dice 4 5") && !seen("note \"x\""));
        assert!(!seen("adjust lion damage 3 \"seydlitz rammed her\""));
        assert!(!seen("assist lion seydlitz") && !seen("release seydlitz"));
    }

    #[test]
    fn undo_shows_the_observed_change_being_taken_back() {
        let mut g = game();
        let mut log = SideLog::new("British");
        run(&mut g, &mut log, "fire seydlitz 12");
        run(&mut g, &mut log, "undo");
        let u = log.get(1).unwrap();
        assert_eq!(u.command.as_deref(), Some("undo"));
        assert_eq!(
            u.lines[0].text,
            "SMS Seydlitz: no fire can be seen any more"
        );
    }

    #[test]
    fn build_equals_step_by_step() {
        let mut g = game();
        let mut log = SideLog::new("German");
        for c in [
            "next",
            "hit lion 200",
            "fire seydlitz 14",
            "next",
            "undo",
            "redo",
        ] {
            run(&mut g, &mut log, c);
        }
        let s = parse_scenario("fog.toml", SCENARIO).unwrap();
        assert_eq!(SideLog::build(&s, &g.tables, g.entries(), "German"), log);
        assert_eq!(log.len(), 6);
    }

    /// docs/fog-of-war.md: a submarine below the surface is seen only as submerged (no fire,
    /// pace or depth); the log says when she dived and surfaced (FG&DN 8.1.4).
    #[test]
    fn an_enemy_submarine_below_the_surface_is_seen_only_as_submerged() {
        let text = format!(
            "{SCENARIO}\n[[ship]]\nid = \"u9\"\nname = \"U 9\"\nside = \"German\"\ntype = \"submarine\"\nsize = \"F\"\ndp = 6\nspeed = 14\nin_service = 1910\n"
        );
        let s = parse_scenario("fog.toml", &text).unwrap();
        let mut g = Game::new(&s, Tables::builtin());
        let mut log = SideLog::new("British");
        let u9 = |g: &Game| enemy_view(&g.tables, &g.state.ships[2]);
        assert_eq!(
            u9(&g).status_text(),
            "afloat",
            "surfaced, she is seen as any ship"
        );
        run(&mut g, &mut log, "depth u9 periscope");
        let v = u9(&g);
        assert!(
            v.submerged && !v.on_fire && !v.slowed && !v.stopped,
            "{v:?}"
        );
        assert_eq!(v.status_text(), "submerged");
        assert!(v.signs().is_empty());
        run(&mut g, &mut log, "depth u9 surfaced");
        let texts: Vec<String> = (0..log.len())
            .filter_map(|i| log.get(i))
            .flat_map(|e| e.lines.iter().map(|l| l.text.clone()))
            .collect();
        assert!(texts.contains(&"U 9 has dived".to_string()), "{texts:?}");
        assert!(texts.contains(&"U 9 has surfaced".to_string()), "{texts:?}");
        assert!(
            !texts.iter().any(|t| t.contains("periscope")),
            "no depth shown: {texts:?}"
        );
    }
}
