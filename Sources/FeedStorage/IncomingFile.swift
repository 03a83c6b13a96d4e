import Basics
import FeedCore
import FileSystem
import Foundation
import Hashing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file arriving in `SQLiteImageStore`: its bytes go to a temporary path as they come and
/// are hashed on the way, so the store can take it in under its content address with one
/// `rename`, without reading it back. As an `ImageDownload` it receives a download; `begin`
/// starts the file over, so a retried request never mixes two bodies.
///
/// What it throws to the client writing into it is a `CacheError`: a full disk names the
/// folder the file is in, which says more than its temporary name.
///
/// Until a store takes it in, `discard()` removes it; a run killed before either leaves a
/// `.feedsite-tmp-` file that the next run sweeps away.
public final class IncomingFile: ImageDownload {
    /// What was written, once `finish()` closed the file.
    public struct Contents: Equatable, Sendable {
        public let digest: SHA256.Digest
        public let byteCount: Int
        /// The first bytes, for telling the file's type.
        public let head: [UInt8]
        /// The size the image's header gives, read as the bytes were written.
        public let dimensions: ImageDimensions?
    }

    public let path: String
    private let state = Mutex(State())

    private struct State {
        var descriptor: Int32 = -1
        var hasher = SHA256()
        var byteCount = 0
        var head: [UInt8] = []
        var dimensions = ImageDimensionsReader()
        /// Renamed into a store: nothing is left at `path` to remove.
        var moved = false
    }

    public init(path: String) {
        self.path = path
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// Starts the file over, unless it is open and still empty (as `restart()` leaves it), so
    /// a file made before the request costs nothing more when the body begins.
    public func begin(_ answer: HTTPAnswer) throws(CacheError) {
        let fresh = state.withLock { $0.descriptor >= 0 && $0.byteCount == 0 }
        if !fresh { try restart() }
    }

    /// Empties the file (creating it and its folder if need be) and forgets what was hashed.
    /// Calling it before a download makes the file there, off the network's thread: creating a file
    /// is the slowest step of storing an image on ext4 (BENCHMARKS.md, "What each trick buys", row
    /// "image files made before the request").
    public func restart() throws(CacheError) {
        do {
            try state.withLock { (state: inout State) throws(FileSystemError) in
                if state.descriptor >= 0 { close(state.descriptor) }
                state = State()
                try openIfNeeded(&state)
            }
        } catch {
            throw failure(error)
        }
    }

    /// Creates (or empties) the file, and its folder, the first time it is needed.
    private func openIfNeeded(_ state: inout State) throws(FileSystemError) {
        guard state.descriptor < 0 else { return }
        state.descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(CacheError) {
        do {
            try state.withLock { (state: inout State) throws(FileSystemError) in
                try openIfNeeded(&state)
                if let failure = PlainFile.writeAll(bytes, to: state.descriptor) { throw FileSystemError.fromErrno(failure) }
                state.hasher.update(bytes)
                state.byteCount += bytes.count
                state.dimensions.consume(bytes)
                if state.head.count < ImageFormat.signatureLength {
                    state.head.append(contentsOf: bytes.prefix(ImageFormat.signatureLength - state.head.count))
                }
            }
        } catch {
            throw failure(error)
        }
    }

    /// A failure writing the file, as the client writing into it is told.
    private func failure(_ error: FileSystemError) -> CacheError {
        if let full = OutOfSpace(path: (path as NSString).deletingLastPathComponent, code: error.code) { return .full(full) }
        return .cannot(.write, path, reason: error.description)
    }

    /// The first bytes written so far, for telling the file's type.
    public var head: [UInt8] { state.withLock { $0.head } }

    /// Closes the file and says what it holds; a file never written to is created empty.
    public func finish() throws(FileSystemError) -> Contents {
        try state.withLock { (state: inout State) throws(FileSystemError) in
            try openIfNeeded(&state)
            let closed = close(state.descriptor)
            state.descriptor = -1
            if closed != 0 { throw FileSystemError.fromErrno() }
            var hasher = state.hasher
            return Contents(digest: SHA256.Digest(hasher.finalize()), byteCount: state.byteCount, head: state.head, dimensions: state.dimensions.dimensions)
        }
    }

    /// Renames the finished file to `destination`, creating its folder if it is missing.
    public func move(to destination: String) throws(FileSystemError) {
        if rename(path, destination) != 0 {
            guard errno == ENOENT else { throw FileSystemError.fromErrno() }
            try PlainFile.makeParentFolder(of: destination)
            try FileSystemError.check(rename(path, destination))
        }
        state.withLock { $0.moved = true }
    }

    /// Closes and removes the file, if it is still there.
    public func discard() {
        let moved = state.withLock { state -> Bool in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            return state.moved
        }
        if !moved { unlink(path) }
    }
}
