//! `masyu-db`: TootSweet's `Puzzles.data` as a kind of file `pzl info` and `pzl check` read.
//! The document is a read-only snapshot of the bytes; writing goes through [`Database`]
//! (`pzl tootsweet import`, `set-board`, `solve`), never through `convert`.

use pzl_core::FormatTable as _;

use pzl_core::{CheckReport, Error, ErrorKind, Info, InfoRequest, Kind, Parsed, Written};

use super::Database;
use super::format::Format;

/// The kind's name.
pub(crate) const NAME: &str = "masyu-db";

/// TootSweet's `Puzzles.data` as a pzl kind: read, info, check.
///
/// ```
/// use pzl_core::Kind;
/// use pzl_masyu::store::{Database, TootSweetDbKind};
/// # let dir = tempfile::tempdir().unwrap();
/// # let path = dir.path().join("Puzzles.data");
/// # let ladybug = pzl_masyu::tootsweet::parse_file("4:4:AgAQAA\nww:gq\n").unwrap().value;
/// # Database::open_or_create(&path).unwrap().import(&[("Ladybug".into(), ladybug)]).unwrap();
/// let bytes = std::fs::read(&path).unwrap();
/// let format = TootSweetDbKind::formats()[0];
/// let db = TootSweetDbKind::read(&bytes, format, &()).unwrap().value;
/// let info = TootSweetDbKind::info(&db, &pzl_core::InfoRequest::FULL);
/// assert_eq!(info.facts[0].key, "puzzles");
/// assert!(TootSweetDbKind::check(&db).unwrap().ok);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct TootSweetDbKind;

impl Kind for TootSweetDbKind {
    const NAME: &'static str = NAME;
    /// A read-only snapshot, opened from the bytes in memory.
    type Doc = Database;
    type Format = Format;
    type Params = ();

    fn read(bytes: &[u8], _format: Format, _params: &()) -> Result<Parsed<Database>, Error> {
        Ok(Parsed::clean(Database::from_bytes(bytes)?))
    }

    fn write(_doc: &Database, format: Format) -> Result<Written, Error> {
        Err(Error::new(ErrorKind::Unsupported, format!("pzl does not write {} files", format.name()))
            .hint("`pzl tootsweet import DB FILES` adds puzzles to a Puzzles.data"))
    }

    fn info(doc: &Database, _request: &InfoRequest) -> Info {
        doc.info().unwrap_or_else(|e| {
            // The snapshot was read whole into memory and its schema checked; a failure here is
            // damage SQLite met only now. Say so in the report rather than lose it.
            Info::new(NAME, Format::TootsweetDb.name(), "TootSweet Masyu's Puzzles.data")
                .fact(pzl_core::Fact::new("error", e.to_string()))
        })
    }

    fn check(doc: &Database) -> Result<CheckReport, Error> {
        Ok(doc.check()?)
    }
}
