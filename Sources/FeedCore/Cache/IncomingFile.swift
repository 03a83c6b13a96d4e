#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Hashing
import Synchronization

/// A file arriving in a store: its bytes go to a temporary path as they come and are hashed
/// on the way, so the store can take it in under its content address with one `rename`,
/// without reading it back. As an `HTTPBodySink` it receives a download; `begin` starts the
/// file over, so a retried request never mixes two bodies.
///
/// Until a store takes it in, `discard()` removes it; a run killed before either leaves a
/// `.feedsite-tmp-` file that the next run sweeps away.
public final class IncomingFile: HTTPBodySink {
    /// What was written, once `finish()` closed the file.
    public struct Contents: Equatable, Sendable {
        public let digest: SHA256.Digest
        public let byteCount: Int
        /// The first bytes, for telling the file's type.
        public let head: [UInt8]
    }

    public let path: String
    private let state = Mutex(State())

    private struct State {
        var descriptor: Int32 = -1
        var hasher = SHA256()
        var byteCount = 0
        var head: [UInt8] = []
    }

    public init(path: String) {
        self.path = path
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    public func begin(_ answer: HTTPAnswer) throws {
        try restart()
    }

    /// Empties the file (creating it and its folder if need be) and forgets what was hashed.
    public func restart() throws(FileSystemError) {
        try state.withLock { (state: inout State) throws(FileSystemError) in
            if state.descriptor >= 0 { close(state.descriptor) }
            state = State()
            state.descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
        }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { (state: inout State) throws(FileSystemError) in
            if state.descriptor < 0 {
                state.descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
            }
            if let failure = PlainFile.writeAll(bytes, to: state.descriptor) { throw FileSystemError.fromErrno(failure) }
            state.hasher.update(bytes)
            state.byteCount += bytes.count
            if state.head.count < ImageFormat.signatureLength {
                state.head.append(contentsOf: bytes.prefix(ImageFormat.signatureLength - state.head.count))
            }
        }
    }

    /// The first bytes written so far, for telling the file's type.
    public var head: [UInt8] { state.withLock { $0.head } }

    /// Closes the file and says what it holds; a file never written to is created empty.
    public func finish() throws(FileSystemError) -> Contents {
        try state.withLock { (state: inout State) throws(FileSystemError) in
            if state.descriptor < 0 {
                state.descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
            }
            let closed = close(state.descriptor)
            state.descriptor = -1
            if closed != 0 { throw FileSystemError.fromErrno() }
            var hasher = state.hasher
            return Contents(digest: SHA256.Digest(hasher.finalize()), byteCount: state.byteCount, head: state.head)
        }
    }

    /// Closes and removes the file, if it is still there.
    public func discard() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
        }
        unlink(path)
    }
}
