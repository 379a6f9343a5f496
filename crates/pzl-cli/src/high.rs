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
    if let Some(edition) = &read.puzzle {
        open = pzl::ops::with_edition(open, edition)?;
    }
    // The resource `--type/--id/--name` choose, if any.
    let picked = read.resource_type.is_some() || read.id.is_some() || read.name.is_some();
    open.pick = picked.then(|| Pick {
        resource_type: read.resource_type.clone(),
        id: read.id,
        name: read.name.clone(),
    });
    Ok(open)
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
