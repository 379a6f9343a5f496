//! Arguments after validation (ripgrep's `HiArgs`): every string that stands for a format, a
//! timeout, a thread count or a picture is parsed here, once, by the library's one parser for it.

use std::time::Duration;

use pzl::{Error, Format, Open, Pick, SolveRequest};

use crate::args::ReadArgs;

/// How to read inputs: a format to use instead of detection, its parameters, a resource to pick.
pub fn open_options(read: &ReadArgs) -> Result<Open, Error> {
    let mut open = match &read.from {
        Some(name) => Open::from_name(name)?,
        None => Open::default(),
    };
    if let Some(path) = &read.puzzle {
        // The edition travels as the format's parameter text, so a description file's name
        // must be UTF-8 here (the `pzl apad` commands take any name).
        let edition = path.to_str().ok_or_else(|| {
            Error::usage(format!(
                "--puzzle {}: a description file named here must have a UTF-8 name",
                path.display()
            ))
            .hint("rename the file, or use the `pzl apad` commands, which take any name")
        })?;
        open = pzl::ops::with_edition(open, edition)?;
    }
    open.pick = pick(read)?;
    Ok(open)
}

/// The resource `--type/--id/--name` choose, if any.
fn pick(read: &ReadArgs) -> Result<Option<Pick>, Error> {
    if read.resource_type.is_none() && read.id.is_none() && read.name.is_none() {
        return Ok(None);
    }
    Ok(Some(Pick { resource_type: read.resource_type.clone(), id: read.id, name: read.name.clone() }))
}

/// The format `--to` names.
pub fn format(name: &str) -> Result<Format, Error> {
    pzl::ops::convert::format_named(name)
}

/// The one timeout parser, from the library.
pub fn timeout(text: Option<&str>) -> Result<Option<Duration>, Error> {
    text.map(pzl::parse_timeout).transpose()
}

/// The one thread-count parser, from the library.
pub fn jobs(text: Option<&str>) -> Result<usize, Error> {
    text.map_or(Ok(1), pzl::parse_jobs)
}

/// What `pzl solve` asks of the library: the shared options, then the kinds' settings.
pub fn solve_request(args: &crate::args::SolveArgs) -> Result<SolveRequest, Error> {
    let request = SolveRequest {
        timeout: timeout(args.timeout.as_deref())?,
        count: args.count,
        limit: args.limit,
        jobs: jobs(args.jobs.as_deref())?,
        ..SolveRequest::default()
    };
    args.settings.0.solve_request(request)
}
