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
#[command(name = "grundy", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Given before the command (`grundy --max-memory 4G serve`); the command's own
    /// flags, given after it, win.
    #[command(flatten)]
    limits: Limits,
    /// The threads of the work that runs on all cores: Domineering's outcome
    /// search on boards of 56 cells or more, `build`'s retrograde analysis
    /// (default: one a core; also RAYON_NUM_THREADS).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// The budget's flags. Each command that runs under the budget takes them (see
/// [`Limited`]), and so does the top level; `completions` and `man` do not, so
/// their help lists only what they use.
#[derive(clap::Args, Clone, Copy)]
struct Limits {
    /// The most memory a table (or a canonical value's games) may take, e.g. 4G,
    /// 512M (default: the machine's available memory; also GRUNDY_MAX_MEMORY).
    /// Larger tables are refused up front.
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
    /// The most positions a search may visit, or a table built from a start may
    /// hold, before it stops with the budget's error (default: 2000000 for a search
    /// or a table, 1300000 sums for a misère quotient; closed forms and proved
    /// periods need none).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: Option<u64>,
    /// The most steps of work before the run stops with the budget's error, each
    /// analysis counting its own kind of step (options a search or the heap engine
    /// examines, additions of canonical forms, steps of a misère quotient's proof,
    /// nodes of an outcome search). Default: each analysis's own, sized to stop
    /// within seconds.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_work: Option<u64>,
    /// The most memory a game script's interpreter may hold, e.g. 256M (default 64M;
    /// also GRUNDY_LUA_MEMORY).
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    script_memory: Option<u64>,
    /// The longest one call into a game script may run, in milliseconds (default
    /// 1000; also GRUNDY_LUA_TIMEOUT_MS).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    script_timeout: Option<u64>,
}

impl Limits {
    /// The budget of these limits, each one not given taken from `outer` (the top
    /// level's), then from the environment ([`load::budget`]).
    fn budget(self, outer: Limits) -> anyhow::Result<grundy::Budget> {
        load::budget(
            self.max_memory.or(outer.max_memory),
            self.max_positions.or(outer.max_positions),
            self.max_work.or(outer.max_work),
            self.script_memory.or(outer.script_memory),
            self.script_timeout.or(outer.script_timeout),
        )
    }
}

/// A command's own arguments and the budget's flags after them.
#[derive(clap::Args)]
struct Limited<T: clap::Args> {
    #[command(flatten)]
    args: T,
    #[command(flatten)]
    limits: Limits,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a position: outcome, winner, nim-value, remoteness, winning moves.
    Solve(Limited<commands::solve::Args>),
    /// List every move from a position with its outcome and nim-value.
    Moves(Limited<commands::moves::Args>),
    /// Outcome and nim-value of each single heap in a range (heap games).
    Values(Limited<commands::values::Args>),
    /// Prove a heap game's nim-sequence periodic: preperiod, period, saltus.
    Period(Limited<commands::period::Args>),
    /// The misère quotient of a heap game (Plambeck–Siegel): monoid presentation, P-portion, each heap's element.
    Quotient(Limited<commands::quotient::Args>),
    /// Play against a perfect opponent in the terminal (or scripted through a pipe).
    Play(Limited<commands::play::Args>),
    /// Explain why a position is won or lost: a strategy tree with the rule of each step.
    Explain(Limited<commands::explain::Args>),
    /// Draw a nim-sequence, an outcome map or a winner table as PNG or SVG.
    Plot(Limited<commands::plot::Args>),
    /// The canonical value of a position (partizan games; *n for impartial ones), with stops, mean, temperature.
    Value(Limited<commands::value::Args>),
    /// The game calculator: sums, comparisons, cooling and heating of values, e.g. "{1|-1} + ^*".
    Calc(Limited<commands::calc::Args>),
    /// Draw the thermograph of a position or value as PNG or SVG.
    Thermograph(Limited<commands::thermograph::Args>),
    /// Print a completion script for a shell: bash, zsh, fish, elvish or powershell.
    Completions(commands::completions::Args),
    /// Print a manual page (roff): grundy man > grundy.1, grundy man solve > grundy-solve.1
    Man(commands::completions::ManArgs),
    /// Solve every position of a game into a table file (any finite game, loops and draws included).
    Build(Limited<commands::build::Args>),
    /// Serve the web app on 127.0.0.1: play and explore games in a browser.
    Serve(Limited<commands::serve::Args>),
    /// Join the part files of a build with --workers/--processes --no-gather into its table.
    Merge(Limited<commands::merge::Args>),
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

/// The command line, built, with the texts after each command's help: for the
/// completion scripts and manual pages, and for a run that may print help.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = with_help_texts(Cli::command());
    cmd.build();
    cmd
}

/// A text printed after a command's help, built on first use.
type HelpText = fn() -> &'static str;

/// The games each command takes and the notation it reads, printed after its
/// help. Built only when help may be printed: listing the games of a command
/// asks every family's example game what it can do (a heap game proves its
/// period), which cost every run 200 million instructions, about 25 ms.
fn with_help_texts(cmd: clap::Command) -> clap::Command {
    let texts: [(&str, HelpText); 13] = [
        ("solve", load::game_help),
        ("moves", load::game_help),
        ("values", load::heap_help),
        ("period", load::sequence_help),
        ("quotient", load::sequence_help),
        ("play", load::game_help),
        ("explain", load::game_help),
        ("plot", load::game_help),
        ("value", load::partizan_help),
        ("calc", commands::calc::help),
        ("thermograph", load::partizan_help),
        ("build", commands::build::help),
        ("", load::game_help),
    ];
    texts.into_iter().fold(cmd, |cmd, (name, text)| {
        if name.is_empty() {
            cmd.after_help(text())
        } else {
            cmd.mut_subcommand(name, |c| c.after_help(text()))
        }
    })
}

/// Whether the arguments may ask for help (or print it for want of a command),
/// so that the texts after it must be built: a flag or word `help`, or no
/// more than a command.
fn may_print_help(args: &[std::ffi::OsString]) -> bool {
    args.len() <= 2
        || args[1..]
            .iter()
            .any(|a| a == "-h" || a == "--help" || a == "help")
}

fn main() -> ExitCode {
    use clap::FromArgMatches;
    output::ignore_file_size_signal();
    use clap::CommandFactory;
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cmd = if may_print_help(&args) {
        command()
    } else {
        Cli::command()
    };
    let cli = match cmd
        .try_get_matches_from(args)
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // Every command but completions and man runs under the budget its flags make
    // (a bad flag: one line, exit 2).
    macro_rules! limited {
        ($run:path, $cmd:expr) => {{
            let Limited { args, limits } = $cmd;
            match limits.budget(cli.limits) {
                Ok(b) => $run(
                    args,
                    &grundy::Budget {
                        threads: cli.threads.map(usize::from),
                        ..b
                    },
                ),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
        }};
    }
    let result = match cli.command {
        Command::Solve(c) => limited!(commands::solve::run, c),
        Command::Moves(c) => limited!(commands::moves::run, c),
        Command::Values(c) => limited!(commands::values::run, c),
        Command::Period(c) => limited!(commands::period::run, c),
        Command::Quotient(c) => limited!(commands::quotient::run, c),
        Command::Play(c) => limited!(commands::play::run, c),
        Command::Explain(c) => limited!(commands::explain::run, c),
        Command::Plot(c) => limited!(commands::plot::run, c),
        Command::Build(c) => limited!(commands::build::run, c),
        Command::Merge(c) => limited!(commands::merge::run, c),
        Command::Serve(c) => limited!(commands::serve::run, c),
        Command::Value(c) => limited!(commands::value::run, c),
        Command::Calc(c) => limited!(commands::calc::run, c),
        Command::Thermograph(c) => limited!(commands::thermograph::run, c),
        Command::Completions(args) => commands::completions::run(args, command()),
        Command::Man(args) => commands::completions::man(args, command()),
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
