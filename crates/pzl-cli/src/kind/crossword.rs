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
fn puz_bytes(name: &str, doc: &pzl::Document) -> Result<Vec<u8>, Error> {
    Ok(doc.write(doc.format()).map_err(|e| e.in_file(name))?.bytes)
}

pub fn lock(ctx: &Ctx, args: &LockArgs) -> Result<Status, Error> {
    let key = cw::parse_key(&args.key)?;
    let doc = cmd::open(ctx, &args.input, &Open::default())?;
    let locked = cw::lock(&doc, key).map_err(|e| e.in_file(&args.input))?;
    io::write_binary(&args.output, &puz_bytes(&args.input, &locked)?)?;
    Ok(Status::Ok)
}

pub fn unlock(ctx: &Ctx, args: &UnlockArgs) -> Result<Status, Error> {
    let key = args.key.as_deref().map(cw::parse_key).transpose()?;
    let doc = cmd::open(ctx, &args.input, &Open::default())?;
    let key = match key {
        Some(key) => key,
        None => {
            let candidates = cw::unlock_candidates(&doc).map_err(|e| e.in_file(&args.input))?;
            let Some(best) = candidates.first() else {
                ctx.note(format!("pzl: {}: no key unlocks this puzzle", args.input));
                return Ok(Status::Problems);
            };
            ctx.note(format!("pzl: {}: key {best} unlocks it", args.input));
            for other in &candidates[1..] {
                ctx.note(format!("pzl: {}: weaker candidate {other}", args.input));
            }
            best.key
        }
    };
    let unlocked = cw::unlock(&doc, key).map_err(|e| e.in_file(&args.input))?;
    io::write_binary(&args.output, &puz_bytes(&args.input, &unlocked)?)?;
    Ok(Status::Ok)
}
