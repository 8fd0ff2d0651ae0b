//! The A&A commands (their syntax is [`SYNTAX`]); `parse(c.to_string()) == c`.
use super::ship::{Band, CritTable, GunClass, Location, RepairItem, Weather};
use std::fmt;
use std::str::FromStr;

/// Every command of the ruleset with its usage, for help, completion and errors.
pub const SYNTAX: &[(&str, &str)] = &[
    (
        "gun",
        "gun SHIP at TARGET dice N range short|med1|med2|long [class A-I]",
    ),
    ("torpedo", "torpedo SHIP at TARGET dice N [outside_arc]"),
    ("mine", "mine SHIP"),
    ("crit", "crit SHIP gunnery|underwater"),
    ("damage", "damage SHIP hull|main|secondary N"),
    ("sinking", "sinking SHIP [critical]   a 5.17 sinking test"),
    ("initiative", "initiative"),
    (
        "set",
        "set SHIP speed KTS | stopped|evasive|flagship on|off | command in|out",
    ),
    ("splash", "splash SHIP [N]"),
    (
        "repair",
        "repair SHIP fire|flood|rudder|engine_room|bridge ok|fail",
    ),
    ("morale", "morale SQUADRON pass|fail"),
    (
        "reveal",
        "reveal SQUADRON   its contact marker spotted: deployed as models",
    ),
    ("weather", "weather calm|moderate|fresh|strong|gale|storm"),
    ("night", "night on|off"),
    (
        "chart",
        "chart VALUE [VALUE ...]   queue chart reads (d4 ... 3d10, n/a, or damage points)",
    ),
];

fn usage(verb: &str) -> String {
    let u = SYNTAX
        .iter()
        .find(|(v, _)| *v == verb)
        .map_or("", |(_, u)| *u);
    format!("usage: {u}")
}

/// What `set` changes on a ship (all the umpire's: the text gives no procedure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// The current maximum speed in knots (5.3 "slow", "fast").
    Speed(u32),
    Stopped(bool),
    Evasive(bool),
    Flagship(bool),
    /// Out of command (2.4).
    OutOfCommand(bool),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Gun {
        ship: String,
        target: String,
        dice: u32,
        band: Band,
        class: Option<GunClass>,
    },
    Torpedo {
        ship: String,
        target: String,
        dice: u32,
        outside_arc: bool,
    },
    Mine {
        ship: String,
    },
    Crit {
        ship: String,
        table: CritTable,
    },
    Damage {
        ship: String,
        location: Location,
        points: u32,
    },
    Sinking {
        ship: String,
        critical: bool,
    },
    Initiative,
    Set {
        ship: String,
        setting: Setting,
    },
    Splash {
        ship: String,
        n: u32,
    },
    Repair {
        ship: String,
        item: RepairItem,
        ok: bool,
    },
    Morale {
        squadron: String,
        pass: bool,
    },
    /// 2.2 Spotting: a squadron's contact marker is revealed (the test is the umpire's).
    Reveal {
        squadron: String,
    },
    Weather(Weather),
    Night(bool),
    Chart(Vec<String>),
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Gun {
                ship,
                target,
                dice,
                band,
                class,
            } => {
                write!(f, "gun {ship} at {target} dice {dice} range {band}")?;
                if let Some(c) = class {
                    write!(f, " class {c}")?;
                }
                Ok(())
            }
            Command::Torpedo {
                ship,
                target,
                dice,
                outside_arc,
            } => {
                write!(f, "torpedo {ship} at {target} dice {dice}")?;
                if *outside_arc {
                    f.write_str(" outside_arc")?;
                }
                Ok(())
            }
            Command::Mine { ship } => write!(f, "mine {ship}"),
            Command::Crit { ship, table } => write!(f, "crit {ship} {table}"),
            Command::Damage {
                ship,
                location,
                points,
            } => write!(f, "damage {ship} {location} {points}"),
            Command::Sinking { ship, critical } => {
                write!(
                    f,
                    "sinking {ship}{}",
                    if *critical { " critical" } else { "" }
                )
            }
            Command::Initiative => f.write_str("initiative"),
            Command::Set { ship, setting } => match setting {
                Setting::Speed(k) => write!(f, "set {ship} speed {k}"),
                Setting::Stopped(b) => write!(f, "set {ship} stopped {}", on_off(*b)),
                Setting::Evasive(b) => write!(f, "set {ship} evasive {}", on_off(*b)),
                Setting::Flagship(b) => write!(f, "set {ship} flagship {}", on_off(*b)),
                Setting::OutOfCommand(b) => {
                    write!(f, "set {ship} command {}", if *b { "out" } else { "in" })
                }
            },
            Command::Splash { ship, n } => write!(f, "splash {ship} {n}"),
            Command::Repair { ship, item, ok } => {
                write!(
                    f,
                    "repair {ship} {item} {}",
                    if *ok { "ok" } else { "fail" }
                )
            }
            Command::Morale { squadron, pass } => {
                write!(
                    f,
                    "morale {squadron} {}",
                    if *pass { "pass" } else { "fail" }
                )
            }
            Command::Reveal { squadron } => write!(f, "reveal {squadron}"),
            Command::Weather(w) => write!(f, "weather {w}"),
            Command::Night(b) => write!(f, "night {}", on_off(*b)),
            Command::Chart(values) => write!(f, "chart {}", values.join(" ")),
        }
    }
}

fn number(word: &str, what: &str, most: u32) -> Result<u32, String> {
    word.parse::<u32>()
        .ok()
        .filter(|n| *n <= most)
        .ok_or_else(|| format!("\"{word}\" is not {what} (a whole number 0-{most})"))
}

fn flag(word: &str, yes: &str, no: &str, verb: &str) -> Result<bool, String> {
    if word.eq_ignore_ascii_case(yes) {
        Ok(true)
    } else if word.eq_ignore_ascii_case(no) {
        Ok(false)
    } else {
        Err(format!("\"{word}\" is not {yes} or {no}; {}", usage(verb)))
    }
}

/// A value `chart` may queue: a 5.2 damage cell or a number of damage points.
pub fn chart_value_ok(v: &str) -> bool {
    super::ship::DamageDie::CODES
        .iter()
        .any(|c| c.eq_ignore_ascii_case(v))
        || v.parse::<u32>()
            .is_ok_and(|n| n <= super::rules::MOST_POINTS)
}

impl FromStr for Command {
    type Err = String;
    fn from_str(line: &str) -> Result<Command, String> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let verb = w
            .first()
            .map(|v| v.to_ascii_lowercase())
            .unwrap_or_default();
        let lower = |i: usize| w.get(i).map(|s| s.to_ascii_lowercase());
        match verb.as_str() {
            "gun" => {
                if w.len() < 8
                    || !w[2].eq_ignore_ascii_case("at")
                    || !w[4].eq_ignore_ascii_case("dice")
                    || !w[6].eq_ignore_ascii_case("range")
                {
                    return Err(usage("gun"));
                }
                let dice = number(w[5], "a number of dice", 99)?;
                if dice == 0 {
                    return Err("gun: dice: 1 or more".into());
                }
                let band: Band = w[7].parse()?;
                let class = match w.len() {
                    8 => None,
                    10 if w[8].eq_ignore_ascii_case("class") => Some(w[9].parse()?),
                    _ => return Err(usage("gun")),
                };
                Ok(Command::Gun {
                    ship: w[1].to_ascii_lowercase(),
                    target: w[3].to_ascii_lowercase(),
                    dice,
                    band,
                    class,
                })
            }
            "torpedo" => {
                if !(6..=7).contains(&w.len())
                    || !w[2].eq_ignore_ascii_case("at")
                    || !w[4].eq_ignore_ascii_case("dice")
                {
                    return Err(usage("torpedo"));
                }
                let dice = number(w[5], "a number of dice", 99)?;
                if dice == 0 {
                    return Err("torpedo: dice: 1 or more".into());
                }
                let outside_arc = match w.get(6) {
                    None => false,
                    Some(x) if x.eq_ignore_ascii_case("outside_arc") => true,
                    Some(_) => return Err(usage("torpedo")),
                };
                Ok(Command::Torpedo {
                    ship: w[1].to_ascii_lowercase(),
                    target: w[3].to_ascii_lowercase(),
                    dice,
                    outside_arc,
                })
            }
            "mine" if w.len() == 2 => Ok(Command::Mine {
                ship: w[1].to_ascii_lowercase(),
            }),
            "crit" if w.len() == 3 => Ok(Command::Crit {
                ship: w[1].to_ascii_lowercase(),
                table: w[2].parse()?,
            }),
            "damage" if w.len() == 4 => {
                let points = number(w[3], "damage points", super::rules::MOST_POINTS)?;
                if points == 0 {
                    return Err("damage: 1 or more points".into());
                }
                Ok(Command::Damage {
                    ship: w[1].to_ascii_lowercase(),
                    location: w[2].parse()?,
                    points,
                })
            }
            "sinking"
                if w.len() == 2 || (w.len() == 3 && w[2].eq_ignore_ascii_case("critical")) =>
            {
                Ok(Command::Sinking {
                    ship: w[1].to_ascii_lowercase(),
                    critical: w.len() == 3,
                })
            }
            "initiative" if w.len() == 1 => Ok(Command::Initiative),
            "set" if w.len() == 4 => {
                let setting = match lower(2).as_deref() {
                    Some("speed") => Setting::Speed(number(w[3], "a speed in knots", 99)?),
                    Some("stopped") => Setting::Stopped(flag(w[3], "on", "off", "set")?),
                    Some("evasive") => Setting::Evasive(flag(w[3], "on", "off", "set")?),
                    Some("flagship") => Setting::Flagship(flag(w[3], "on", "off", "set")?),
                    Some("command") => Setting::OutOfCommand(flag(w[3], "out", "in", "set")?),
                    _ => return Err(format!("\"{}\": {}", w[2], usage("set"))),
                };
                Ok(Command::Set {
                    ship: w[1].to_ascii_lowercase(),
                    setting,
                })
            }
            "splash" if w.len() == 2 || w.len() == 3 => {
                let n = match w.get(2) {
                    Some(x) => number(x, "a number of splash markers", 99)?,
                    None => 1,
                };
                if n == 0 {
                    return Err("splash: 1 or more markers".into());
                }
                Ok(Command::Splash {
                    ship: w[1].to_ascii_lowercase(),
                    n,
                })
            }
            "repair" if w.len() == 4 => Ok(Command::Repair {
                ship: w[1].to_ascii_lowercase(),
                item: w[2].parse()?,
                ok: flag(w[3], "ok", "fail", "repair")?,
            }),
            "morale" if w.len() == 3 => Ok(Command::Morale {
                squadron: w[1].to_ascii_lowercase(),
                pass: flag(w[2], "pass", "fail", "morale")?,
            }),
            "reveal" if w.len() == 2 => Ok(Command::Reveal {
                squadron: w[1].to_ascii_lowercase(),
            }),
            "weather" if w.len() == 2 => Ok(Command::Weather(w[1].parse()?)),
            "night" if w.len() == 2 => Ok(Command::Night(flag(w[1], "on", "off", "night")?)),
            "chart" if w.len() >= 2 => {
                let values: Vec<String> = w[1..].iter().map(|v| v.to_ascii_lowercase()).collect();
                if let Some(bad) = values.iter().find(|v| !chart_value_ok(v)) {
                    return Err(format!(
                        "\"{bad}\" is not a chart value (a 5.2 damage cell: {}; or damage points 0-{})",
                        super::ship::DamageDie::CODES.join(", "),
                        super::rules::MOST_POINTS
                    ));
                }
                Ok(Command::Chart(values))
            }
            "" => Err("empty command".into()),
            v if SYNTAX.iter().any(|(s, _)| *s == v) => Err(usage(v)),
            other => {
                let verbs: Vec<&str> = SYNTAX.iter().map(|(v, _)| *v).collect();
                Err(format!(
                    "\"{other}\" is not a command of the A&A fast-play rules ({}; and next, turn, until, dice, note, undo, redo, expect)",
                    verbs.join(", ")
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_round_trips() {
        for text in [
            "gun a at b dice 3 range short",
            "gun a at b dice 1 range med2 class H",
            "torpedo a at b dice 2",
            "torpedo a at b dice 2 outside_arc",
            "mine a",
            "crit a gunnery",
            "crit a underwater",
            "damage a hull 4",
            "sinking a",
            "sinking a critical",
            "initiative",
            "set a speed 12",
            "set a stopped on",
            "set a evasive off",
            "set a flagship on",
            "set a command out",
            "set a command in",
            "splash a 2",
            "repair a fire ok",
            "repair a engine_room fail",
            "morale s1 fail",
            "reveal s1",
            "weather gale",
            "night on",
            "chart d12 n/a 3d10 7",
        ] {
            let c: Command = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(c.to_string().parse::<Command>().unwrap(), c);
        }
        for bad in [
            "gun a b dice 3 range short",
            "gun a at b dice 0 range short",
            "gun a at b dice 2 range close",
            "gun a at b dice 2 range long class J",
            "torpedo a at b",
            "damage a funnel 2",
            "damage a hull 0",
            "set a speed fast",
            "set a evasive maybe",
            "repair a boiler ok",
            "weather fog",
            "chart d7",
            "fire a",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }

    #[test]
    fn look_alike_letters_of_the_text_read_as_latin_codes() {
        // The text prints class H with a Greek Eta and class E with a Cyrillic Ie.
        let c: Command = "gun a at b dice 1 range long class Η".parse().unwrap();
        assert!(matches!(
            c,
            Command::Gun {
                class: Some(GunClass::H),
                ..
            }
        ));
        let c: Command = "gun a at b dice 1 range long class Е".parse().unwrap();
        assert!(matches!(
            c,
            Command::Gun {
                class: Some(GunClass::E),
                ..
            }
        ));
    }
}
