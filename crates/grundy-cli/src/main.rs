//! The `grundy` command: a thin shell that parses arguments, calls the library and
//! prints. Nothing here knows how games are solved; nothing below here prints.

mod commands;
mod load;
mod render;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exact answers for two-player games: who wins, the nim-value, the remoteness and every winning move.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = grundy::dynamic::GAME_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a position: outcome, winner, nim-value, remoteness, winning moves.
    #[command(after_help = grundy::dynamic::GAME_HELP)]
    Solve {
        /// The game (see below).
        game: String,
        /// The position (see below).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Misère play: a player with no move wins.
        #[arg(long)]
        misere: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// List every move from a position with its outcome and nim-value.
    #[command(after_help = grundy::dynamic::GAME_HELP)]
    Moves {
        /// The game (see below).
        game: String,
        /// The position (see below).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Misère play: a player with no move wins.
        #[arg(long)]
        misere: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Outcome and nim-value of each single heap in a range (heap games).
    #[command(after_help = grundy::dynamic::GAME_HELP)]
    Values {
        /// The game (see below).
        game: String,
        /// The first heap size.
        #[arg(long, default_value_t = 0)]
        from: u64,
        /// The last heap size.
        #[arg(long)]
        to: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// How `values` prints.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Csv,
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve {
            game,
            position,
            misere,
            json,
        } => commands::solve(&game, &position, misere, json),
        Command::Moves {
            game,
            position,
            misere,
            json,
        } => commands::moves(&game, &position, misere, json),
        Command::Values {
            game,
            from,
            to,
            format,
        } => commands::values(&game, from, to, format),
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
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
