//! Reading back the files Domineering writes (the search's checkpoints and the
//! endgame database of regions): little-endian fields in order, and a file cut
//! short named as what it should have been.

/// Reads a file's fields in order; `what` names the file in the error of one
/// that ends too soon ("not a {what}: it ends too soon").
pub(super) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    /// A reader of `bytes` from byte `at`.
    pub(super) fn new(bytes: &'a [u8], at: usize, what: &'static str) -> Reader<'a> {
        Reader { bytes, at, what }
    }

    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| format!("not a {}: it ends too soon", self.what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub(super) fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }

    pub(super) fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    pub(super) fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }

    /// Whether bytes are left after those read.
    pub(super) fn at_end(&self) -> bool {
        self.at == self.bytes.len()
    }
}
