#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory that glibc's allocator keeps after frees back to the system (`malloc_trim`),
/// between the phases of a large run. The Glibc module does not export it, so it is looked
/// up at run time; elsewhere this does nothing.
enum FreedMemory {
    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
            .map { unsafeBitCast($0, to: Trim.self) }
    #endif

    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
