//! `grundy serve [--bind ADDR] [--port N] [--public] [GAME_FILE...]`: the web app.

use std::net::{IpAddr, SocketAddr};

use anyhow::{bail, Context, Result};
use grundy::Budget;

use crate::load;

/// Serve the web app: play and explore games in a browser.
#[derive(clap::Args)]
pub struct Args {
    /// Game files or scripts to offer beside the catalogue (read once, at start).
    #[arg(value_name = "GAME_FILE")]
    pub games: Vec<String>,
    /// The address to listen on (default 127.0.0.1; another needs --public).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The port (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Allow a non-loopback --bind: anyone who reaches the address may use the server.
    #[arg(long)]
    pub public: bool,
    /// The most analyses that run at once (each gets its share of --max-memory).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: u64,
    /// The longest a request may wait and run, in seconds, before it is answered 503.
    #[arg(long, value_name = "SECS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
}

/// Run it: serve until Ctrl-C.
pub fn run(args: Args, budget: &Budget) -> Result<String> {
    if !args.bind.is_loopback() && !args.public {
        bail!(
            "--bind {} is not a loopback address: anyone who reaches it could use the server; add --public to mean it",
            args.bind
        );
    }
    let budget = Budget {
        max_positions: Some(budget.positions(grundy::Task::Serve)),
        ..budget.clone()
    };
    let mut options = grundy_web::Options::new(budget);
    options.max_concurrent = args.jobs as usize;
    options.timeout = std::time::Duration::from_secs(args.timeout);
    options.loopback_hosts_only = !args.public;
    let request_budget = options.request_budget();
    for file in &args.games {
        let game = load::game(file, &request_budget).with_context(|| format!("loading {file}"))?;
        options.games.push(game);
    }
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {}, not loopback: anyone who reaches this address can use the server",
            args.bind
        );
    }
    let addr = SocketAddr::new(args.bind, args.port);
    grundy_web::serve_blocking(addr, options, |addr| {
        println!("grundy serve: http://{addr}/");
        eprintln!("(Ctrl-C stops it)");
    })?;
    Ok("grundy serve: stopped\n".to_string())
}
