//! Memory for the large tables whose every lookup lands at a random place (the
//! comparison cache, the memos of sums and of positions): mapped on its own with
//! transparent huge pages where the system has them. With 4 KiB pages nearly
//! each such lookup also missed the TLB (a 32 MiB table is 8192 pages, 16 huge
//! ones); on the empty 6x6 Domineering board that was about a tenth of the time.
//! Elsewhere, and for small tables, it is a plain vector.

/// Words, all set to one value when made.
pub(crate) enum Words {
    Heap(Vec<u64>),
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
}

/// The smallest table mapped on its own: one huge page.
#[cfg(target_os = "linux")]
const MAPPED_BYTES: usize = 2 << 20;

impl Words {
    /// `len` words, each `fill`.
    pub(crate) fn new(len: usize, fill: u64) -> Words {
        #[cfg(target_os = "linux")]
        if len * size_of::<u64>() >= MAPPED_BYTES {
            if let Ok(mut map) = memmap2::MmapMut::map_anon(len * size_of::<u64>()) {
                // Only a hint: without huge pages the table works the same.
                let _ = map.advise(memmap2::Advice::HugePage);
                // A new anonymous mapping reads as zeros already.
                if fill != 0 {
                    bytemuck::cast_slice_mut::<u8, u64>(&mut map).fill(fill);
                }
                return Words::Mapped(map);
            }
        }
        Words::Heap(vec![fill; len])
    }

    pub(crate) fn get(&self) -> &[u64] {
        match self {
            Words::Heap(v) => v,
            #[cfg(target_os = "linux")]
            Words::Mapped(map) => bytemuck::cast_slice(map),
        }
    }

    pub(crate) fn get_mut(&mut self) -> &mut [u64] {
        match self {
            Words::Heap(v) => v,
            #[cfg(target_os = "linux")]
            Words::Mapped(map) => bytemuck::cast_slice_mut(map),
        }
    }
}
