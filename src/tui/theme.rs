//! Styles. Meaning never rests on colour alone: severities are also words (MAJOR is upper
//! case), the selected row is reversed, sinking and sunk are spelled out; with `NO_COLOR` set
//! every colour is dropped and the modifiers stay.
use crate::core::board::Tone;
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

    /// A grade of trouble (0-4): none plain, yellow, light red, red, white on red; 2 and worse
    /// bold (FG&DN's severities, which are also spelled out in upper case from Major).
    pub fn grade(&self, grade: u8) -> Style {
        match grade {
            0 => Style::new(),
            1 => self.fg(Style::new(), Color::Yellow),
            2 => self.fg(Style::new().add_modifier(Modifier::BOLD), Color::LightRed),
            3 => self.fg(Style::new().add_modifier(Modifier::BOLD), Color::Red),
            _ => {
                let s = Style::new().add_modifier(Modifier::BOLD);
                if self.color {
                    s.fg(Color::White).bg(Color::Red)
                } else {
                    s.add_modifier(Modifier::REVERSED)
                }
            }
        }
    }

    /// The style of a tone of the screen model (`core::board`).
    pub fn tone(&self, tone: Tone) -> Style {
        match tone {
            Tone::Plain => Style::new(),
            Tone::Dim => self.dim(),
            Tone::Ok => self.ok(),
            Tone::Warn => self.warn(),
            Tone::Danger => self.error(),
            Tone::Heading => self.title(),
            Tone::Gauge { left, of, bold } => {
                let s = self.dp_bar(left, of);
                if bold {
                    s.add_modifier(Modifier::BOLD)
                } else {
                    s
                }
            }
            Tone::Grade(g) => self.grade(g),
            Tone::Gone => self.dim().add_modifier(Modifier::CROSSED_OUT),
            Tone::Marked => self.selected().add_modifier(Modifier::BOLD),
        }
    }

    /// A share left of a whole (FG&DN's DP left of the original): green, yellow under 2/3,
    /// red under 1/3.
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
}
