//! `pzl crossword lock|unlock` (and the seed's `pzl lock|unlock`).

use pzl::kinds::crossword as cw;
use pzl::{Error, Open, Status};

use crate::args::{CrosswordCommand, LockArgs, UnlockArgs};
use crate::cmd;
use crate::io::{self, Ctx};

pub fn run(ctx: &Ctx, command: CrosswordCommand) -> Result<Status, Error> {
    match command {
        CrosswordCommand::Lock(args) => lock(ctx, &args),
        CrosswordCommand::Unlock(args) => unlock(ctx, &args),
    }
}

/// The document's own bytes, as a `.puz` file.
fn puz_bytes(name: &std::path::Path, doc: &pzl::Document) -> Result<Vec<u8>, Error> {
    Ok(doc.write(doc.format()).map_err(|e| e.in_file(io::shown(name)))?.bytes)
}

pub fn lock(ctx: &Ctx, args: &LockArgs) -> Result<Status, Error> {
    let key = cw::parse_key(&args.key)?;
    let doc = cmd::open(ctx, &args.input, &Open::default())?;
    let locked = cw::lock(&doc, key).map_err(|e| e.in_file(io::shown(&args.input)))?;
    io::write_binary(&args.output, &puz_bytes(&args.input, &locked)?)?;
    Ok(Status::Ok)
}

pub fn unlock(ctx: &Ctx, args: &UnlockArgs) -> Result<Status, Error> {
    let key = args.key.as_deref().map(cw::parse_key).transpose()?;
    let doc = cmd::open(ctx, &args.input, &Open::default())?;
    let input = pzl::text::printable(&io::shown(&args.input)).into_owned();
    let unlocked = pzl::ops::crossword::unlock(&doc, key).map_err(|e| e.in_file(io::shown(&args.input)))?;
    let Some(unlocked) = unlocked else {
        ctx.note(format!("pzl: {input}: no key unlocks this puzzle"));
        return Ok(Status::Problems);
    };
    if let Some((best, weaker)) = unlocked.found.split_first() {
        ctx.note(format!("pzl: {input}: key {best} unlocks it"));
        for other in weaker {
            ctx.note(format!("pzl: {input}: weaker candidate {other}"));
        }
    }
    io::write_binary(&args.output, &puz_bytes(&args.input, &unlocked.doc)?)?;
    Ok(Status::Ok)
}
