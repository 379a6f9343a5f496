//! `check` for Mac files: CRCs that do not match and resource forks that do not parse.

use pzl_core::FormatTable as _;

use pzl_core::{CheckReport, Fact};

use crate::model::MacFile;

/// What `ok` means for a Mac file.
pub const VERDICT: &str = "the container and its resource fork are sound";

/// Check `file` strictly: every CRC, and the resource fork's structure.
pub fn check(file: &MacFile) -> CheckReport {
    let mut report = CheckReport::new(crate::kind::NAME, file.format().name(), VERDICT, file.problems());
    if let Ok(fork) = file.fork() {
        report =
            report.fact(Fact::with_text("resources", "resources", fork.count(), fork.count().to_string()));
    }
    report
}
