//! The Masyu area of the command line: its formats in the registry, the shared verbs for them,
//! and `pzl tootsweet`.

use clap::Subcommand;

use crate::cli::ConvertArgs;
use crate::error::{CliError, Status};
use crate::io::{Context, Input};
use crate::registry::{Area, FormatSpec, Handler};

pub static FORMATS: &[FormatSpec] = &[FormatSpec {
    name: "tootsweet",
    area: Area::Masyu,
    description: "TootSweet Masyu puzzle string, optionally with its board string on line 2",
    extensions: &["tootsweet"],
    detect: Some(pzl_masyu::tootsweet::looks_like_puzzle),
    read: true,
    write: true,
}];

pub struct MasyuHandler;

impl Handler for MasyuHandler {
    fn convert(
        &self,
        ctx: &Context,
        input: &Input,
        _from: &FormatSpec,
        _to: &FormatSpec,
        _args: &ConvertArgs,
    ) -> Result<Vec<u8>, CliError> {
        let parsed =
            pzl_masyu::tootsweet::parse_file(input.text()?).map_err(|e| CliError::input(&input.name, e))?;
        for w in &parsed.warnings {
            ctx.warn(&input.name, w);
        }
        Ok(pzl_masyu::tootsweet::write_file(&parsed.value).into_bytes())
    }
}

#[derive(Debug, Subcommand)]
pub enum TootsweetCommand {
    /// List the puzzles of a database: id, name, size, status, solved date.
    List {
        /// The `Puzzles.data` file.
        db: String,
    },
}

pub fn tootsweet(_ctx: &Context, command: TootsweetCommand) -> Result<Status, CliError> {
    match command {
        TootsweetCommand::List { db } => Err(CliError::usage(format!("{db}: not yet"))),
    }
}
