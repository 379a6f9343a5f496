//! `pzl`: the command line over the `pzl` library. It parses arguments, reads inputs, hands the
//! work to the library, prints the reports and picks the exit code (0 ok, 1 problems found or no
//! solution, 2 bad input or usage). It knows no format and no puzzle: every such fact is the
//! library's.

mod args;
mod cmd;
mod high;
mod io;
mod out;
mod print;
mod replay;
mod run;
mod table;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use io::Ctx;
use pzl::Status;

/// mimalloc, not the system allocator: reading thousands of files allocates and frees many small
/// strings, and glibc's allocator spent a third of `pzl info DIR` in malloc, free and
/// consolidation. Its version 2 (the `v2` feature): version 3 took a tenth longer on the same run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let ctx = Ctx::new(cli.quiet, cli.verbose, cli.color);
    let mut result = run(&ctx, cli.command);
    // A folder a walk could not read fails the run, whatever the command made of the rest.
    let unreadable = ctx.take_unreadable();
    if !unreadable.is_empty() && result.is_ok() {
        let folders: Vec<&str> = unreadable.iter().map(|(folder, _)| folder.as_str()).collect();
        result = Err(pzl::Error::io(format!(
            "{} could not be read: {}",
            pzl::text::count(folders.len() as u64, "folder"),
            pzl::text::printable_name(&folders.join(", "))
        )));
    }
    ctx.finish();
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::Problems) => ExitCode::from(1),
        Err(e) if io::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            ctx.error(&e);
            ExitCode::from(2)
        }
    }
}

fn run(ctx: &Ctx, command: Command) -> Result<Status, pzl::Error> {
    match command {
        Command::Formats(args) => cmd::formats(ctx, &args),
        Command::Info(args) => cmd::info(ctx, &args),
        Command::Check(args) => cmd::check(ctx, &args),
        Command::Convert(args) => cmd::convert(ctx, &args),
        Command::Render(args) => cmd::render(ctx, &args),
        Command::Solve(args) => cmd::solve(ctx, &args),
        Command::Completions { shell } => cmd::completions(shell),
        Command::Man => cmd::man(),
        Command::Kinds(table::Kinds(row, values)) | Command::Seeds(table::Kinds(row, values)) => {
            table::run(ctx, row, &values)
        }
    }
}
