#if canImport(Glibc)
    import Glibc
#endif

/// Keeps glibc's allocator from holding on to memory a large run no longer needs. The Glibc
/// module exports neither `mallopt` nor `malloc_trim`, so they are looked up at run time;
/// elsewhere both calls do nothing.
enum FreedMemory {
    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private typealias Option = @convention(c) (Int32, Int32) -> Int32
        private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
        private static let option: Option? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt").map { unsafeBitCast($0, to: Option.self) }
        /// `M_ARENA_MAX` in `<malloc.h>`.
        private static let arenaMaximum: Int32 = -8
    #endif

    /// glibc gives each thread that meets a busy lock an allocation arena of its own, up to
    /// eight per core, and each keeps the free space of its own pages. Whether a run ends with
    /// two or six depends on thread timing, which made the peak memory of the same 100,000-item
    /// run vary by 70 MB. Two arenas are enough for a run that keeps two cores busy.
    static func limitArenas() {
        #if canImport(Glibc)
            _ = option?(arenaMaximum, 2)
        #endif
    }

    /// Hands the free pages at the end of each phase back to the system (`malloc_trim`).
    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
