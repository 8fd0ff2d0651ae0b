//! `umpire chance`: the gun hit-chance calculator headless (FG&DN 1.1 p. 6-4, SPEC 3.9). No
//! battle is opened; the answer comes from the rule tables alone (`--tables DIR` applies).
use crate::cli::{out, CliError};
use crate::rulesets::fgdn::chance::{self, ChanceInput, Salvo, TargetAspect, TargetMotion};
use crate::rulesets::fgdn::command::RangeBand;
use crate::rulesets::fgdn::kinds::SizeClass;
use crate::rulesets::fgdn::tables::Tables;

/// The flags of SPEC 3.9's contract.
#[derive(clap::Args, Debug)]
pub struct ChanceArgs {
    /// Gunnery standard: 1 (GS1) or 2 (GS2).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=2))]
    pub gs: u32,
    /// Range band: short, medium, long or extreme.
    #[arg(long, value_parser = parse_range)]
    pub range: RangeBand,
    /// Target size class, A-G.
    #[arg(long, value_parser = parse_size)]
    pub size: SizeClass,
    /// Sea state (0-9).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=9))]
    pub sea_state: Option<u32>,
    /// Number of barrels firing (1 or more).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=999))]
    pub barrels: Option<u32>,
    /// Target speed in knots.
    #[arg(long, value_name = "KT", conflicts_with = "target_stationary",
          value_parser = clap::value_parser!(u32).range(0..=80))]
    pub target_speed: Option<u32>,
    /// The target is dead in the water.
    #[arg(long)]
    pub target_stationary: bool,
    /// The target is steering evasively (needs 20 kt; not size A).
    #[arg(long)]
    pub target_evasive: bool,
    /// Target aspect: broad, quarter or narrow.
    #[arg(long, value_parser = parse_aspect)]
    pub aspect: Option<TargetAspect>,
    /// Yards beyond the range finder's capability.
    #[arg(long, value_name = "YARDS", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub beyond_rangefinder: Option<u32>,
    /// Ships firing at the target above the limit (long and extreme range only).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=999))]
    pub overconcentration: Option<u32>,
    /// A modifier of tables/fgdn-1.1/gunfire_hit_chance.toml by its id (repeatable).
    #[arg(long = "mod", value_name = "ID")]
    pub mods: Vec<String>,
    /// Print {"base", "modifiers", "modifier_total", "per_point", "chance", "no_fire"}.
    #[arg(long)]
    pub json: bool,
}

fn parse_range(s: &str) -> Result<RangeBand, String> {
    s.parse()
}

fn parse_size(s: &str) -> Result<SizeClass, String> {
    s.parse()
}

fn parse_aspect(s: &str) -> Result<TargetAspect, String> {
    s.parse()
}

impl ChanceArgs {
    pub fn input(&self) -> ChanceInput {
        let target_motion = if self.target_stationary {
            Some(TargetMotion::Stationary)
        } else {
            self.target_speed.map(TargetMotion::Knots)
        };
        ChanceInput {
            gunnery_standard: self.gs,
            range: self.range,
            size: self.size,
            salvo: Salvo {
                sea_state: self.sea_state,
                barrels: self.barrels,
                target_motion,
                target_evasive: self.target_evasive,
                aspect: self.aspect,
                beyond_rangefinder: self.beyond_rangefinder,
                overconcentration: self.overconcentration,
                mods: self.mods.iter().map(|m| m.to_ascii_lowercase()).collect(),
            },
        }
    }
}

/// Print the chance, or refuse (exit 2) with the reason a modifier does not apply.
pub fn run(args: &ChanceArgs, tables: &Tables) -> Result<(), CliError> {
    let input = args.input();
    let r = chance::hit_chance(&tables.gunfire_hit_chance, &input).map_err(CliError::input)?;
    if args.json {
        let v = serde_json::to_string_pretty(&r)
            .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
        out(&v);
    } else {
        out(&chance::text(&input, &r));
    }
    Ok(())
}
