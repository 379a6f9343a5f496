//! `pzl`: the command-line shell over the pzl libraries. It parses arguments, finds the format of
//! each input, hands the work to the area that owns the format, and turns the outcome into output
//! and an exit code (0 ok, 1 problems found / no solution, 2 bad input or usage).

mod apad;
mod cli;
mod crossword;
mod error;
mod io;
mod macfile;
mod masyu;
mod masyu_solve;
mod poly;
mod registry;
mod tootsweet;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};
use error::{CliError, Status};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let ctx = io::Context::new(cli.quiet);
    match run(&ctx, cli.command) {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::Problems) => ExitCode::from(1),
        Err(e) => {
            eprintln!("pzl: error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(ctx: &io::Context, command: Command) -> Result<Status, CliError> {
    match command {
        Command::Formats(args) => registry::print_formats(&args),
        Command::Info(args) => {
            registry::each_input(ctx, &args.files, args.from.as_deref(), |ctx, input, format| {
                registry::handler(format).info(ctx, input, format, &args)
            })
        }
        Command::Check(args) => {
            registry::each_input(ctx, &args.files, args.from.as_deref(), |ctx, input, format| {
                registry::handler(format).check(ctx, input, format, &args)
            })
        }
        Command::Convert(args) => registry::convert(ctx, &args),
        Command::Render(args) => {
            if let Some(trace) = &args.trace {
                return masyu_solve::render_trace(ctx, &args, trace);
            }
            let input = ctx.read_input(args.input.as_deref().unwrap_or("-"))?;
            let format = registry::detect(&input, args.from.as_deref())?;
            registry::handler(format).render(ctx, &input, format, &args)
        }
        Command::Solve(args) => masyu_solve::run(ctx, &args),
        Command::Replay(args) => masyu_solve::replay(ctx, &args),
        Command::Tootsweet(cmd) => tootsweet::run(ctx, cmd),
        Command::Apad(cmd) => apad::run(ctx, cmd),
        Command::Lock(args) => crossword::lock(ctx, &args),
        Command::Unlock(args) => crossword::unlock(ctx, &args),
        Command::Rsrc(cmd) => macfile::run_rsrc(ctx, cmd),
        Command::Derez(args) => macfile::run_derez(ctx, args),
        Command::Rez(args) => macfile::run_rez(ctx, args),
        Command::Ftor(args) => macfile::run_ftor(ctx, args),
    }
}
