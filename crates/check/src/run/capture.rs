//! Reading a program's output stream with a cap: never more than a fixed number of bytes
//! is kept, however much the program writes.

use std::io::Read;
use std::sync::mpsc::Sender;

/// What was kept of one output stream.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Captured {
    /// The text kept (invalid UTF-8 replaced): the beginning of stdout, the end of stderr.
    pub text: String,
    /// How many bytes the program wrote in all.
    pub total_bytes: u64,
    /// Whether bytes were dropped because the stream exceeded the cap.
    pub truncated: bool,
}

impl Captured {
    /// The last `n` non-blank lines of the text (for a traceback on stderr).
    pub fn last_lines(&self, n: usize) -> Vec<&str> {
        let lines: Vec<&str> = self.text.lines().filter(|l| !l.trim().is_empty()).collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }
}

/// Which part of a stream to keep when it exceeds the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// The first bytes (the answer on stdout comes first).
    Head,
    /// The last bytes (a traceback on stderr comes last).
    Tail,
}

/// A message from a stream reader to the run's supervisor.
#[derive(Debug)]
pub(crate) enum StreamEvent {
    /// The stream passed the flood limit: the program should be stopped.
    Flooded,
    /// The stream reached its end (or an error); what was kept.
    Done(usize, Captured),
}

/// Reads `stream` to its end, keeping at most `cap` bytes, and sends [`StreamEvent::Flooded`]
/// once when more than `flood_limit` bytes arrived, then [`StreamEvent::Done`] tagged `index`.
pub(crate) fn capture<E: From<StreamEvent>>(
    mut stream: impl Read,
    keep: Keep,
    cap: usize,
    flood_limit: u64,
    index: usize,
    events: Sender<E>,
) {
    let mut kept: Vec<u8> = Vec::new();
    let mut total: u64 = 0;
    let mut flooded = false;
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        total += n as u64;
        match keep {
            Keep::Head => {
                let room = cap.saturating_sub(kept.len()).min(n);
                kept.extend_from_slice(&chunk[..room]);
            }
            Keep::Tail => {
                kept.extend_from_slice(&chunk[..n]);
                if kept.len() > cap.saturating_mul(2).max(chunk.len()) {
                    kept.drain(..kept.len() - cap);
                }
            }
        }
        if !flooded && total > flood_limit {
            flooded = true;
            let _ = events.send(StreamEvent::Flooded.into());
        }
    }
    if kept.len() > cap {
        kept.drain(..kept.len() - cap);
    }
    let captured = Captured {
        text: String::from_utf8_lossy(&kept).into_owned(),
        total_bytes: total,
        truncated: total > cap as u64,
    };
    let _ = events.send(StreamEvent::Done(index, captured).into());
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    fn run(input: &[u8], keep: Keep, cap: usize, flood: u64) -> (bool, Captured) {
        let (tx, rx) = mpsc::channel();
        capture(input, keep, cap, flood, 7, tx);
        let events: Vec<StreamEvent> = rx.try_iter().collect();
        let flooded = events.iter().any(|e| matches!(e, StreamEvent::Flooded));
        match events.into_iter().last() {
            Some(StreamEvent::Done(7, c)) => (flooded, c),
            other => panic!("no Done event: {other:?}"),
        }
    }

    #[test]
    fn head_and_tail_are_capped() {
        let data: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let (flooded, head) = run(&data, Keep::Head, 1000, u64::MAX);
        assert!(!flooded);
        assert_eq!(head.text.as_bytes(), &data[..1000]);
        assert_eq!((head.total_bytes, head.truncated), (200_000, true));
        let (flooded, tail) = run(&data, Keep::Tail, 1000, 100_000);
        assert!(flooded);
        assert_eq!(tail.text.as_bytes(), &data[199_000..]);
        let (_, small) = run(b"Traceback\n  line\nError: x\n\n", Keep::Tail, 1000, 10);
        assert!(!small.truncated);
        assert_eq!(small.last_lines(2), ["  line", "Error: x"]);
        assert_eq!(small.last_lines(9).len(), 3);
    }
}
