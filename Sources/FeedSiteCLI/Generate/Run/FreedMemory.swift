import FileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Hands memory that glibc's allocator keeps after frees back to the system (`malloc_trim`),
/// between the phases of a large run, looked up at run time (`SystemFunction`); elsewhere
/// this does nothing.
enum FreedMemory {
    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private static let trim = SystemFunction.named("malloc_trim", as: Trim.self)
    #endif

    static func release() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
