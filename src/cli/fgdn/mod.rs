//! FG&DN's own headless faces beyond those every ruleset has: `umpire chance`, the gun
//! hit-chance calculator (FG&DN 1.1 p. 6-4), as `tui::fgdn` holds its calculator form.
pub mod chance;
