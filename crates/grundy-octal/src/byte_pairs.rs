//! The pair scan of the sparse method for values below 64 on CPUs with AVX2:
//! the values as bytes, 32 pairs a vector, and the set of the pairs' values
//! kept as bytes (one bit a value) that a byte shuffle looks up.
//!
//! The scan it replaces shifted a 64-bit one by each pair's value: 16 pairs
//! took about 20 instructions (widening to four lanes of 64 bits, four
//! variable shifts, four ORs). Here 32 pairs take 8 when every value is
//! below 16 (XOR, reversing one side, two table lookups, two ORs), and 4
//! more for each further 16 values.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Zero bytes kept after the last value, so that the last vector of a
/// range, whose lanes past the range are masked, may read up to 31 bytes
/// past it.
pub(crate) const PAD: usize = 32;

/// G(0), G(1), ... as bytes while every value is below 64, with `PAD` zero
/// bytes after them, and again backwards (`down`, like the engine's mirror of
/// the values: G(m - a) for growing a is read forwards, so the scan does not
/// reverse every vector); sized from the values' capacity (the whole run's,
/// when the caller reserved it).
#[derive(Debug, Clone, Default)]
pub(crate) struct Bytes {
    buf: Vec<u8>,
    /// G(i) at `down.len() - 1 - i`.
    down: Vec<u8>,
    len: usize,
}

impl Bytes {
    /// Copies the values not copied yet (usually the one just computed);
    /// all of `g` must be below 256.
    #[inline(always)]
    pub(crate) fn sync(&mut self, g: &[u16], capacity: usize) {
        let n = g.len();
        if n == self.len + 1 && n + PAD <= self.buf.len() {
            let v = g[self.len] as u8;
            self.buf[self.len] = v;
            let top = self.down.len() - 1;
            self.down[top - self.len] = v;
            self.len = n;
            return;
        }
        if n + PAD > self.buf.len() {
            let cap = capacity.max(n + n / 2).max(1024);
            self.buf.resize(cap + PAD, 0);
            let mut down = vec![0u8; cap + PAD];
            let old = self.down.len();
            down[cap + PAD - self.len..].copy_from_slice(&self.down[old - self.len..]);
            self.down = down;
        }
        let top = self.down.len() - 1;
        for (i, &v) in g.iter().enumerate().skip(self.len) {
            self.buf[i] = v as u8;
            self.down[top - i] = v as u8;
        }
        self.len = n;
    }

    /// The copied values and at least `PAD` bytes after them.
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    /// G(m - lo), G(m - lo - 1), ..., `len` of them (m - lo + 1 at most).
    #[inline(always)]
    pub(crate) fn down_from(&self, m: usize, lo: usize, len: usize) -> &[u8] {
        // G(m - lo) is at down.len() - 1 - m + lo: added before subtracting.
        let first = self.down.len() - 1 + lo - m;
        &self.down[first..first + len]
    }

    /// Gives the memory back (the values reached 64).
    pub(crate) fn clear(&mut self) {
        *self = Bytes::default();
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
}

/// The set (bit v for value v) of G(a) ^ G(m - a) for a in lo..min(hi, half + 1),
/// over every (m, half) of `spans`, from the values as `bytes`; `W` windows of 16 values cover every value
/// (all below 16 W). Ranges too near the start of the values for the last
/// vector's reversed read (m - lo < 32 vectors' worth) go to `pair_bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn pair_set<const W: usize>(
    g: &[u16],
    bytes: &Bytes,
    spans: &[(usize, usize)],
    lo: usize,
    hi: usize,
) -> u64 {
    let lane = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
        28, 29, 30, 31,
    );
    let high = _mm256_set1_epi8(-128);
    let g8 = bytes.as_slice();
    let mut los = [_mm256_setzero_si256(); W];
    let mut his = [_mm256_setzero_si256(); W];
    let mut rest = 0u64;
    for &(m, half) in spans {
        let hi = hi.min(half + 1);
        if hi <= lo {
            continue;
        }
        let len = hi - lo;
        let whole = 32 * len.div_ceil(32);
        if m + 1 < lo + whole {
            rest |= crate::engine::pair_bits(g, m, lo, hi);
            continue;
        }
        // G(lo..) and G(m - lo), G(m - lo - 1), ...: `whole` pairs, the last
        // `whole - len` of them masked.
        let xs = &g8[lo..lo + whole];
        let ys = bytes.down_from(m, lo, whole);
        let full = len / 32;
        for k in 0..full {
            let (x, y) = (&xs[32 * k..32 * k + 32], &ys[32 * k..32 * k + 32]);
            mark::<W>(x, y, _mm256_setzero_si256(), &mut los, &mut his);
        }
        if full * 32 < len {
            // Lanes past the range: bit 7 set, which the lookups read as no
            // value (a shuffle gives 0 for such an index).
            let inside = _mm256_cmpgt_epi8(_mm256_set1_epi8((len - full * 32) as i8), lane);
            let (x, y) = (&xs[32 * full..], &ys[32 * full..]);
            mark::<W>(x, y, _mm256_andnot_si256(inside, high), &mut los, &mut his);
        }
    }
    rest | fold::<W>(&los, &his)
}

/// [`pair_set`] for a in 1..=32, every m at least 64 (so a whole vector of
/// pairs below each half): the first scan of every heap in a batch.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn first_pair_set<const W: usize>(bytes: &Bytes, spans: &[(usize, usize)]) -> u64 {
    let mut los = [_mm256_setzero_si256(); W];
    let mut his = [_mm256_setzero_si256(); W];
    let xs = &bytes.as_slice()[1..33];
    for &(m, half) in spans {
        debug_assert!(half >= 32 && m >= 64);
        mark::<W>(
            xs,
            bytes.down_from(m, 1, 32),
            _mm256_setzero_si256(),
            &mut los,
            &mut his,
        );
    }
    fold::<W>(&los, &his)
}

/// ORs into the windows' byte sets the values of 32 pairs: G(a) from `x`
/// and G(m - a) from `y`, lanes with bit 7 in `outside` left out.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn mark<const W: usize>(
    x: &[u8],
    y: &[u8],
    outside: __m256i,
    los: &mut [__m256i; W],
    his: &mut [__m256i; W],
) {
    mark_values(
        _mm256_or_si256(_mm256_xor_si256(load(x), load(y)), outside),
        los,
        his,
    );
}

/// ORs the 32 values of `v` (below 16 W, or with bit 7 set: none) into the
/// windows' byte sets, lane by lane.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn mark_values<const W: usize>(v: __m256i, los: &mut [__m256i; W], his: &mut [__m256i; W]) {
    // Bit v of a value's set byte: TLO for v in 0..8, THI for 8..16 (the
    // shuffle reads the low four bits of the index, per 128-bit lane).
    const TLO: [i8; 16] = [1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0];
    const THI: [i8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128];
    let tlo = _mm256_broadcastsi128_si256(from_i8x16(TLO));
    let thi = _mm256_broadcastsi128_si256(from_i8x16(THI));
    for w in 0..W {
        let index = if W == 1 {
            v
        } else {
            // Values of other windows (and masked lanes) saturate to bit 7;
            // this window's keep their low four bits.
            let shifted = _mm256_xor_si256(v, _mm256_set1_epi8((w as i8) << 4));
            _mm256_adds_epu8(shifted, _mm256_set1_epi8(0x70))
        };
        los[w] = _mm256_or_si256(los[w], _mm256_shuffle_epi8(tlo, index));
        his[w] = _mm256_or_si256(his[w], _mm256_shuffle_epi8(thi, index));
    }
}

/// The sets of the rare pairs of 32 consecutive heaps, one byte a lane for
/// each 8 values (see [`batch_sets`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BatchSets {
    /// `bytes[2 w][j]`: values 16 w..16 w + 8 of heap j's set,
    /// `bytes[2 w + 1][j]` the next 8.
    bytes: [[u8; 32]; 8],
}

impl BatchSets {
    /// The set of the batch's heap `j` (values below 16 W).
    #[inline(always)]
    pub(crate) fn get<const W: usize>(&self, j: usize) -> u64 {
        let mut set = 0u64;
        for w in 0..W {
            let pair = u64::from(self.bytes[2 * w][j]) | u64::from(self.bytes[2 * w + 1][j]) << 8;
            set |= pair << (16 * w);
        }
        set
    }
}

/// For the heaps n0 + j, j in 0..32, whose breaking total is m + j: the
/// values of the pairs of each rare heap a (in `heaps`, with its value in
/// `values`) with m + j - a, ORed into `sets`: one load of 32 values a rare
/// heap. Every m - a + 31 must be a computed heap.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn batch_sets<const W: usize>(g8: &[u8], spans: &[(usize, &[u32], &[u16])]) -> BatchSets {
    let mut los = [_mm256_setzero_si256(); W];
    let mut his = [_mm256_setzero_si256(); W];
    for &(m, heaps, values) in spans {
        for (&a, &ga) in heaps.iter().zip(values) {
            let base = m - a as usize;
            let v = _mm256_xor_si256(load(&g8[base..base + 32]), _mm256_set1_epi8(ga as i8));
            mark_values(v, &mut los, &mut his);
        }
    }
    let mut sets = BatchSets::default();
    for w in 0..W {
        sets.bytes[2 * w] = to_bytes(los[w]);
        sets.bytes[2 * w + 1] = to_bytes(his[w]);
    }
    sets
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn to_bytes(v: __m256i) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (i, word) in [
        _mm256_extract_epi64::<0>(v),
        _mm256_extract_epi64::<1>(v),
        _mm256_extract_epi64::<2>(v),
        _mm256_extract_epi64::<3>(v),
    ]
    .into_iter()
    .enumerate()
    {
        b[8 * i..8 * i + 8].copy_from_slice(&word.to_le_bytes());
    }
    b
}

/// The set of the values marked in the windows' byte sets.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn fold<const W: usize>(los: &[__m256i; W], his: &[__m256i; W]) -> u64 {
    // The windows' byte sets interleaved into lanes of 16 W bits, each lane
    // a whole set (an OR of lanes is one), so that one lane-wise reduction
    // serves every window: 2 W byte sets, one reduction.
    let join = |lo, hi| _mm256_or_si256(_mm256_unpacklo_epi8(lo, hi), _mm256_unpackhi_epi8(lo, hi));
    let join16 = |a, b| _mm256_or_si256(_mm256_unpacklo_epi16(a, b), _mm256_unpackhi_epi16(a, b));
    let join32 = |a, b| _mm256_or_si256(_mm256_unpacklo_epi32(a, b), _mm256_unpackhi_epi32(a, b));
    let sets = match W {
        1 => join(los[0], his[0]),
        2 => join16(join(los[0], his[0]), join(los[1], his[1])),
        _ => join32(
            join16(join(los[0], his[0]), join(los[1], his[1])),
            join16(join(los[2], his[2]), join(los[3], his[3])),
        ),
    };
    let half = _mm_or_si128(_mm256_castsi256_si128(sets), _mm256_extracti128_si256::<1>(sets));
    let mut word = _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64;
    if W < 4 {
        word |= word >> 32;
    }
    if W < 2 {
        word |= word >> 16;
    }
    word & (u64::MAX >> (64 - 16 * W))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn from_i8x16(b: [i8; 16]) -> __m128i {
    _mm_setr_epi8(
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15],
    )
}

/// 32 bytes as a vector (the compiler makes it one unaligned load).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load(b: &[u8]) -> __m256i {
    let b: &[u8; 32] = b.try_into().expect("32 bytes");
    let word = |i: usize| i64::from_le_bytes(b[8 * i..8 * i + 8].try_into().expect("8 bytes"));
    _mm256_setr_epi64x(word(0), word(1), word(2), word(3))
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// The byte kernel gives the sets of the pairs taken one by one, for
    /// every window count, range and length (the masked last vector and the
    /// ranges too near the start), several spans at once.
    #[test]
    fn pair_sets_agree_with_the_pairs_one_by_one() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        for bits in [4u32, 5, 6] {
            let g: Vec<u16> = (0..400u32)
                .map(|i| (i.wrapping_mul(2654435761u32) >> (32 - bits)) as u16)
                .collect();
            let mut bytes = Bytes::default();
            // In two steps, the second past the first's buffer (which copies
            // the backward values).
            bytes.sync(&g[..50], 50);
            bytes.sync(&g, g.len());
            let set = |spans: &[(usize, usize)], lo: usize, hi: usize| -> u64 {
                match bits {
                    4 => run::<1>(&g, &bytes, spans, lo, hi),
                    5 => run::<2>(&g, &bytes, spans, lo, hi),
                    _ => run::<4>(&g, &bytes, spans, lo, hi),
                }
            };
            for m in [2usize, 17, 40, 64, 65, 100, 399] {
                let half = m / 2;
                for lo in 1..=half {
                    for hi in lo..=half + 2 {
                        let want = (lo..hi.min(half + 1)).fold(0u64, |s, a| s | 1 << (g[a] ^ g[m - a]));
                        assert_eq!(set(&[(m, half)], lo, hi), want, "{bits} bits, {m} {lo}..{hi}");
                    }
                }
            }
            let spans = [(399, 199), (300, 150), (150, 75)];
            for (lo, hi) in [(1, 33), (1, 200), (40, 140), (70, 100)] {
                let want = spans.iter().fold(0u64, |s, &(m, half)| {
                    (lo..hi.min(half + 1)).fold(s, |s, a| s | 1 << (g[a] ^ g[m - a]))
                });
                assert_eq!(set(&spans, lo, hi), want, "{bits} bits, spans {lo}..{hi}");
            }
        }
    }

    fn run<const W: usize>(g: &[u16], bytes: &Bytes, spans: &[(usize, usize)], lo: usize, hi: usize) -> u64 {
        assert!(std::arch::is_x86_feature_detected!("avx2"));
        // SAFETY: checked just above that the CPU has AVX2.
        unsafe { pair_set::<W>(g, bytes, spans, lo, hi) }
    }
}
