//! `pzl poly ftor` (and the seed's `pzl ftor`): MacPoly source files into a resource file, each
//! checked by the MacPoly reader before it is stored.

use std::path::Path;

use pzl::{Error, Status};

use crate::args::FtorArgs;
use crate::io::{self, Ctx};

pub fn ftor(ctx: &Ctx, args: &FtorArgs) -> Result<Status, Error> {
    let mut sources = Vec::with_capacity(args.inputs.len());
    for name in &args.inputs {
        sources.push(io::read(name)?.bytes);
    }
    let (mut doc, lock) = super::mac::edit(ctx, &args.output, true)?;
    let added = pzl::kinds::poly::ftor(&mut doc, &args.code, &sources).map_err(|e| e.in_file(&args.output))?;
    super::mac::save(&doc, &args.output, None, lock)?;
    let mut report = String::new();
    for (id, name) in added {
        report.push_str(&format!("{}: '{}' {id} \"{}\"\n", args.output, args.code, pzl::text::printable(&name)));
    }
    let _ = Path::new(&args.output);
    io::stdout(report.as_bytes())?;
    Ok(Status::Ok)
}
