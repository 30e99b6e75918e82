//! How much memory a pattern-database build may take: `--memory-limit`, else what the machine
//! has available now (`MemAvailable` in `/proc/meminfo`).

/// Parses a byte count: a whole number with an optional `K`, `M`, `G` or `T` suffix (powers
/// of 1024, an optional `B` or `iB` after it), e.g. `512M`, `8G`, `8GiB`, `1000000`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let body = upper.strip_suffix("IB").or_else(|| upper.strip_suffix('B')).unwrap_or(&upper);
    let (digits, shift) = match body.chars().last() {
        Some('K') => (&body[..body.len() - 1], 10),
        Some('M') => (&body[..body.len() - 1], 20),
        Some('G') => (&body[..body.len() - 1], 30),
        Some('T') => (&body[..body.len() - 1], 40),
        _ => (body, 0),
    };
    let number: u64 = digits.trim().parse().map_err(|_| format!("`{text}` is not a size such as 512M or 8G"))?;
    number.checked_mul(1u64 << shift).ok_or_else(|| format!("`{text}` is more bytes than a 64-bit count holds"))
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The limit for database builds: `explicit` if given, else the memory available now, else
/// (no `/proc/meminfo`) none.
pub fn build_limit(explicit: Option<u64>) -> Option<u64> {
    explicit.or_else(|| mem_available(&std::fs::read_to_string("/proc/meminfo").ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_suffixes() {
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("8g"), Ok(8 << 30));
        assert_eq!(parse_bytes("8GiB"), Ok(8 << 30));
        assert_eq!(parse_bytes("2KB"), Ok(2048));
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("-1G").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }

    #[test]
    fn available_memory_is_read_from_meminfo() {
        let text = "MemTotal:       8000000 kB\nMemFree:  100 kB\nMemAvailable:    4000000 kB\n";
        assert_eq!(mem_available(text), Some(4_096_000_000));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
        assert!(build_limit(None).is_some_and(|b| b > 0), "this test runs on Linux");
        assert_eq!(build_limit(Some(5)), Some(5));
    }
}
