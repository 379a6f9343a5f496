//! `pzl poly ftor` (and the seed's `pzl ftor`): MacPoly source files into a resource file, each
//! checked by the MacPoly reader before it is stored.

use pzl::{Error, Status};

use crate::args::FtorArgs;
use crate::io::{self, Ctx};

pub fn ftor(ctx: &Ctx, args: &FtorArgs) -> Result<Status, Error> {
    let mut sources = Vec::with_capacity(args.inputs.len());
    for name in &args.inputs {
        let input = io::read(name)?;
        sources.push((input.name, input.bytes));
    }
    // Every source is checked before the file is touched (or created): a bad source changes nothing.
    let output = io::shown(&args.output);
    pzl::kinds::poly::ftor(&mut pzl::kinds::mac::new_file(&output)?, &args.code, &sources)?;
    let mut edit = super::mac::edit(ctx, &args.output, true)?;
    let added =
        pzl::kinds::poly::ftor(edit.document(), &args.code, &sources).map_err(|e| e.in_file(&output))?;
    super::mac::save(edit, &args.output, None)?;
    // One resource per source, in order.
    let mut report = String::new();
    for ((source, _), (id, name)) in sources.iter().zip(added) {
        let source = pzl::text::printable(source);
        report.push_str(&format!("{source}: '{}' {id} \"{}\"\n", args.code, pzl::text::printable(&name)));
    }
    io::stdout(report.as_bytes())?;
    Ok(Status::Ok)
}
