//! FG&DN's side of reviewing a saved battle (`umpire review`; the review itself, written once,
//! is [`crate::core::review`]): the places on FG&DN's clock the umpire names (a turn `HHMM`,
//! its day and phase), where its phases and turns begin, and the log's filters by kind of
//! event (`K`).
use crate::core::review::{self, Places};
use crate::rulesets::fgdn::clock::{Clock, Hhmm, Phase, MINUTES_PER_DAY};
use crate::rulesets::fgdn::log_view::LogEntry;
use crate::rulesets::fgdn::Fgdn;
use std::fmt;
use std::str::FromStr;

pub use crate::core::review::{
    is_note, Direction, ReviewError, Step, CHECKPOINT_EVERY, FAR_MARKS, NEAR_MARKS,
};

/// FG&DN's review: the review of every ruleset ([`crate::core::review`]) on FG&DN's clock.
pub type Review = review::Review<Fgdn>;

/// Where a jump goes, as typed at the review prompt: `1215`, `1215 d2`, `1215 resolution`,
/// `1215 d2 resolution`, `#42`, `start`, `end`.
pub type Target = review::Target<TurnPlace>;

/// A turn as the umpire names it: the first position whose clock is in the turn containing
/// `time` (on `day`, when given; in `phase`, when given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnPlace {
    pub time: Hhmm,
    pub day: Option<u32>,
    pub phase: Option<Phase>,
}

pub const TARGET_HELP: &str =
    "a turn (1215, 1215 d2, 1215 resolution), an entry (#42), start or end";

impl FromStr for TurnPlace {
    type Err = String;
    fn from_str(s: &str) -> Result<TurnPlace, String> {
        let bad = || {
            format!(
                "\"{}\" is not a place in the battle: type {TARGET_HELP}",
                s.trim()
            )
        };
        let mut words = s.split_whitespace();
        let time: Hhmm = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let mut day = None;
        let mut phase = None;
        while let Some(w) = words.next() {
            let w = w.to_ascii_lowercase();
            if let Some(d) = w.strip_prefix('d').and_then(|d| d.parse::<u32>().ok()) {
                day = Some(d);
            } else if w == "day" {
                let d = words.next().and_then(|d| d.parse::<u32>().ok());
                day = Some(d.ok_or_else(|| "\"day\" needs a number (1215 day 2)".to_string())?);
            } else {
                phase = Some(w.parse::<Phase>()?);
            }
        }
        if day == Some(0) {
            return Err("days are counted from 1 (the scenario's first day)".into());
        }
        Ok(TurnPlace { time, day, phase })
    }
}

/// A clock as the umpire reads it: `1215 movement d1`.
pub fn clock_text(c: &Clock) -> String {
    format!("{} {} d{}", c.label(), c.phase.words(), c.day())
}

impl Places for Fgdn {
    type Place = TurnPlace;

    fn at_place(c: &Clock, place: &TurnPlace) -> bool {
        turn_contains(c, place.time, place.day) && place.phase.is_none_or(|p| p == c.phase)
    }

    fn no_place(place: &TurnPlace, clocks: &[Clock]) -> String {
        let first = clocks.iter().min_by_key(|c| c.turn).copied();
        let last = clocks.iter().max_by_key(|c| c.turn).copied();
        let turn_text = |c: Option<Clock>| {
            c.map(|c| format!("{} (day {})", c.label(), c.day()))
                .unwrap_or_default()
        };
        let mut asked = place.time.to_string();
        if let Some(d) = place.day {
            asked.push_str(&format!(" on day {d}"));
        }
        if let Some(p) = place.phase {
            asked.push_str(&format!(" in the {p} phase"));
        }
        format!(
            "no turn {asked} in this battle: it runs from {} to {}",
            turn_text(first),
            turn_text(last)
        )
    }

    /// The scale is not a phase: a switch to intermediate turns within a turn's phase does
    /// not start one.
    fn same_phase(a: &Clock, b: &Clock) -> bool {
        (a.turn, a.phase) == (b.turn, b.phase)
    }

    fn same_turn(a: &Clock, b: &Clock) -> Option<bool> {
        Some(a.turn == b.turn)
    }

    const PLACE_HELP: &'static str = TARGET_HELP;

    fn place_text(c: &Clock) -> String {
        clock_text(c)
    }

    /// A time inside a longer turn ("1216 is in turn 1215").
    fn landed(place: &TurnPlace, c: &Clock) -> Option<String> {
        (c.label() != place.time.to_string())
            .then(|| format!("{} is in turn {}", place.time, c.label()))
    }
}

/// Whether `c`'s turn contains the time of day `time` (on `day`, else on the turn's day or the
/// next: an intermediate turn from 2345 contains 0005 of the next day).
fn turn_contains(c: &Clock, time: Hhmm, day: Option<u32>) -> bool {
    let days = match day {
        Some(d) => [Some(d), None],
        None => [Some(c.day()), Some(c.day() + 1)],
    };
    days.into_iter().flatten().any(|d| {
        let at = (d - 1) * MINUTES_PER_DAY + time.minute_of_day();
        c.turn <= at && at < c.turn_end()
    })
}

/// The log filters by kind of event (the review's `K`). Each keeps an entry's heading and
/// only its lines of that kind; entries with none are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindFilter {
    /// Critical hits: counts, locations, ignored criticals and their lasting effects (8.1.2-8.3).
    Criticals,
    /// Fires and flooding: started, damage, conflagration and capsize checks, orders, and the
    /// post-battle patch checks and restarts (8.2, 8.4).
    FiresFloods,
    /// Damage-control rolls, crews sent and ships assisting (8.2).
    DamageControl,
    /// Sinkings: sinking started, sunk, sunk at once, keel broken.
    Sinkings,
    /// What the umpire set by hand rather than the dice: `adjust`, and criticals, fires and
    /// floods typed directly (`crit`, `fire`, `flood`). The whole entry is shown. Hits are
    /// not overrides: every hit is typed.
    Overrides,
}

impl KindFilter {
    pub const ALL: [KindFilter; 5] = [
        KindFilter::Criticals,
        KindFilter::FiresFloods,
        KindFilter::DamageControl,
        KindFilter::Sinkings,
        KindFilter::Overrides,
    ];

    /// Every filter's name, in the cycle's order (`Board::log_kinds`).
    pub const NAMES: [&'static str; 5] = [
        KindFilter::ALL[0].name(),
        KindFilter::ALL[1].name(),
        KindFilter::ALL[2].name(),
        KindFilter::ALL[3].name(),
        KindFilter::ALL[4].name(),
    ];

    /// The filter of this name.
    pub fn named(name: &str) -> Option<KindFilter> {
        KindFilter::ALL.into_iter().find(|k| k.name() == name)
    }

    pub const fn name(self) -> &'static str {
        match self {
            KindFilter::Criticals => "criticals",
            KindFilter::FiresFloods => "fires and floods",
            KindFilter::DamageControl => "damage control",
            KindFilter::Sinkings => "sinkings",
            KindFilter::Overrides => "umpire overrides",
        }
    }

    /// The next filter in the cycle: none, criticals, fires and floods, damage control,
    /// sinkings, overrides, none.
    pub fn cycle(current: Option<KindFilter>) -> Option<KindFilter> {
        match current {
            None => Some(KindFilter::ALL[0]),
            Some(k) => {
                let i = KindFilter::ALL.iter().position(|x| *x == k).unwrap_or(0);
                KindFilter::ALL.get(i + 1).copied()
            }
        }
    }

    /// The event kinds (`EventLine::kind`, the events' serde names) the filter keeps.
    pub fn event_kinds(self) -> &'static [&'static str] {
        match self {
            KindFilter::Criticals => &["critical_count", "critical", "critical_ignored", "effect"],
            KindFilter::FiresFloods => &[
                "casualty_started",
                "casualty_damage",
                "conflagration_check",
                "conflagration_ended",
                "capsize_check",
                "fire_orders",
                "magazines_flooded",
                "hold_flooded",
                "stowage_purged",
                "casualties_secured",
                "flooding_pumped",
                "patch_check",
                "fire_restart",
            ],
            KindFilter::DamageControl => &[
                "damage_control",
                "crews_sent",
                "assist_started",
                "assist_released",
            ],
            KindFilter::Sinkings => &["sinking_started", "sunk", "sunk_at_once", "keel_broken"],
            KindFilter::Overrides => &["adjusted"],
        }
    }

    /// Commands the umpire types to set an outcome by hand.
    pub const OVERRIDE_COMMANDS: [&'static str; 4] = ["adjust", "crit", "fire", "flood"];

    /// The entry as this filter shows it, or None when nothing in it is of this kind.
    pub fn apply(self, mut entry: LogEntry) -> Option<LogEntry> {
        if self == KindFilter::Overrides {
            let word = entry.command.split_whitespace().next().unwrap_or("");
            return KindFilter::OVERRIDE_COMMANDS
                .contains(&word)
                .then_some(entry);
        }
        let kinds = self.event_kinds();
        entry.lines.retain(|l| kinds.contains(&l.kind.as_str()));
        (!entry.lines.is_empty()).then_some(entry)
    }
}

impl fmt::Display for KindFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::clock::Scale;

    #[test]
    fn targets_parse_as_typed() {
        let t = |s: &str| s.parse::<Target>();
        assert_eq!(t("start"), Ok(Target::Start));
        assert_eq!(t(" end "), Ok(Target::End));
        assert_eq!(t("#42"), Ok(Target::Entry(42)));
        assert_eq!(
            t("1215"),
            Ok(Target::At(TurnPlace {
                time: Hhmm(12 * 60 + 15),
                day: None,
                phase: None
            }))
        );
        assert_eq!(
            t("0010 d2 resolution"),
            Ok(Target::At(TurnPlace {
                time: Hhmm(10),
                day: Some(2),
                phase: Some(Phase::Resolution)
            }))
        );
        assert_eq!(
            t("0010 day 2"),
            Ok(Target::At(TurnPlace {
                time: Hhmm(10),
                day: Some(2),
                phase: None
            }))
        );
        assert!(t("1275").unwrap_err().contains("not a place in the battle"));
        assert!(t("#x").unwrap_err().contains("not an entry number"));
        assert!(t("1215 lunch").unwrap_err().contains("unknown phase"));
        assert!(t("1215 d0").unwrap_err().contains("counted from 1"));
        assert!(t("hit tiger 3").is_err());
    }

    #[test]
    fn an_intermediate_turn_contains_the_times_inside_it_across_midnight() {
        let c = Clock {
            turn: 23 * 60 + 45,
            phase: Phase::Plotting,
            scale: Scale::Intermediate,
        };
        assert!(turn_contains(&c, Hhmm(23 * 60 + 45), None));
        assert!(turn_contains(&c, Hhmm(5), None));
        assert!(turn_contains(&c, Hhmm(5), Some(2)));
        assert!(!turn_contains(&c, Hhmm(5), Some(1)));
        assert!(!turn_contains(&c, Hhmm(15), None));
    }

    #[test]
    fn the_kind_filters_cycle_through_all_and_back_to_none() {
        let mut k = None;
        let mut seen = vec![];
        for _ in 0..6 {
            k = KindFilter::cycle(k);
            seen.push(k);
        }
        assert_eq!(seen[5], None);
        assert_eq!(
            seen[..5].iter().flatten().copied().collect::<Vec<_>>(),
            KindFilter::ALL
        );
    }
}
