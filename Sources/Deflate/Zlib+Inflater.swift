import CZlib

extension Zlib {
    /// A zlib stream inflated a few bytes at a time: its compressed bytes are appended as they
    /// arrive and each read gives exactly the bytes asked for, so a reader holds no more of
    /// what the stream inflates to than it asks for at once, however much that is in all.
    public final class Inflater {
        /// zlib's state points back at the stream, so the stream stays at one address for
        /// the inflater's life.
        private let stream: UnsafeMutablePointer<fs_z_stream>
        /// The compressed bytes appended, read in order; slices share the caller's storage.
        private var pieces: [ArraySlice<UInt8>] = []
        /// The piece being read, and how many of its bytes zlib has taken.
        private var piece = 0
        private var offset = 0
        private var ended = false

        public init() throws(Failure) {
            stream = .allocate(capacity: 1)
            stream.initialize(to: fs_z_stream())
            guard fs_inflate_init(stream, 15) == Int32(FS_Z_OK) else {
                stream.deallocate()
                throw .malformed("cannot start inflating")
            }
        }

        deinit {
            inflateEnd(stream)
            stream.deallocate()
        }

        /// Adds `bytes` to the compressed stream, after those appended before.
        public func append(_ bytes: ArraySlice<UInt8>) {
            if !bytes.isEmpty { pieces.append(bytes) }
        }

        /// Fills `buffer` with the stream's next bytes and says how many it wrote: all of
        /// `buffer` unless the stream ends first (then its check has been verified). Throws
        /// `.truncated` when the bytes appended run out before the stream's end, and
        /// `.malformed` for a damaged stream, after which the inflater is of no more use.
        /// Bytes after the stream's end are ignored.
        public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
            guard let target = buffer.baseAddress else { return 0 }
            var filled = 0
            while filled < buffer.count && !ended {
                while piece < pieces.count && offset == pieces[piece].count {
                    piece += 1
                    offset = 0
                }
                let hasInput = piece < pieces.count
                let room = UnsafeMutableRawBufferPointer(start: target + filled, count: buffer.count - filled)
                let step: (status: Int32, consumed: Int, produced: Int)
                if hasInput {
                    step = pieces[piece].withUnsafeBufferPointer { inflate(from: UnsafeBufferPointer(rebasing: $0[offset...]), into: room) }
                } else {
                    // zlib may still hold output for which it needs no more input.
                    step = inflate(from: UnsafeBufferPointer(start: nil, count: 0), into: room)
                }
                offset += step.consumed
                filled += step.produced
                switch step.status {
                case Int32(FS_Z_OK): continue
                case Int32(FS_Z_STREAM_END): ended = true
                // With room for output, no progress means zlib has taken every byte given.
                case Int32(FS_Z_BUF_ERROR) where !hasInput: throw .truncated
                default: throw .malformed(stream.pointee.msg.map { String(cString: $0) } ?? "error \(step.status)")
                }
            }
            return filled
        }

        /// Whether the stream ends right after the bytes read so far, its check verified:
        /// false if it holds more. Throws as `read` does.
        public func endsHere() throws(Failure) -> Bool {
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
            defer { scratch.deallocate() }
            return try read(into: scratch) == 0
        }

        /// One call of zlib's inflate over `input` into `output`.
        private func inflate(
            from input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableRawBufferPointer
        ) -> (status: Int32, consumed: Int, produced: Int) {
            let givenIn = UInt32(clamping: input.count)
            let givenOut = UInt32(clamping: output.count)
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = givenIn
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = givenOut
            let status = CZlib.inflate(stream, Int32(FS_Z_NO_FLUSH))
            let consumed = Int(givenIn - stream.pointee.avail_in)
            let produced = Int(givenOut - stream.pointee.avail_out)
            // Cleared so that the stream holds no pointer into buffers lent only for this call.
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            return (status, consumed, produced)
        }
    }
}
