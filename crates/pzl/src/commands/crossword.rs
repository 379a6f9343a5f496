//! `crossword lock|unlock`: Across Lite's scrambled solutions.

use pzl_core::{Error, Status};

use super::{Command, Done, Env, Output, Param, ParamType, Produces, Values};
use crate::input::shown;

pub(super) const COMMANDS: &[Command] = &[
    Command::new(
        "lock",
        "Lock (scramble) the solution of an Across Lite .puz crossword with a four-digit key.",
        &[
            Param::file("input", "The `.puz` file to lock (`-` for standard input).").shown_as("FILE"),
            Param::option(
                "key",
                ParamType::Text,
                "NNNN",
                "The four-digit key (0000-9999; Across Lite itself never uses the digit 0).",
            )
            .required(),
            output("Where to write the locked file (`-` for standard output, not a terminal)."),
        ],
        &[Produces::Bytes],
        lock,
    )
    .also("lock", None),
    Command::new(
        "unlock",
        "Unlock a locked .puz crossword, with its key or by trying all 10,000 keys.",
        &[
            Param::file("input", "The locked `.puz` file (`-` for standard input).").shown_as("FILE"),
            Param::option(
                "key",
                ParamType::Text,
                "NNNN",
                "The four-digit key; without it every key is tried and the most plausible one taken.",
            ),
            output("Where to write the unlocked file (`-` for standard output, not a terminal)."),
        ],
        &[Produces::Bytes],
        unlock,
    )
    .also("unlock", None),
];

const fn output(help: &'static str) -> Param {
    super::output("FILE", help).default("-")
}

/// The document's own bytes (a `.puz` file) for `-o`.
fn written(values: &Values, doc: &crate::Document) -> Result<Output, Error> {
    let input = shown(values.required_path("input")?);
    let bytes = doc.write(doc.format()).map_err(|e| e.in_file(input))?.bytes;
    Ok(Output::binary(values.required_path("output")?, bytes))
}

fn lock(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let key = pzl_crossword::parse_key(values.required_text("key")?)?;
    let input = values.required_path("input")?;
    let doc = super::open(env, input)?;
    let locked = crate::kinds::crossword::lock(&doc, key).map_err(|e| e.in_file(shown(input)))?;
    Ok(Done::writing(written(values, &locked)?))
}

fn unlock(values: &Values, env: &Env<'_>) -> Result<Done, Error> {
    let key = values.text("key").map(pzl_crossword::parse_key).transpose()?;
    let input = values.required_path("input")?;
    let doc = super::open(env, input)?;
    let name = shown(input);
    let unlocked = crate::ops::crossword::unlock(&doc, key).map_err(|e| e.in_file(&name))?;
    let Some(unlocked) = unlocked else {
        return Ok(Done::ok().note_on(&name, "no key unlocks this puzzle").status(Status::Problems));
    };
    let mut done = Done::writing(written(values, &unlocked.doc)?);
    if let Some((best, weaker)) = unlocked.found.split_first() {
        done = done.note_on(&name, format!("key {best} unlocks it"));
        for other in weaker {
            done = done.note_on(&name, format!("weaker candidate {other}"));
        }
    }
    Ok(done)
}
