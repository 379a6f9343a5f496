//! The `mac` kind of the pzl contract: containers of a resource fork and Rez text. Mac files can
//! be read, written in every format, described and checked; MacPoly puzzles inside them are
//! solved and drawn by the poly kind (the caller hands it the resource).

use pzl_core::{CheckReport, Error, FormatInfo, Info, Kind, Parsed, Written};

use crate::format::{self, Format};
use crate::model::MacFile;

/// The kind's name.
pub const NAME: &str = "mac";

/// Classic Mac files: AppleSingle, AppleDouble, BinHex, MacBinary, raw resource forks, Rez text.
#[derive(Debug, Clone, Copy, Default)]
pub struct MacKind;

impl Kind for MacKind {
    const NAME: &'static str = NAME;
    type Doc = MacFile;
    type Format = Format;
    type Params = ();

    fn formats() -> &'static [Format] {
        &format::ALL
    }

    fn format_info(format: Format) -> &'static FormatInfo {
        format.info()
    }

    fn read(bytes: &[u8], format: Format, _params: &()) -> Result<Parsed<MacFile>, Error> {
        MacFile::read(bytes, format)
    }

    fn write(doc: &MacFile, format: Format) -> Result<Written, Error> {
        doc.write_as(format)
    }

    fn info(doc: &MacFile) -> Info {
        doc.describe()
    }

    fn check(doc: &MacFile) -> Result<CheckReport, Error> {
        Ok(crate::check::check(doc))
    }
}
