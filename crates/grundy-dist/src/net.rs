//! The processes of a job find each other: the hosts file, and the TCP connections
//! made here (with a deadline and a handshake naming the job) before Timely takes
//! them over. Timely's own connection code retries for ever and prints to standard
//! output; a user waiting on a mistyped port gets a one-line error instead.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::DistError;

/// The largest hosts file read: 1 MiB, room for thousands of `host:port` lines.
pub const MAX_HOSTS_FILE: u64 = 1 << 20;

/// The first bytes each process sends on a connection: who it is and which job.
const HELLO: &[u8; 8] = b"GRUNDYD1";

/// Read a hosts file in Timely's format: one `host:port` a line, line `i` for process
/// `i` (blank lines and `#` comments are skipped). Exactly `processes` lines.
/// It must be a regular file of at most [`MAX_HOSTS_FILE`] bytes (`/dev/zero`, a
/// FIFO or a huge file is refused, not read into memory without end).
pub fn read_hosts(path: &Path, processes: usize) -> Result<Vec<String>, DistError> {
    let bad = |message: String| DistError::Hosts {
        path: path.to_path_buf(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !meta.is_file() {
        return Err(bad("not a regular file (a device, a FIFO or a directory)".into()));
    }
    if meta.len() > MAX_HOSTS_FILE {
        return Err(bad(format!(
            "{} bytes, more than a hosts file of one host:port a line has (at most {MAX_HOSTS_FILE})",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_HOSTS_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| bad(e.to_string()))?;
    if bytes.len() as u64 > MAX_HOSTS_FILE {
        return Err(bad(format!("more than {MAX_HOSTS_FILE} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|_| bad("not text (UTF-8)".into()))?;
    parse_hosts(&text, processes).map_err(|message| DistError::Hosts {
        path: path.to_path_buf(),
        message,
    })
}

/// The addresses of a hosts file's text, or what is wrong with it.
pub fn parse_hosts(text: &str, processes: usize) -> Result<Vec<String>, String> {
    let mut hosts = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("line {}: '{line}' is not host:port ({why})", n + 1);
        let (host, port) = line.rsplit_once(':').ok_or_else(|| bad("no ':port'"))?;
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err(bad("no host"));
        }
        match port.parse::<u16>() {
            Ok(p) if p > 0 => {}
            _ => return Err(bad("the port is not a number from 1 to 65535")),
        }
        hosts.push(line.to_string());
    }
    if hosts.len() != processes {
        return Err(format!(
            "it lists {} host{}, and --processes is {processes}: one line per process",
            hosts.len(),
            if hosts.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(hosts)
}

fn resolve(address: &str) -> Option<SocketAddr> {
    address.to_socket_addrs().ok()?.next()
}

/// Connect process `me` to every other process of `hosts` within `timeout`: it
/// listens on its own line's address, connects to the processes before it and
/// accepts the ones after it (Timely's layout). Each connection starts with a
/// handshake carrying the process index and `job`, a fingerprint of the game,
/// options and shape of the job, so that processes started for different jobs
/// refuse each other. The sockets come back in process order, `None` at `me`.
pub fn connect(
    hosts: &[String],
    me: usize,
    job: u64,
    timeout: Duration,
) -> Result<Vec<Option<TcpStream>>, DistError> {
    let deadline = Instant::now() + timeout;
    let own = &hosts[me];
    let listen_at = resolve(own).ok_or_else(|| {
        DistError::Network(format!(
            "cannot resolve {own} (line {} of the hosts file)",
            me + 1
        ))
    })?;
    let listener = TcpListener::bind(listen_at)
        .map_err(|e| DistError::Network(format!("process {me} cannot listen on {own}: {e}")))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| DistError::Network(e.to_string()))?;
    let mut sockets: Vec<Option<TcpStream>> = (0..hosts.len()).map(|_| None).collect();
    // Dial the processes before this one (they are listening, or will be soon).
    for (peer, address) in hosts.iter().enumerate().take(me) {
        let stream = dial(peer, address, deadline, timeout)?;
        let stream = handshake(stream, me, peer, job, deadline)?;
        sockets[peer] = Some(stream);
    }
    // Accept the processes after this one.
    while sockets[me + 1..].iter().any(Option::is_none) {
        match listener.accept() {
            Ok((stream, _)) => {
                let _ = stream.set_nonblocking(false);
                let (stream, peer) = greet(stream, me, job, deadline)?;
                if peer <= me || peer >= hosts.len() || sockets[peer].is_some() {
                    return Err(DistError::Network(format!(
                        "an unexpected process (index {peer}) connected to process {me}"
                    )));
                }
                sockets[peer] = Some(stream);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = (me + 1..hosts.len())
                        .filter(|&p| sockets[p].is_none())
                        .map(|p| format!("{p} ({})", hosts[p]))
                        .collect();
                    return Err(DistError::Network(format!(
                        "process {} did not connect to process {me} within {} s; start every process with the same --hosts file",
                        missing.join(", "),
                        timeout.as_secs_f64()
                    )));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(DistError::Network(format!(
                    "process {me} accepting connections: {e}"
                )))
            }
        }
    }
    for s in sockets.iter().flatten() {
        s.set_nodelay(true)
            .map_err(|e| DistError::Network(e.to_string()))?;
        s.set_read_timeout(None)
            .map_err(|e| DistError::Network(e.to_string()))?;
    }
    Ok(sockets)
}

fn dial(peer: usize, address: &str, deadline: Instant, timeout: Duration) -> Result<TcpStream, DistError> {
    loop {
        let attempt = resolve(address)
            .ok_or_else(|| std::io::Error::other("cannot resolve"))
            .and_then(|a| TcpStream::connect_timeout(&a, Duration::from_millis(500)));
        match attempt {
            Ok(s) => return Ok(s),
            Err(e) if Instant::now() >= deadline => {
                return Err(DistError::Network(format!(
                    "cannot reach process {peer} at {address} within {} s ({e}); is it running with the same --hosts file?",
                    timeout.as_secs_f64()
                )))
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

fn hello(me: usize, job: u64) -> [u8; 24] {
    let mut b = [0u8; 24];
    b[..8].copy_from_slice(HELLO);
    b[8..16].copy_from_slice(&(me as u64).to_be_bytes());
    b[16..].copy_from_slice(&job.to_be_bytes());
    b
}

fn read_hello(stream: &mut TcpStream, deadline: Instant) -> Result<(usize, u64), DistError> {
    let wait = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    let _ = stream.set_read_timeout(Some(wait));
    let mut b = [0u8; 24];
    stream
        .read_exact(&mut b)
        .map_err(|e| DistError::Network(format!("no handshake from a peer: {e}")))?;
    if &b[..8] != HELLO {
        return Err(DistError::Network(
            "something that is not a grundy process answered at a host of the hosts file".into(),
        ));
    }
    let peer = u64::from_be_bytes(b[8..16].try_into().expect("8 bytes")) as usize;
    let job = u64::from_be_bytes(b[16..].try_into().expect("8 bytes"));
    Ok((peer, job))
}

fn mismatch(peer: usize) -> DistError {
    DistError::Network(format!(
        "process {peer} is building another job: the GAME, --no-remoteness, --workers and --processes must be the same in every process"
    ))
}

/// The dialling side: say who we are, hear who they are.
fn handshake(
    mut stream: TcpStream,
    me: usize,
    peer: usize,
    job: u64,
    deadline: Instant,
) -> Result<TcpStream, DistError> {
    stream
        .write_all(&hello(me, job))
        .map_err(|e| DistError::Network(format!("talking to process {peer}: {e}")))?;
    let (said, their_job) = read_hello(&mut stream, deadline)?;
    if said != peer {
        return Err(DistError::Network(format!(
            "the host of process {peer} answered as process {said}: check the --process of each"
        )));
    }
    if their_job != job {
        return Err(mismatch(peer));
    }
    Ok(stream)
}

/// The accepting side: hear who they are, then answer.
fn greet(
    mut stream: TcpStream,
    me: usize,
    job: u64,
    deadline: Instant,
) -> Result<(TcpStream, usize), DistError> {
    let (peer, their_job) = read_hello(&mut stream, deadline)?;
    stream
        .write_all(&hello(me, job))
        .map_err(|e| DistError::Network(format!("talking to process {peer}: {e}")))?;
    if their_job != job {
        return Err(mismatch(peer));
    }
    Ok((stream, peer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_files() {
        assert_eq!(
            parse_hosts("127.0.0.1:2101\n# a comment\n\nlocalhost:2102 # second\n", 2).unwrap(),
            vec!["127.0.0.1:2101", "localhost:2102"]
        );
        let e = parse_hosts("127.0.0.1:2101\nlocalhost\n", 2).unwrap_err();
        assert!(e.starts_with("line 2: 'localhost' is not host:port"), "{e}");
        let e = parse_hosts("127.0.0.1:99999\n", 1).unwrap_err();
        assert!(e.contains("line 1") && e.contains("port"), "{e}");
        let e = parse_hosts("127.0.0.1:1\n", 2).unwrap_err();
        assert!(e.contains("lists 1 host,"), "{e}");
        assert!(parse_hosts(":80\n", 1).is_err());
    }
}
