//! Calendar dates as the puzzle sees them (month and day; the weekday edition adds a weekday),
//! parsed from what people type: `11-22`, `2026-11-22`, `Nov 22`, `22 Nov`.

use crate::puzzle::{Label, MONTH_NAMES, WEEKDAY_NAMES};

/// A month and day that exist in some year (Feb 29 included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Date {
    /// 1 = January … 12.
    pub month: u8,
    /// 1 … 31.
    pub day: u8,
}

/// Days in each month of a leap year.
const MONTH_DAYS: [u8; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// A date that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not in any form a date is read in.
    #[error("`{0}` is not a date: expected MM-DD, YYYY-MM-DD or a month name and a day (`Nov 22`)")]
    Syntax(String),
    /// A month and day that no year has (or not the year given).
    #[error("{0} does not exist")]
    NoSuchDate(String),
}

impl From<DateError> for pzl_core::Error {
    fn from(e: DateError) -> pzl_core::Error {
        pzl_core::Error::usage(e.to_string())
    }
}

impl Date {
    /// The date, if it exists in some year.
    pub fn new(month: u8, day: u8) -> Option<Date> {
        let last = *MONTH_DAYS.get(usize::from(month).checked_sub(1)?)?;
        (1..=last).contains(&day).then_some(Date { month, day })
    }

    /// Every date of a leap year, in order (366).
    pub fn all() -> impl Iterator<Item = Date> {
        (1..=12u8).flat_map(|m| (1..=MONTH_DAYS[usize::from(m - 1)]).map(move |d| Date { month: m, day: d }))
    }

    /// `MM-DD`.
    pub fn iso(self) -> String {
        format!("{:02}-{:02}", self.month, self.day)
    }
}

impl std::fmt::Display for Date {
    /// `Nov 22`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", Label::Month(self.month), self.day)
    }
}

/// A date as typed, with the year when one was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedDate {
    /// The month and day.
    pub date: Date,
    /// The year, when one was typed.
    pub year: Option<i32>,
}

impl ParsedDate {
    /// The weekday (0 = Sunday) in `year`, or in the given year when there is one.
    pub fn weekday_in(self, year: i32) -> Option<u8> {
        let year = self.year.unwrap_or(year);
        if self.date.month == 2 && self.date.day == 29 && !is_leap(year) {
            return None;
        }
        Some(weekday(year, self.date.month, self.date.day))
    }
}

/// Read `11-22`, `2026-11-22`, `11/22`, `Nov 22`, `November 22`, `22 Nov`.
pub fn parse(text: &str) -> Result<ParsedDate, DateError> {
    let syntax = || DateError::Syntax(text.to_string());
    let parts: Vec<&str> = text.split(['-', '/', ' ', ',']).filter(|p| !p.is_empty()).collect();
    let number = |s: &str| s.parse::<u32>().ok();
    let month_name = |s: &str| match Label::parse(s) {
        Some(Label::Month(m)) if s.chars().all(|c| c.is_ascii_alphabetic()) => Some(m),
        _ => None,
    };
    let (year, month, day) = match parts.as_slice() {
        [y, m, d] if y.len() == 4 => (Some(number(y).ok_or_else(syntax)?), number(m), number(d)),
        [m, d] if month_name(m).is_some() => (None, month_name(m).map(u32::from), number(d)),
        [d, m] if month_name(m).is_some() => (None, month_name(m).map(u32::from), number(d)),
        [m, d] => (None, number(m), number(d)),
        [m, d, y] if month_name(m).is_some() && y.len() == 4 => {
            (Some(number(y).ok_or_else(syntax)?), month_name(m).map(u32::from), number(d))
        }
        _ => return Err(syntax()),
    };
    let (Some(month), Some(day)) = (month, day) else { return Err(syntax()) };
    let year = year.map(|y| y as i32);
    let (month, day) = (u8::try_from(month).map_err(|_| syntax())?, u8::try_from(day).map_err(|_| syntax())?);
    let date = Date::new(month, day).ok_or_else(|| DateError::NoSuchDate(text.to_string()))?;
    if let Some(y) = year
        && month == 2
        && day == 29
        && !is_leap(y)
    {
        return Err(DateError::NoSuchDate(text.to_string()));
    }
    Ok(ParsedDate { date, year })
}

/// Read a weekday name (`Mon`, `monday`).
pub fn parse_weekday(text: &str) -> Option<u8> {
    match Label::parse(text) {
        Some(Label::Weekday(w)) => Some(w),
        _ => None,
    }
}

/// The name of weekday `w` (0 = Sunday).
pub fn weekday_name(w: u8) -> &'static str {
    WEEKDAY_NAMES.get(usize::from(w)).copied().unwrap_or("?")
}

/// The name of month `m` (1 = January).
pub fn month_name(m: u8) -> &'static str {
    MONTH_NAMES.get(usize::from(m).wrapping_sub(1)).copied().unwrap_or("?")
}

/// Whether `year` has a February 29.
pub fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Day of the week, 0 = Sunday (proleptic Gregorian).
pub fn weekday(year: i32, month: u8, day: u8) -> u8 {
    let days = days_from_civil(year, month, day);
    (days + 4).rem_euclid(7) as u8
}

/// Days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of `days` since 1970-01-01: (year, month, day).
pub fn civil_from_days(days: i64) -> (i32, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    (year, month, day)
}

/// Today's date (UTC) with its year.
pub fn today() -> ParsedDate {
    let secs = pzl_core::time::SystemTime::now()
        .duration_since(pzl_core::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (year, month, day) = civil_from_days(secs.div_euclid(86_400));
    ParsedDate { date: Date { month, day }, year: Some(year) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_in_every_form() {
        let nov22 = Date { month: 11, day: 22 };
        for text in ["11-22", "2026-11-22", "Nov 22", "november 22", "22 Nov", "11/22", "Nov 22, 2026"] {
            assert_eq!(parse(text).map(|p| p.date), Ok(nov22), "{text}");
        }
        assert_eq!(parse("2026-11-22").unwrap().year, Some(2026));
        assert!(matches!(parse("02-30"), Err(DateError::NoSuchDate(_))));
        assert!(matches!(parse("2026-02-29"), Err(DateError::NoSuchDate(_))));
        assert!(parse("02-29").is_ok());
        assert!(matches!(parse("tomorrow"), Err(DateError::Syntax(_))));
        assert!(parse("99999999999-1").is_err());
    }

    #[test]
    fn weekdays_are_right() {
        assert_eq!(weekday(2026, 11, 23), 1); // a Monday
        assert_eq!(weekday(2020, 4, 6), 1);
        assert_eq!(weekday(2000, 1, 1), 6);
        assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
        assert_eq!(Date::all().count(), 366);
    }
}
