import CZlib

/// Gzip members, one after another, each deflated as its bytes come: a WARC record is one
/// member of its file (the `.warc.gz` convention), so a reader can seek to any record's
/// offset and inflate it alone. The compressed bytes go to `sink` as they are made, a
/// buffer's worth at a time, so a body of any size is never held whole. One zlib stream
/// serves every member, set back after each: setting one up costs more than deflating a
/// small record (BENCHMARKS.md, "What each trick buys", row "one zlib stream for every
/// record").
public final class GzipMembers: GzipMemberMaker {
    private var stream = fs_z_stream()
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private let level: Int32
    private var storing = false

    /// Members deflated at compression `level` (0 to 9) whose bytes go to `sink`.
    public init(level: Int = 6, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        self.level = Int32(max(0, min(9, level)))
        // 15 + 16: a window of 32 KiB in a gzip wrapper (zlib.h). Valid arguments start a
        // stream unless memory runs out, which is fatal anyway.
        precondition(fs_deflate_init(&stream, self.level, 15 + 16, 8) == Int32(FS_Z_OK), "zlib could not start deflating")
    }

    deinit {
        deflateEnd(&stream)
    }

    /// The rest of the member is stored, not compressed: for bytes that are compressed
    /// already (pictures), which deflating would only make slower, not smaller
    /// (BENCHMARKS.md, "What each trick buys", row "pictures stored in the web archive").
    public func storeTheRest() throws {
        guard !storing, level > 0 else { return }
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

    public func add(_ bytes: UnsafeRawBufferPointer) throws {
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
    /// length) go to the sink. What is added next begins another member, at `level` again,
    /// even when the sink failed.
    public func endMember() throws {
        defer { dropMember() }
        try run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Int32(FS_Z_FINISH))
    }

    /// Drops the member being written, whose bytes the sink may have had in part: what is
    /// added next begins another member, at `level` again.
    public func dropMember() {
        // On a stream that is set up, both succeed; a stream set back holds nothing to
        // flush before its level changes.
        precondition(deflateReset(&stream) == Int32(FS_Z_OK), "zlib could not begin another member")
        if storing {
            precondition(deflateParams(&stream, level, Int32(FS_Z_DEFAULT_STRATEGY)) == Int32(FS_Z_OK), "zlib could not set its level")
            storing = false
        }
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
