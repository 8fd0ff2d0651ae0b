//! Styles. Meaning never rests on colour alone: severities are also words (MAJOR is upper
//! case), the selected row is reversed, sinking and sunk are spelled out; with `NO_COLOR` set
//! every colour is dropped and the modifiers stay.
use crate::rulesets::fgdn::kinds::SeverityLevel;
use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to anything non-empty (no-color.org).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn fg(&self, style: Style, color: Color) -> Style {
        if self.color {
            style.fg(color)
        } else {
            style
        }
    }

    pub fn title(&self) -> Style {
        self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Cyan)
    }

    pub fn header(&self) -> Style {
        if self.color {
            Style::new().bg(Color::Blue).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn dim(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    pub fn error(&self) -> Style {
        self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Red)
    }

    pub fn ok(&self) -> Style {
        self.fg(Style::new(), Color::Green)
    }

    pub fn warn(&self) -> Style {
        self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Yellow)
    }

    pub fn key(&self) -> Style {
        self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Yellow)
    }

    /// FG&DN 8.2 severity: none plain, minor yellow, major light red, severe red, overwhelmed
    /// white on red; Major and worse are bold (and upper case in [`severity_text`]).
    pub fn severity(&self, level: SeverityLevel) -> Style {
        match level {
            SeverityLevel::None => Style::new(),
            SeverityLevel::Minor => self.fg(Style::new(), Color::Yellow),
            SeverityLevel::Major => {
                self.fg(Style::new().add_modifier(Modifier::BOLD), Color::LightRed)
            }
            SeverityLevel::Severe => self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Red),
            SeverityLevel::Overwhelmed => {
                let s = Style::new().add_modifier(Modifier::BOLD);
                if self.color {
                    s.fg(Color::White).bg(Color::Red)
                } else {
                    s.add_modifier(Modifier::REVERSED)
                }
            }
        }
    }

    /// DP left as a share of the original: green, yellow under 2/3, red under 1/3.
    pub fn dp_bar(&self, left: u32, dp: u32) -> Style {
        let (l, d) = (left as u64 * 3, dp as u64);
        let c = if l >= d * 2 {
            Color::Green
        } else if l >= d {
            Color::Yellow
        } else {
            Color::Red
        };
        self.fg(Style::new(), c)
    }

    pub fn status(&self, status: &str) -> Style {
        match status {
            "sunk" => self.dim().add_modifier(Modifier::CROSSED_OUT),
            "sinking" => self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Red),
            _ => Style::new(),
        }
    }
}

/// The severity as a word, readable without colour: "-", "minor", "MAJOR", "SEVERE", "OVERWH".
pub fn severity_text(level: SeverityLevel) -> &'static str {
    match level {
        SeverityLevel::None => "-",
        SeverityLevel::Minor => "minor",
        SeverityLevel::Major => "MAJOR",
        SeverityLevel::Severe => "SEVERE",
        SeverityLevel::Overwhelmed => "OVERWH",
    }
}
