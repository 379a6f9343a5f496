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
    let key = match key {
        Some(key) => key,
        None => {
            let candidates = cw::unlock_candidates(&doc).map_err(|e| e.in_file(&input))?;
            let Some(best) = candidates.first() else {
                ctx.note(format!("pzl: {}: no key unlocks this puzzle", input));
                return Ok(Status::Problems);
            };
            ctx.note(format!("pzl: {}: key {best} unlocks it", input));
            for other in &candidates[1..] {
                ctx.note(format!("pzl: {}: weaker candidate {other}", input));
            }
            best.key
        }
    };
    let unlocked = cw::unlock(&doc, key).map_err(|e| e.in_file(io::shown(&args.input)))?;
    io::write_binary(&args.output, &puz_bytes(&args.input, &unlocked)?)?;
    Ok(Status::Ok)
}
