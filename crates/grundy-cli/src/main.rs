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
    /// The most memory a table may take, e.g. 4G, 512M (default: the machine's
    /// available memory; also GRUNDY_MAX_MEMORY). Larger tables are refused up front.
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
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
    #[command(after_help = load::game_help())]
    Values(commands::values::Args),
    /// Prove a heap game's nim-sequence periodic: preperiod, period, saltus.
    #[command(after_help = PERIOD_HELP)]
    Period(commands::period::Args),
    /// The misère quotient of a heap game (Plambeck–Siegel): monoid presentation, P-portion, each heap's element.
    #[command(after_help = PERIOD_HELP)]
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
    #[command(after_help = load::game_help())]
    Value(commands::value::Args),
    /// The game calculator: sums, comparisons, cooling and heating of values, e.g. "{1|-1} + ^*".
    Calc(commands::calc::Args),
    /// Draw the thermograph of a position or value as PNG or SVG.
    #[command(after_help = load::game_help())]
    Thermograph(commands::thermograph::Args),
    /// Print a completion script for a shell: bash, zsh, fish, elvish or powershell.
    Completions(commands::completions::Args),
    /// Print the manual page (roff): grundy man > grundy.1
    Man,
    /// Solve every position of a game into a table file (any finite game, loops and draws included).
    #[command(after_help = commands::build::help())]
    Build(commands::build::Args),
    /// Join the part files of a build with --workers/--processes --no-gather into its table.
    Merge(commands::merge::Args),
}

const PERIOD_HELP: &str = "\
GAME is a heap game with a nim-sequence:
  octal:CODE              an octal code, e.g. octal:0.137 (kayles = octal:0.77, dawson = octal:0.07)
  hex:CODE                a hexadecimal code, e.g. hex:0.F6
  kayles, dawson, grundy, split
  subtraction:S1,S2,...   proved by the window argument (window max(S))
  allbut:E1,E2,...        arithmetic periodic: G(n + p) = G(n) + saltus
  lasker                  Lasker's Nim: the known arithmetic period (period 4, saltus 4)
  FILE.toml               a game file of any of these
Octal and hex codes are proved by the Guy-Smith theorem; grundy and split have no
theorem, so their periods are never proved.";

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

fn main() -> ExitCode {
    output::ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    load::set_script_flags(cli.script_memory, cli.script_timeout);
    if let Err(e) = memory::set_cap(cli.max_memory) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Values(args) => commands::values::run(args),
        Command::Period(args) => commands::period::run(args),
        Command::Quotient(args) => commands::quotient::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Plot(args) => commands::plot::run(args),
        Command::Build(args) => commands::build::run(args),
        Command::Merge(args) => commands::merge::run(args),
        Command::Value(args) => commands::value::run(args),
        Command::Completions(args) => commands::completions::run::<Cli>(args),
        Command::Man => commands::completions::man::<Cli>(),
        Command::Calc(args) => commands::calc::run(args),
        Command::Thermograph(args) => commands::thermograph::run(args),
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
