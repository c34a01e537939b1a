//! The checksum of grundy's file formats.

/// The checksum of bytes: FNV-1a with 64-bit lanes: for each little-endian 64-bit
/// word `w` of the data (the tail padded with zeros), `h = (h ^ w) * 0x100000001b3`,
/// starting from `0xcbf29ce484222325`; then the length is mixed in the same way.
///
/// A table file's checksum (format version 2) is this checksum of the whole file:
/// the 4096-byte header, with its checksum field read as zeros, then the data; so
/// the game name and sizes in the header are covered as well as the data.
///
/// ```
/// let mut h = grundy_files::Fnv::new();
/// h.update(b"grun");
/// h.update(b"dy");
/// assert_eq!(h.finish(), grundy_files::checksum(b"grundy"));
/// ```
pub fn checksum(data: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.update(data);
    h.finish()
}

/// [`checksum`] over bytes given in pieces (a header and data, or a table being
/// built), equal to the checksum of their concatenation.
#[derive(Clone, Debug)]
pub struct Fnv {
    h: u64,
    pending: [u8; 8],
    fill: usize,
    len: u64,
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}

impl Fnv {
    const PRIME: u64 = 0x100_0000_01b3;

    /// An empty checksum.
    pub fn new() -> Fnv {
        Fnv {
            h: 0xcbf2_9ce4_8422_2325,
            pending: [0; 8],
            fill: 0,
            len: 0,
        }
    }

    fn word(&mut self, w: [u8; 8]) {
        self.h = (self.h ^ u64::from_le_bytes(w)).wrapping_mul(Fnv::PRIME);
    }

    /// Add bytes.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.fill > 0 {
            let n = (8 - self.fill).min(data.len());
            self.pending[self.fill..self.fill + n].copy_from_slice(&data[..n]);
            self.fill += n;
            data = &data[n..];
            if self.fill < 8 {
                return;
            }
            self.word(self.pending);
            self.fill = 0;
        }
        let mut chunks = data.chunks_exact(8);
        for c in &mut chunks {
            self.word(c.try_into().expect("8 bytes"));
        }
        let rest = chunks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.fill = rest.len();
    }

    /// The checksum of everything added.
    pub fn finish(&self) -> u64 {
        let mut h = self.h;
        if self.fill > 0 {
            let mut w = [0u8; 8];
            w[..self.fill].copy_from_slice(&self.pending[..self.fill]);
            h = (h ^ u64::from_le_bytes(w)).wrapping_mul(Fnv::PRIME);
        }
        (h ^ self.len).wrapping_mul(Fnv::PRIME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_give_the_checksum_of_the_whole() {
        let data: Vec<u8> = (0..100u8).collect();
        for cut in 0..data.len() {
            for cut2 in cut..data.len() {
                let mut h = Fnv::new();
                h.update(&data[..cut]);
                h.update(&data[cut..cut2]);
                h.update(&data[cut2..]);
                assert_eq!(h.finish(), checksum(&data));
            }
        }
    }

    #[test]
    fn the_length_counts() {
        assert_ne!(checksum(&[]), checksum(&[0]));
        assert_ne!(checksum(&[0]), checksum(&[0, 0]));
    }
}
