import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes what a run wrote durable. Files are written with `open`/`write`/`rename` and no
/// `fsync`: atomic, but after a power cut a file renamed into place can come back empty.
/// Before the new site is swapped in (and before an archive is reported written), every
/// file system that holds the run's files is flushed to the disk, one `syncfs(2)` each,
/// rather than an `fsync` per file: BENCHMARKS.md, "Durable writes", says what it costs.
public enum DiskSync {
    /// Flushes each file system holding one of `paths` (files or folders) once; a path that
    /// does not exist is passed over. The flush runs on a thread of its own, awaited: it may
    /// take seconds, and no thread that runs tasks is held meanwhile.
    public static func flush(_ paths: [String]) async throws(FileSystemError) {
        try await flush(paths, with: syncFileSystem)
    }

    /// Starts `flush` on a thread of its own and returns at once. Whoever starts it awaits
    /// the flush's `finished()` before ending, whatever happened meanwhile; it need not look
    /// at the error: the `flush` that follows meets any error again, and by then has little
    /// left to write.
    public static func startFlush(_ paths: [String]) -> DiskFlush {
        startFlush(paths, with: syncFileSystem)
    }

    /// `startFlush`, with `sync` in place of `syncfs` (for tests).
    static func startFlush(_ paths: [String], with sync: @escaping @Sendable (Int32) -> Int32) -> DiskFlush {
        DiskFlush(name: "disk-flush") { () throws(FileSystemError) in try flushHere(paths, with: sync) }
    }

    /// `flush`, with `sync` in place of `syncfs` (for tests).
    static func flush(_ paths: [String], with sync: @escaping @Sendable (Int32) -> Int32) async throws(FileSystemError) {
        if let error = await startFlush(paths, with: sync).finished() { throw error }
    }

    /// The flush itself, on the calling thread, which it blocks until the disk has it all.
    private static func flushHere(_ paths: [String], with sync: (Int32) -> Int32) throws(FileSystemError) {
        var flushed = Set<UInt64>()
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            guard flushed.insert(UInt64(info.st_dev)).inserted else { continue }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileSystemError.fromErrno() }
            defer { close(descriptor) }
            try FileSystemError.check(sync(descriptor))
        }
    }

    /// `syncfs(2)`, which Glibc's Swift module does not export (it needs `_GNU_SOURCE`), so
    /// it is looked up at run time; where there is none, a global `sync()`.
    private static func syncFileSystem(_ descriptor: Int32) -> Int32 {
        #if os(Linux)
            if let syncfs {
                return syncfs(descriptor)
            }
        #endif
        sync()
        return 0
    }

    #if os(Linux)
        private typealias SyncFS = @convention(c) (Int32) -> Int32
        private static let syncfs = SystemFunction.named("syncfs", as: SyncFS.self)
    #endif
}
