import CZlib

/// A gzip member, deflated as its bytes come: a WARC record is one member of its file (the
/// `.warc.gz` convention), so a reader can seek to any record's offset and inflate it
/// alone. The compressed bytes go to `sink` as they are made, a buffer's worth at a time, so
/// a body of any size is never held whole.
public final class GzipMember {
    private var stream = fs_z_stream()
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var storing = false
    private var finished = false

    /// Starts a member at compression `level` (0 to 9) whose bytes go to `sink`.
    public init(level: Int = 6, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        // 15 + 16: a window of 32 KiB in a gzip wrapper (zlib.h). Valid arguments start a
        // stream unless memory runs out, which is fatal anyway.
        precondition(fs_deflate_init(&stream, Int32(max(0, min(9, level))), 15 + 16, 8) == Int32(FS_Z_OK), "zlib could not start deflating")
    }

    /// The rest of the member is stored, not compressed: for bytes that are compressed
    /// already (pictures), which deflating would only make slower, not smaller
    /// (BENCHMARKS.md, "What each trick buys", row "pictures stored in the web archive").
    public func storeTheRest() throws {
        guard !storing else { return }
        storing = true
        stream.next_in = nil
        stream.avail_in = 0
        // zlib deflates what it holds at the old level first, into the output buffer's space.
        while true {
            let (status, made) = buffer.withUnsafeMutableBufferPointer { output in
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                let status = deflateParams(&stream, 0, Int32(FS_Z_DEFAULT_STRATEGY))
                return (status, output.count - Int(stream.avail_out))
            }
            if made > 0 { try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<made])) } }
            // Out of room: again, with the buffer's room. Anything else leaves the level as
            // it was, which deflates the rest: slower, as correct.
            guard status == Int32(FS_Z_BUF_ERROR), made > 0 else {
                storing = status == Int32(FS_Z_OK)
                return
            }
        }
    }

    deinit {
        deflateEnd(&stream)
    }

    /// The compressed bytes handed to the sink so far.
    public var compressedCount: Int { Int(stream.total_out) }

    /// The bytes given so far.
    public var count: Int { Int(stream.total_in) }

    public func add(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!finished, "a finished member takes no more bytes")
        var at = 0
        // zlib counts in 32 bits: feed a huge buffer in pieces.
        while at < bytes.count {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[at..<min(bytes.count, at + Int(Int32.max))])
            try run(piece, flush: Int32(FS_Z_NO_FLUSH))
            at += piece.count
        }
    }

    public func add(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try add($0) }
    }

    /// Ends the member: the rest of the deflated bytes and the gzip trailer (CRC-32 and
    /// length) go to the sink.
    public func finish() throws {
        precondition(!finished, "a member is finished once")
        finished = true
        try run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Int32(FS_Z_FINISH))
    }

    private func run(_ input: UnsafeRawBufferPointer, flush: Int32) throws {
        stream.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.avail_in = UInt32(input.count)
        while true {
            let (status, made) = buffer.withUnsafeMutableBufferPointer { output in
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                let status = deflate(&stream, flush)
                return (status, output.count - Int(stream.avail_out))
            }
            // Deflating in memory fails only on a misuse of the stream.
            precondition(status == Int32(FS_Z_OK) || status == Int32(FS_Z_STREAM_END) || status == Int32(FS_Z_BUF_ERROR), "zlib could not deflate")
            if made > 0 { try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<made])) } }
            if flush == Int32(FS_Z_FINISH) ? status == Int32(FS_Z_STREAM_END) : stream.avail_in == 0 && made < buffer.count { return }
        }
    }
}
