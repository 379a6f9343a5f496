//! What every container says about a file besides its forks: name, Finder info, dates, lock.

use serde::Serialize;

/// Seconds from 1904-01-01 (classic Mac epoch) to 2000-01-01 (AppleSingle v2 epoch).
pub const EPOCH_1904_TO_2000: i64 = 3_029_529_600;

/// A file's metadata, in the terms of the classic Mac Finder.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct FileInfo {
    /// The file name (Unicode; containers store Mac Roman or UTF-8).
    pub name: String,
    /// FInfo + FXInfo: type, creator, flags, location, folder, then the extended 16 bytes.
    #[serde(skip)]
    pub finder_info: [u8; 32],
    /// Creation and modification dates, seconds since 1904-01-01 (local time on classic Macs).
    pub created: Option<u32>,
    /// The modification date, as `created`.
    pub modified: Option<u32>,
    /// The "protected" (copy-protected) bit.
    pub protected: bool,
    /// The Get Info comment, when the container carries one.
    #[serde(skip)]
    pub comment: Vec<u8>,
}

impl FileInfo {
    /// The file type (`TEXT`).
    pub fn file_type(&self) -> [u8; 4] {
        [self.finder_info[0], self.finder_info[1], self.finder_info[2], self.finder_info[3]]
    }
    /// The creator (`ttxt`).
    pub fn creator(&self) -> [u8; 4] {
        [self.finder_info[4], self.finder_info[5], self.finder_info[6], self.finder_info[7]]
    }
    /// The Finder flags word.
    pub fn finder_flags(&self) -> u16 {
        u16::from_be_bytes([self.finder_info[8], self.finder_info[9]])
    }
    /// Set the type and creator.
    pub fn set_type_creator(&mut self, file_type: [u8; 4], creator: [u8; 4]) {
        self.finder_info[..4].copy_from_slice(&file_type);
        self.finder_info[4..8].copy_from_slice(&creator);
    }
}

/// A 1904-epoch date as `YYYY-MM-DD hh:mm:ss` (no time zone: classic Macs stored local time).
pub fn format_date(seconds: u32) -> String {
    let secs = i64::from(seconds);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Days from 1904-01-01 to 1970-01-01 = 24107.
    let (y, m, d) = civil_from_days(days - 24_107);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", rem / 3600, rem % 3600 / 60, rem % 60)
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::format_date(0), "1904-01-01 00:00:00");
        assert_eq!(super::format_date(super::EPOCH_1904_TO_2000 as u32), "2000-01-01 00:00:00");
    }
}
