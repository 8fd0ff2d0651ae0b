//! The D&B commands (one line each; ship ids case-insensitive, stored lowercase).
//!
//! `FromStr` and `Display` round-trip: `c.to_string().parse() == Ok(c)`. Options may be typed
//! in any order; `Display` writes them in one canonical order and leaves defaults out.
//!
//! | command | meaning |
//! |---|---|
//! | `gunnery SHIP TARGET [range long\|effective\|close\|minimum\|HEXES] [broadside] [smoke N] [reaction] [hits N]` | a gunnery attack (6.0-6.8); a range in hexes is put in its bracket from the firer's printed maximum range (2.5-2.8, 6.2). The console works out the firing-throw dice from the chart and the state, rolls them (or takes `hits N` counted at the table), then a damage throw per possible hit; `reaction` is 8.4 reaction fire in the Movement Phase |
//! | `torpedo SHIP TARGET RANGE [smoke N] [hits N]` | a torpedo attack (7.0-7.3), RANGE in hexes |
//! | `si SHIP N` | N structural-integrity hits typed by the umpire |
//! | `crit SHIP KIND` | an umpire-declared critical: `1`-`6` or `steering_jammed`, `equipment_damaged`, `waterline_hit`, `fire`, `dead_in_water`, `catastrophic` |
//! | `speed SHIP cruise\|standard\|flank` | the speed marker (8.1) |
//! | `evasive SHIP on\|off` | the evasive action marker (8.5) |
//! | `smoke N` | N smoke markers laid on the map (8.6), rolled for in the Administrative Phase (8.7) |
//! | `marker SHIP fire\|torps_out on\|off` | place or remove a marker by hand (a fire marker at a time) |
use super::ship::{CritKind, SpeedSetting};
use std::fmt;
use std::str::FromStr;

/// The range bracket of a gunnery attack (2.5-2.8, 6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBand {
    Long,
    Effective,
    Close,
    /// Two hexes (8.4); fired as close range (reading in the rules notes).
    Minimum,
}

impl RangeBand {
    pub const ALL: [RangeBand; 4] = [
        RangeBand::Long,
        RangeBand::Effective,
        RangeBand::Close,
        RangeBand::Minimum,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            RangeBand::Long => "long",
            RangeBand::Effective => "effective",
            RangeBand::Close => "close",
            RangeBand::Minimum => "minimum",
        }
    }
    /// Close or minimum: +1 die and +1 weight of fire.
    pub fn is_close(self) -> bool {
        matches!(self, RangeBand::Close | RangeBand::Minimum)
    }
}

/// The range of a gunnery attack: a bracket, or hexes counted on the map (2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunRange {
    Band(RangeBand),
    Hexes(u32),
}

impl fmt::Display for GunRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GunRange::Band(b) => f.write_str(b.as_str()),
            GunRange::Hexes(h) => write!(f, "{h}"),
        }
    }
}

/// A marker the umpire places or removes by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerKind {
    Fire,
    TorpsOut,
}

impl MarkerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MarkerKind::Fire => "fire",
            MarkerKind::TorpsOut => "torps_out",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Gunnery {
        ship: String,
        target: String,
        range: GunRange,
        broadside: bool,
        smoke: u32,
        reaction: bool,
        hits: Option<u32>,
    },
    Torpedo {
        ship: String,
        target: String,
        range: u32,
        smoke: u32,
        hits: Option<u32>,
    },
    Si {
        ship: String,
        hits: u32,
    },
    Crit {
        ship: String,
        kind: CritKind,
    },
    Speed {
        ship: String,
        setting: SpeedSetting,
    },
    Evasive {
        ship: String,
        on: bool,
    },
    Smoke {
        markers: u32,
    },
    Marker {
        ship: String,
        marker: MarkerKind,
        on: bool,
    },
}

/// The command words, with their syntax, for help and completion.
pub const SYNTAX: &[(&str, &str)] = &[
    (
        "gunnery",
        "gunnery SHIP TARGET [range long|effective|close|minimum|HEXES] [broadside] [smoke N] [reaction] [hits N]",
    ),
    ("torpedo", "torpedo SHIP TARGET RANGE [smoke N] [hits N]"),
    ("si", "si SHIP N"),
    ("crit", "crit SHIP 1-6|steering_jammed|equipment_damaged|waterline_hit|fire|dead_in_water|catastrophic"),
    ("speed", "speed SHIP cruise|standard|flank"),
    ("evasive", "evasive SHIP on|off"),
    ("smoke", "smoke N"),
    ("marker", "marker SHIP fire|torps_out on|off"),
];

impl Command {
    /// The command word (derived from the variant, so a new variant cannot be forgotten).
    pub fn word(&self) -> &'static str {
        match self {
            Command::Gunnery { .. } => "gunnery",
            Command::Torpedo { .. } => "torpedo",
            Command::Si { .. } => "si",
            Command::Crit { .. } => "crit",
            Command::Speed { .. } => "speed",
            Command::Evasive { .. } => "evasive",
            Command::Smoke { .. } => "smoke",
            Command::Marker { .. } => "marker",
        }
    }
}

fn syntax(word: &str) -> String {
    SYNTAX
        .iter()
        .find(|(w, _)| *w == word)
        .map_or(String::new(), |(_, s)| format!(" (usage: {s})"))
}

/// The largest count or range a command accepts (keeps the dice arithmetic small).
pub const MAX_NUMBER: u32 = 999;

fn num(word: &str, what: &str, s: Option<&str>) -> Result<u32, String> {
    let s = s.ok_or_else(|| format!("{word}: {what} missing{}", syntax(word)))?;
    match s.parse::<u32>() {
        Ok(n) if n <= MAX_NUMBER => Ok(n),
        _ => Err(format!(
            "{word}: {what} \"{s}\" is not a whole number from 0 to {MAX_NUMBER}{}",
            syntax(word)
        )),
    }
}

fn ship_id(word: &str, what: &str, s: Option<&str>) -> Result<String, String> {
    s.map(|s| s.to_ascii_lowercase())
        .ok_or_else(|| format!("{word}: {what} missing{}", syntax(word)))
}

fn on_off(word: &str, s: Option<&str>) -> Result<bool, String> {
    match s.map(|s| s.to_ascii_lowercase()).as_deref() {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        other => Err(format!(
            "{word}: expected on or off, got {}{}",
            other.unwrap_or("nothing"),
            syntax(word)
        )),
    }
}

impl FromStr for Command {
    type Err = String;
    fn from_str(line: &str) -> Result<Command, String> {
        let mut w = line.split_whitespace();
        let word = w
            .next()
            .ok_or_else(|| "empty command".to_string())?
            .to_ascii_lowercase();
        let cmd = match word.as_str() {
            "gunnery" => {
                let ship = ship_id("gunnery", "SHIP", w.next())?;
                let target = ship_id("gunnery", "TARGET", w.next())?;
                let (mut range, mut broadside, mut smoke, mut reaction, mut hits) =
                    (GunRange::Band(RangeBand::Effective), false, 0, false, None);
                while let Some(o) = w.next() {
                    match o.to_ascii_lowercase().as_str() {
                        "range" => {
                            let r = w.next().map(|s| s.to_ascii_lowercase());
                            let hexes = r
                                .as_deref()
                                .and_then(|r| r.parse::<u32>().ok())
                                .filter(|h| *h <= MAX_NUMBER);
                            range = match hexes {
                                Some(h) => GunRange::Hexes(h),
                                None => GunRange::Band(
                                    RangeBand::ALL
                                        .into_iter()
                                        .find(|b| Some(b.as_str()) == r.as_deref())
                                        .ok_or_else(|| {
                                            format!(
                                            "gunnery: range must be long, effective, close, minimum or hexes{}",
                                            syntax("gunnery")
                                        )
                                        })?,
                                ),
                            };
                        }
                        "broadside" => broadside = true,
                        "reaction" => reaction = true,
                        "smoke" => smoke = num("gunnery", "smoke hexes", w.next())?,
                        "hits" => hits = Some(num("gunnery", "hits", w.next())?),
                        other => {
                            return Err(format!(
                                "gunnery: unknown option \"{other}\"{}",
                                syntax("gunnery")
                            ))
                        }
                    }
                }
                Command::Gunnery {
                    ship,
                    target,
                    range,
                    broadside,
                    smoke,
                    reaction,
                    hits,
                }
            }
            "torpedo" => {
                let ship = ship_id("torpedo", "SHIP", w.next())?;
                let target = ship_id("torpedo", "TARGET", w.next())?;
                let range = num("torpedo", "RANGE (hexes)", w.next())?;
                let (mut smoke, mut hits) = (0, None);
                while let Some(o) = w.next() {
                    match o.to_ascii_lowercase().as_str() {
                        "smoke" => smoke = num("torpedo", "smoke hexes", w.next())?,
                        "hits" => hits = Some(num("torpedo", "hits", w.next())?),
                        other => {
                            return Err(format!(
                                "torpedo: unknown option \"{other}\"{}",
                                syntax("torpedo")
                            ))
                        }
                    }
                }
                Command::Torpedo {
                    ship,
                    target,
                    range,
                    smoke,
                    hits,
                }
            }
            "si" => Command::Si {
                ship: ship_id("si", "SHIP", w.next())?,
                hits: num("si", "N", w.next())?,
            },
            "crit" => {
                let ship = ship_id("crit", "SHIP", w.next())?;
                let k = w
                    .next()
                    .ok_or_else(|| format!("crit: KIND missing{}", syntax("crit")))?;
                let kind = CritKind::from_name(k)
                    .ok_or_else(|| format!("crit: \"{k}\" is not a critical{}", syntax("crit")))?;
                Command::Crit { ship, kind }
            }
            "speed" => {
                let ship = ship_id("speed", "SHIP", w.next())?;
                let s = w.next().map(|s| s.to_ascii_lowercase());
                let setting = [
                    SpeedSetting::Cruise,
                    SpeedSetting::Standard,
                    SpeedSetting::Flank,
                ]
                .into_iter()
                .find(|x| Some(x.as_str()) == s.as_deref())
                .ok_or_else(|| {
                    format!(
                        "speed: expected cruise, standard or flank{}",
                        syntax("speed")
                    )
                })?;
                Command::Speed { ship, setting }
            }
            "evasive" => Command::Evasive {
                ship: ship_id("evasive", "SHIP", w.next())?,
                on: on_off("evasive", w.next())?,
            },
            "smoke" => Command::Smoke {
                markers: num("smoke", "N", w.next())?,
            },
            "marker" => {
                let ship = ship_id("marker", "SHIP", w.next())?;
                let m = w.next().map(|s| s.to_ascii_lowercase().replace('-', "_"));
                let marker = [MarkerKind::Fire, MarkerKind::TorpsOut]
                    .into_iter()
                    .find(|x| Some(x.as_str()) == m.as_deref())
                    .ok_or_else(|| {
                        format!("marker: expected fire or torps_out{}", syntax("marker"))
                    })?;
                Command::Marker {
                    ship,
                    marker,
                    on: on_off("marker", w.next())?,
                }
            }
            other => {
                let words: Vec<&str> = SYNTAX.iter().map(|(w, _)| *w).collect();
                return Err(format!(
                    "\"{other}\" is not a D&B command (commands: {})",
                    words.join(", ")
                ));
            }
        };
        if let Some(extra) = w.next() {
            return Err(format!("{word}: unexpected \"{extra}\"{}", syntax(&word)));
        }
        Ok(cmd)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let onoff = |b: bool| if b { "on" } else { "off" };
        match self {
            Command::Gunnery {
                ship,
                target,
                range,
                broadside,
                smoke,
                reaction,
                hits,
            } => {
                write!(f, "gunnery {ship} {target}")?;
                if *range != GunRange::Band(RangeBand::Effective) {
                    write!(f, " range {range}")?;
                }
                if *broadside {
                    f.write_str(" broadside")?;
                }
                if *smoke > 0 {
                    write!(f, " smoke {smoke}")?;
                }
                if *reaction {
                    f.write_str(" reaction")?;
                }
                if let Some(h) = hits {
                    write!(f, " hits {h}")?;
                }
                Ok(())
            }
            Command::Torpedo {
                ship,
                target,
                range,
                smoke,
                hits,
            } => {
                write!(f, "torpedo {ship} {target} {range}")?;
                if *smoke > 0 {
                    write!(f, " smoke {smoke}")?;
                }
                if let Some(h) = hits {
                    write!(f, " hits {h}")?;
                }
                Ok(())
            }
            Command::Si { ship, hits } => write!(f, "si {ship} {hits}"),
            Command::Crit { ship, kind } => write!(f, "crit {ship} {}", kind.as_str()),
            Command::Speed { ship, setting } => write!(f, "speed {ship} {}", setting.as_str()),
            Command::Evasive { ship, on } => write!(f, "evasive {ship} {}", onoff(*on)),
            Command::Smoke { markers } => write!(f, "smoke {markers}"),
            Command::Marker { ship, marker, on } => {
                write!(f, "marker {ship} {} {}", marker.as_str(), onoff(*on))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn id() -> impl Strategy<Value = String> {
        "[a-z][a-z0-9_-]{0,6}"
    }

    fn command() -> impl Strategy<Value = Command> {
        let range = prop_oneof![
            prop::sample::select(RangeBand::ALL.to_vec()).prop_map(GunRange::Band),
            (0u32..30).prop_map(GunRange::Hexes),
        ];
        let kind = prop::sample::select(CritKind::ALL.to_vec());
        let setting = prop::sample::select(vec![
            SpeedSetting::Cruise,
            SpeedSetting::Standard,
            SpeedSetting::Flank,
        ]);
        let marker = prop::sample::select(vec![MarkerKind::Fire, MarkerKind::TorpsOut]);
        prop_oneof![
            (
                id(),
                id(),
                range,
                any::<bool>(),
                0u32..5,
                any::<bool>(),
                prop::option::of(0u32..9)
            )
                .prop_map(|(ship, target, range, broadside, smoke, reaction, hits)| {
                    Command::Gunnery {
                        ship,
                        target,
                        range,
                        broadside,
                        smoke,
                        reaction,
                        hits,
                    }
                }),
            (id(), id(), 0u32..9, 0u32..4, prop::option::of(0u32..9)).prop_map(
                |(ship, target, range, smoke, hits)| Command::Torpedo {
                    ship,
                    target,
                    range,
                    smoke,
                    hits
                }
            ),
            (id(), 0u32..9).prop_map(|(ship, hits)| Command::Si { ship, hits }),
            (id(), kind).prop_map(|(ship, kind)| Command::Crit { ship, kind }),
            (id(), setting).prop_map(|(ship, setting)| Command::Speed { ship, setting }),
            (id(), any::<bool>()).prop_map(|(ship, on)| Command::Evasive { ship, on }),
            (0u32..9).prop_map(|markers| Command::Smoke { markers }),
            (id(), marker, any::<bool>()).prop_map(|(ship, marker, on)| Command::Marker {
                ship,
                marker,
                on
            }),
        ]
    }

    fn word_soup() -> impl Strategy<Value = String> {
        let w = prop::sample::select(vec![
            "gunnery",
            "torpedo",
            "si",
            "crit",
            "speed",
            "evasive",
            "smoke",
            "marker",
            "a",
            "B",
            "range",
            "long",
            "close",
            "minimum",
            "broadside",
            "reaction",
            "hits",
            "on",
            "off",
            "fire",
            "torps_out",
            "cruise",
            "flank",
            "3",
            "0",
            "-1",
            "999",
            "1000",
            "7",
            "x",
        ]);
        prop::collection::vec(w, 0..8).prop_map(|v| v.join(" "))
    }

    proptest! {
        /// Whatever is typed, parsing never panics, and what parses round-trips.
        #[test]
        fn any_text_parses_or_is_refused(line in prop_oneof![word_soup(), ".{0,40}"]) {
            if let Ok(c) = line.parse::<Command>() {
                prop_assert_eq!(c.to_string().parse::<Command>(), Ok(c));
            }
        }

        #[test]
        fn display_parse_round_trip(c in command()) {
            let text = c.to_string();
            prop_assert_eq!(text.parse::<Command>(), Ok(c));
        }
    }

    #[test]
    fn ship_ids_are_case_insensitive_and_options_any_order() {
        let c: Command = "GUNNERY PoW Bismarck hits 2 broadside RANGE Close"
            .parse()
            .unwrap();
        assert_eq!(
            c.to_string(),
            "gunnery pow bismarck range close broadside hits 2"
        );
        let c: Command = "crit Hood 5".parse().unwrap();
        assert_eq!(c.to_string(), "crit hood dead_in_water");
    }

    #[test]
    fn errors_say_what_would_be_right() {
        let e = "gunnery a b range far".parse::<Command>().unwrap_err();
        assert!(
            e.contains("long, effective, close, minimum or hexes"),
            "{e}"
        );
        let e = "torpedo a b".parse::<Command>().unwrap_err();
        assert!(e.contains("RANGE"), "{e}");
        let e = "crit a 7".parse::<Command>().unwrap_err();
        assert!(e.contains("not a critical"), "{e}");
        let e = "smoke 4000000000".parse::<Command>().unwrap_err();
        assert!(e.contains("0 to 999"), "{e}");
        let e = "si a 1 2".parse::<Command>().unwrap_err();
        assert!(e.contains("unexpected"), "{e}");
        let e = "shoot a b".parse::<Command>().unwrap_err();
        assert!(e.contains("gunnery"), "{e}");
    }

    /// Every variant has a syntax line.
    #[test]
    fn every_word_has_syntax() {
        for c in [
            "gunnery a b",
            "torpedo a b 3",
            "si a 1",
            "crit a 1",
            "speed a flank",
            "evasive a on",
            "smoke 1",
            "marker a fire on",
        ] {
            let c: Command = c.parse().unwrap();
            assert!(SYNTAX.iter().any(|(w, _)| *w == c.word()));
        }
    }
}
