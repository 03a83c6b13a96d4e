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
    /// does not exist is passed over.
    public static func flush(_ paths: [String]) throws(FileSystemError) {
        try flush(paths, with: syncFileSystem)
    }

    /// Starts `flush` on a thread of its own and returns at once; `finished` hears how it
    /// went, on that thread. A run need not listen: the `flush` that follows meets any error
    /// again, and by then has little left to write.
    public static func startFlush(_ paths: [String], finished: @escaping @Sendable (FileSystemError?) -> Void = { _ in }) {
        startFlush(paths, with: syncFileSystem, finished: finished)
    }

    /// `startFlush`, with `sync` in place of `syncfs` (for tests).
    static func startFlush(_ paths: [String], with sync: @escaping @Sendable (Int32) -> Int32, finished: @escaping @Sendable (FileSystemError?) -> Void) {
        Thread.detachNewThread {
            do throws(FileSystemError) {
                try flush(paths, with: sync)
                finished(nil)
            } catch {
                finished(error)
            }
        }
    }

    /// `flush`, with `sync` in place of `syncfs` (for tests).
    static func flush(_ paths: [String], with sync: (Int32) -> Int32) throws(FileSystemError) {
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
