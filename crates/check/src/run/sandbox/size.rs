//! Sizes on the command line and in messages, in binary units (`512M`, `1 GiB`).

/// Reads a size such as `512M`, `1G`, `1GiB` or `1048576` (binary units) as bytes.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("`{text}` is not a size: write a number with K, M or G (such as 512M or 1G)");
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: u64 = t[..digits].parse().map_err(|_| bad())?;
    let shift = match t[digits..].trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    match number.checked_mul(1 << shift) {
        Some(0) => Err(format!("`{text}`: the size must be more than 0")),
        Some(bytes) => Ok(bytes),
        None => Err(bad()),
    }
}

/// `bytes` in the largest binary unit that divides it (`1 GiB`, `512 MiB`, `1000 bytes`).
pub fn format_size(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes > 0 && bytes % (1 << shift) == 0 {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}
