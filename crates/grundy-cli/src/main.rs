//! The `grundy` command: a thin shell that parses arguments, calls the library and
//! prints. Nothing here knows how games are solved; nothing below here prints.
//!
//! Each subcommand lives in its own module under `commands/` with its clap `Args`
//! and a `run` that returns the text to print.

mod board;
mod commands;
mod load;
mod lock;
mod memory;
mod output;
mod progress;
mod render;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exact answers for two-player games: who wins, the nim-value, the remoteness and every winning move.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = load::game_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most memory a table (or a canonical value's games) may take, e.g. 4G,
    /// 512M (default: the machine's available memory; also GRUNDY_MAX_MEMORY).
    /// Larger tables are refused up front.
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
    /// The most positions a search may visit, or a table built from a start may
    /// hold, before it stops with the budget's error (default: 2000000 for a search
    /// or a table, 1300000 sums for a misère quotient; closed forms and proved
    /// periods need none).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: Option<u64>,
    /// The most memory a game script's interpreter may hold, e.g. 256M (default 64M;
    /// also GRUNDY_LUA_MEMORY).
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size)]
    script_memory: Option<u64>,
    /// The longest one call into a game script may run, in milliseconds (default
    /// 1000; also GRUNDY_LUA_TIMEOUT_MS).
    #[arg(long, global = true, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    script_timeout: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a position: outcome, winner, nim-value, remoteness, winning moves.
    #[command(after_help = load::game_help())]
    Solve(commands::solve::Args),
    /// List every move from a position with its outcome and nim-value.
    #[command(after_help = load::game_help())]
    Moves(commands::moves::Args),
    /// Outcome and nim-value of each single heap in a range (heap games).
    #[command(after_help = load::heap_help())]
    Values(commands::values::Args),
    /// Prove a heap game's nim-sequence periodic: preperiod, period, saltus.
    #[command(after_help = load::sequence_help())]
    Period(commands::period::Args),
    /// The misère quotient of a heap game (Plambeck–Siegel): monoid presentation, P-portion, each heap's element.
    #[command(after_help = load::sequence_help())]
    Quotient(commands::quotient::Args),
    /// Play against a perfect opponent in the terminal (or scripted through a pipe).
    #[command(after_help = load::game_help())]
    Play(commands::play::Args),
    /// Explain why a position is won or lost: a strategy tree with the rule of each step.
    #[command(after_help = load::game_help())]
    Explain(commands::explain::Args),
    /// Draw a nim-sequence, an outcome map or a winner table as PNG or SVG.
    #[command(after_help = load::game_help())]
    Plot(commands::plot::Args),
    /// The canonical value of a position (partizan games; *n for impartial ones), with stops, mean, temperature.
    #[command(after_help = load::partizan_help())]
    Value(commands::value::Args),
    /// The game calculator: sums, comparisons, cooling and heating of values, e.g. "{1|-1} + ^*".
    Calc(commands::calc::Args),
    /// Draw the thermograph of a position or value as PNG or SVG.
    #[command(after_help = load::partizan_help())]
    Thermograph(commands::thermograph::Args),
    /// Print a completion script for a shell: bash, zsh, fish, elvish or powershell.
    Completions(commands::completions::Args),
    /// Print a manual page (roff): grundy man > grundy.1, grundy man solve > grundy-solve.1
    Man(commands::completions::ManArgs),
    /// Solve every position of a game into a table file (any finite game, loops and draws included).
    #[command(after_help = commands::build::help())]
    Build(commands::build::Args),
    /// Serve the web app on 127.0.0.1: play and explore games in a browser.
    Serve(commands::serve::Args),
    /// Join the part files of a build with --workers/--processes --no-gather into its table.
    Merge(commands::merge::Args),
}

/// Help and version print as clap renders them; every other argument error becomes
/// one line (clap's first paragraph, e.g. the missing argument's name), exit status 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let text = e.to_string();
    let first: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    eprintln!("{} (see grundy help)", first.join(" "));
    ExitCode::from(2)
}

/// The command line with its global flags propagated, so that a subcommand's
/// manual page (`grundy man solve`) lists the budget's flags it takes.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    cmd.build();
    cmd
}

fn main() -> ExitCode {
    use clap::FromArgMatches;
    output::ignore_file_size_signal();
    let cli = match command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let budget = match load::budget(
        cli.max_memory,
        cli.max_positions,
        cli.script_memory,
        cli.script_timeout,
    ) {
        Ok(budget) => budget,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let budget = &budget;
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args, budget),
        Command::Moves(args) => commands::moves::run(args, budget),
        Command::Values(args) => commands::values::run(args, budget),
        Command::Period(args) => commands::period::run(args, budget),
        Command::Quotient(args) => commands::quotient::run(args, budget),
        Command::Play(args) => commands::play::run(args, budget),
        Command::Explain(args) => commands::explain::run(args, budget),
        Command::Plot(args) => commands::plot::run(args, budget),
        Command::Build(args) => commands::build::run(args, budget),
        Command::Merge(args) => commands::merge::run(args, budget),
        Command::Serve(args) => commands::serve::run(args, budget),
        Command::Value(args) => commands::value::run(args, budget),
        Command::Completions(args) => commands::completions::run(args, command()),
        Command::Man(args) => commands::completions::man(args, command()),
        Command::Calc(args) => commands::calc::run(args, budget),
        Command::Thermograph(args) => commands::thermograph::run(args, budget),
    };
    match result {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`grundy values ... | head`) is not an error.
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            // One line, naming what is wrong; usage errors from clap also exit with 2.
            // Positions and file names are echoed in messages: keep it to one line.
            eprintln!("error: {}", format!("{e:#}").replace(['\n', '\r'], " "));
            ExitCode::from(2)
        }
    }
}
