//! Game time (SPEC 3.1): Tactical Turns of 3 minutes, Intermediate Turns of 30, six (or three)
//! phases, and the intermediate marks at which "each Intermediate Turn" effects happen.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Minutes since 0000 of day 1 of the battle.
pub type Minute = u32;

pub const TACTICAL_MINUTES: u32 = 3;
pub const INTERMEDIATE_MINUTES: u32 = 30;
pub const MINUTES_PER_DAY: u32 = 1440;
/// FG&DN 8.4: repair rolls, patch checks and fire restarts at 6, 12, 24 and 48 hours after the
/// battle.
pub const POST_BATTLE_HOURS: [u32; 4] = [6, 12, 24, 48];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Plotting,
    Movement,
    PlannedFire,
    Detection,
    ReactionFire,
    Resolution,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Plotting,
        Phase::Movement,
        Phase::PlannedFire,
        Phase::Detection,
        Phase::ReactionFire,
        Phase::Resolution,
    ];

    /// The phase as words for people ("planned fire"); saves and JSON keep [`Phase::name`].
    pub fn words(self) -> String {
        crate::core::words::words(self.name())
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Plotting => "plotting",
            Phase::Movement => "movement",
            Phase::PlannedFire => "planned_fire",
            Phase::Detection => "detection",
            Phase::ReactionFire => "reaction_fire",
            Phase::Resolution => "resolution",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Phase {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.to_ascii_lowercase().replace('-', "_");
        Phase::ALL
            .iter()
            .copied()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown phase \"{s}\" (expected one of: {})",
                    Phase::ALL.map(|p| p.name()).join(", ")
                )
            })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    Tactical,
    Intermediate,
    /// After `end-battle` (FG&DN 8.4): the clock stands on the 6, 12, 24 and 48-hour marks
    /// after the end of the battle, one `resolution` phase each. Never set by `scale`.
    PostBattle,
}

impl Scale {
    pub fn name(self) -> &'static str {
        match self {
            Scale::Tactical => "tactical",
            Scale::Intermediate => "intermediate",
            Scale::PostBattle => "post_battle",
        }
    }
    /// Length of one turn in minutes. A post-battle mark is an instant (its rolls happen when
    /// its one phase ends); the next mark is 6 to 24 hours on (`POST_BATTLE_HOURS`).
    pub fn turn_minutes(self) -> u32 {
        match self {
            Scale::Tactical => TACTICAL_MINUTES,
            Scale::Intermediate => INTERMEDIATE_MINUTES,
            Scale::PostBattle => 1,
        }
    }
    /// The phases of one turn, in order.
    pub fn phases(self) -> &'static [Phase] {
        match self {
            Scale::Tactical => &Phase::ALL,
            Scale::Intermediate => &[Phase::Plotting, Phase::Movement, Phase::Resolution],
            Scale::PostBattle => &[Phase::Resolution],
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scale {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "tactical" => Ok(Scale::Tactical),
            "intermediate" => Ok(Scale::Intermediate),
            "post_battle" | "post-battle" => {
                Err("the post-battle timeline is started by `end-battle`, not by `scale`".into())
            }
            _ => Err(format!(
                "unknown scale \"{s}\" (expected tactical or intermediate)"
            )),
        }
    }
}

/// A time of day written HHMM (0000-2359).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hhmm(pub u32);

impl Hhmm {
    pub fn minute_of_day(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Hhmm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.0 / 60, self.0 % 60)
    }
}

impl FromStr for Hhmm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("\"{s}\" is not a time HHMM (0000-2359), e.g. 1209");
        if s.len() != 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let h: u32 = s[..2].parse().map_err(|_| bad())?;
        let m: u32 = s[2..].parse().map_err(|_| bad())?;
        if h > 23 || m > 59 {
            return Err(bad());
        }
        Ok(Hhmm(h * 60 + m))
    }
}

/// HHMM label of an absolute minute.
pub fn label(minute: Minute) -> String {
    Hhmm(minute % MINUTES_PER_DAY).to_string()
}

/// Day number (1-based) of an absolute minute.
pub fn day(minute: Minute) -> u32 {
    minute / MINUTES_PER_DAY + 1
}

/// Clock settings from the scenario `[options]` (SPEC 3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockOptions {
    /// Minutes between intermediate marks (30).
    pub interval: u32,
    /// Tactical turns from a fire/flood critical to its first damage (3).
    pub delay_turns: u32,
    /// Absolute minute the marks are counted from (the scenario start).
    pub anchor: Minute,
}

impl ClockOptions {
    /// "Each Intermediate Turn" happens at marks: anchor + k * interval, k >= 1.
    pub fn is_mark(&self, minute: Minute) -> bool {
        minute > self.anchor && (minute - self.anchor).is_multiple_of(self.interval)
    }

    /// The first mark strictly after `minute`.
    pub fn next_mark_after(&self, minute: Minute) -> Minute {
        if minute < self.anchor {
            return self.anchor + self.interval;
        }
        let k = (minute - self.anchor) / self.interval + 1;
        self.anchor + k * self.interval
    }

    /// The start of the turn in which a fire or flood inflicted in turn `t` first does damage.
    pub fn first_damage_turn(&self, t: Minute) -> Minute {
        t + self.delay_turns * TACTICAL_MINUTES
    }
}

/// Where the game stands: the current turn (by its start) and phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub turn: Minute,
    pub phase: Phase,
    pub scale: Scale,
}

impl Clock {
    pub fn start(turn: Minute) -> Clock {
        Clock {
            turn,
            phase: Phase::Plotting,
            scale: Scale::Tactical,
        }
    }

    pub fn turn_end(&self) -> Minute {
        self.turn + self.scale.turn_minutes()
    }

    /// Index of the current phase within its turn.
    pub fn phase_index(&self) -> usize {
        self.scale
            .phases()
            .iter()
            .position(|p| *p == self.phase)
            .unwrap_or(0)
    }

    /// The position after ending the current phase.
    pub fn after_phase(&self) -> Clock {
        let phases = self.scale.phases();
        let i = self.phase_index();
        if i + 1 < phases.len() {
            Clock {
                phase: phases[i + 1],
                ..*self
            }
        } else {
            Clock {
                turn: self.turn_end(),
                phase: Phase::Plotting,
                scale: self.scale,
            }
        }
    }

    /// Whether the current turn contains `minute` or starts after it: a timer due at that minute
    /// is due in this turn (or overdue).
    pub fn reached(&self, minute: Minute) -> bool {
        minute < self.turn_end()
    }

    /// Whether `phase` is still to end in the current turn (it is the current phase or a later
    /// one). A phase the scale does not have is never ahead.
    pub fn phase_ahead(&self, phase: Phase) -> bool {
        self.scale
            .phases()
            .iter()
            .position(|p| *p == phase)
            .is_some_and(|k| k >= self.phase_index())
    }

    /// The turn on the current grid that contains `minute` (the current turn if `minute` is
    /// earlier: an overdue moment belongs to now).
    pub fn turn_containing(&self, minute: Minute) -> Minute {
        if minute < self.turn {
            return self.turn;
        }
        let len = self.scale.turn_minutes();
        self.turn + (minute - self.turn) / len * len
    }

    /// The turn in which something due at `minute`, in `phase`, happens on this clock (SPEC 3.5):
    /// the turn that contains the moment, or the next turn when `phase` has already ended in the
    /// current one. Together with `phase` it names a moment the clock will visit.
    pub fn slot(&self, minute: Minute, phase: Phase) -> Minute {
        let t = self.turn_containing(minute);
        if t == self.turn && !self.phase_ahead(phase) {
            self.turn_end()
        } else {
            t
        }
    }

    /// The start of the first turn that starts at or after `minute`, on the current turn grid.
    pub fn first_turn_at_or_after(&self, minute: Minute) -> Minute {
        if minute <= self.turn {
            return self.turn;
        }
        let len = self.scale.turn_minutes();
        self.turn + (minute - self.turn).div_ceil(len) * len
    }

    pub fn label(&self) -> String {
        label(self.turn)
    }

    pub fn day(&self) -> u32 {
        day(self.turn)
    }
}

/// The clock for people: `1200 planned fire` (SPEC 10, words not ids). Saves and JSON keep the
/// phase's id (serde, [`Phase::name`]); commands accept both.
impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.label(), self.phase.words())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_read_as_words() {
        assert_eq!(Phase::PlannedFire.words(), "planned fire");
        assert_eq!(Phase::Resolution.words(), "resolution");
    }

    fn opts() -> ClockOptions {
        ClockOptions {
            interval: 30,
            delay_turns: 3,
            anchor: 12 * 60,
        }
    }

    #[test]
    fn hhmm_round_trips_and_rejects_bad_times() {
        assert_eq!("1209".parse::<Hhmm>().unwrap().to_string(), "1209");
        assert_eq!("0000".parse::<Hhmm>().unwrap().0, 0);
        assert!("2400".parse::<Hhmm>().is_err());
        assert!("1260".parse::<Hhmm>().is_err());
        assert!("120".parse::<Hhmm>().is_err());
    }

    #[test]
    fn tactical_turn_has_six_phases_then_next_turn() {
        let mut c = Clock::start(12 * 60);
        let mut seen = vec![];
        for _ in 0..6 {
            seen.push(c.phase);
            c = c.after_phase();
        }
        assert_eq!(seen, Phase::ALL.to_vec());
        assert_eq!(c.label(), "1203");
        assert_eq!(c.phase, Phase::Plotting);
    }

    #[test]
    fn day_rolls_over_after_2357() {
        let c = Clock::start(23 * 60 + 57);
        let mut n = c;
        for _ in 0..6 {
            n = n.after_phase();
        }
        assert_eq!(n.label(), "0000");
        assert_eq!(n.day(), 2);
    }

    #[test]
    fn intermediate_turn_has_three_phases_of_thirty_minutes() {
        let c = Clock {
            turn: 12 * 60 + 30,
            phase: Phase::Plotting,
            scale: Scale::Intermediate,
        };
        let n = c.after_phase().after_phase().after_phase();
        assert_eq!(n.label(), "1300");
    }

    /// SPEC 3.1: marks every 30 minutes from the start: 1230, 1300, ...; the start is not a mark.
    #[test]
    fn intermediate_marks_from_scenario_start() {
        let o = opts();
        assert!(!o.is_mark(12 * 60));
        assert!(o.is_mark(12 * 60 + 30));
        assert!(!o.is_mark(12 * 60 + 33));
        assert_eq!(label(o.next_mark_after(12 * 60 + 9)), "1230");
        assert_eq!(label(o.next_mark_after(12 * 60 + 30)), "1300");
    }

    /// FG&DN 8.1 example: a critical in turn 1200 does its first damage in turn 1209.
    #[test]
    fn first_damage_is_three_tactical_turns_later() {
        assert_eq!(label(opts().first_damage_turn(12 * 60)), "1209");
        let two = ClockOptions {
            delay_turns: 2,
            ..opts()
        };
        // FG&DN 8.2 Deutschland example timing: 1506 -> 1512 with delay 2.
        assert_eq!(label(two.first_damage_turn(15 * 60 + 6)), "1512");
    }

    #[test]
    fn first_turn_at_or_after_rounds_up_to_turn_grid() {
        let c = Clock::start(12 * 60);
        assert_eq!(label(c.first_turn_at_or_after(12 * 60 + 10)), "1212");
        assert_eq!(label(c.first_turn_at_or_after(12 * 60 + 9)), "1209");
    }
}
