//! `pzl merge`: add up the shard results of a split count, checking that they belong together.

use pzl::{Error, Status};

use crate::args::MergeArgs;
use crate::io::{self, Ctx};
use crate::print::{self, Mode};

/// `pzl merge FILE…`: the total when every shard is there once and finished; else what is
/// missing, duplicated, unfinished or foreign, and exit 1.
pub fn merge(_ctx: &Ctx, args: &MergeArgs) -> Result<Status, Error> {
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        // A shard result is a few KB: a huge file is refused before it is read.
        if let Ok(meta) = std::fs::metadata(path)
            && meta.is_file()
        {
            pzl::kinds::poly::check_shard_size(meta.len()).map_err(|e| e.in_file(io::shown(path)))?;
        }
        let input = io::read(path)?;
        files.push((input.name, input.bytes));
    }
    let report = pzl::kinds::poly::merge_shards(&files)?;
    print::emit(Mode::json(args.json), &report)?;
    Ok(if report.complete && report.total.is_some() { Status::Ok } else { Status::Problems })
}
