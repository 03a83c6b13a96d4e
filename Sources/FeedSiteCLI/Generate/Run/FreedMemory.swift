import FileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// How glibc's allocator hands freed memory back to the system during a run, through
/// functions looked up at run time (`SystemFunction`); elsewhere this does nothing.
enum FreedMemory {
    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private typealias Option = @convention(c) (Int32, Int32) -> Int32
        private static let trim = SystemFunction.named("malloc_trim", as: Trim.self)
        private static let option = SystemFunction.named("mallopt", as: Option.self)
        /// `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` in glibc's `malloc.h`.
        private static let (trimThreshold, mmapThreshold): (Int32, Int32) = (-1, -3)
    #endif

    /// Gives every block of a megabyte or more a mapping of its own, so freeing it hands it
    /// back at once, and keeps at most 8 MiB free at the top of the heap. By default glibc
    /// raises both thresholds as a run frees large blocks, and the large arrays of a big feed
    /// then leave holes in the heap that the rest of the run keeps: BENCHMARKS.md, "What each
    /// trick buys", row "large blocks mapped on their own".
    static func mapLargeBlocksApart() {
        #if canImport(Glibc)
            _ = option?(mmapThreshold, 1 << 20)
            _ = option?(trimThreshold, 8 << 20)
        #endif
    }

    /// Hands memory that the allocator keeps after frees back to the system
    /// (`malloc_trim`), between the phases of a large run.
    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
