//! The flags of a Timely Dataflow job (`--workers`, `--processes`, `--process`,
//! `--hosts`, `--connect-timeout`), shared by `build` and `solve`.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};

/// Where a job's workers run.
#[derive(clap::Args, Clone, Debug)]
pub struct ClusterArgs {
    /// Run as a Timely Dataflow job with W worker threads in this process (per
    /// process with --processes): `build` writes the same table file byte for
    /// byte; `solve` (a Domineering board) splits its outcome search into the
    /// positions two moves down, solved by the workers in rounds, and gives the
    /// same answer and winning move, each worker's nodes counted against
    /// --max-work and --max-positions, the workers of a process sharing its
    /// --max-memory.
    #[arg(long, value_name = "W")]
    pub workers: Option<usize>,
    /// Run with N processes (this is one of them), one line each in --hosts.
    #[arg(long, value_name = "N", requires_all = ["process", "hosts"])]
    pub processes: Option<usize>,
    /// Which process this is, 0 to N-1; process 0 writes the table (`build`) or
    /// prints the report (`solve`).
    #[arg(long, value_name = "I", requires = "processes")]
    pub process: Option<usize>,
    /// The processes' addresses in Timely's format: one host:port a line, line I
    /// for process I (the address process I listens on).
    #[arg(long, value_name = "FILE", requires = "processes")]
    pub hosts: Option<PathBuf>,
    /// How long the processes wait for each other to connect, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30.0, requires = "processes")]
    pub connect_timeout: f64,
}

/// The longest `--connect-timeout`: a week, in seconds. (Longer waits are typos;
/// the deadline `now + timeout` must also fit an `Instant`.)
const MAX_CONNECT_TIMEOUT: u64 = 7 * 24 * 3600;

impl ClusterArgs {
    /// Whether a job was asked for.
    pub fn given(&self) -> bool {
        self.workers.is_some() || self.processes.is_some()
    }

    /// The job's cluster (the hosts file read and checked).
    pub fn cluster(&self) -> Result<grundy_api::Cluster> {
        let workers = self.workers.unwrap_or(1);
        let Some(processes) = self.processes else {
            return Ok(grundy_api::Cluster::Threads(workers));
        };
        let process = self.process.unwrap_or(0);
        if process >= processes {
            bail!(
                "--process {process} is out of range: with --processes {processes} it is 0 to {}",
                processes.saturating_sub(1)
            );
        }
        if !(self.connect_timeout.is_finite() && self.connect_timeout > 0.0) {
            bail!("--connect-timeout must be a positive number of seconds");
        }
        // Past what a Duration holds (about 5.8e11 years): refused, not a panic.
        let connect_timeout = std::time::Duration::try_from_secs_f64(self.connect_timeout).map_err(|_| {
            anyhow!(
                "--connect-timeout {} is too long: give at most {} seconds",
                self.connect_timeout,
                MAX_CONNECT_TIMEOUT
            )
        })?;
        if self.connect_timeout > MAX_CONNECT_TIMEOUT as f64 {
            bail!(
                "--connect-timeout {} is too long: give at most {MAX_CONNECT_TIMEOUT} seconds (a week)",
                self.connect_timeout
            );
        }
        let hosts_file = self.hosts.as_deref().expect("clap requires --hosts");
        Ok(grundy_api::Cluster::Processes {
            workers,
            processes,
            process,
            hosts: grundy_api::read_hosts(hosts_file, processes)?,
            connect_timeout,
        })
    }
}
