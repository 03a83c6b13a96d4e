import CZlib

/// zlib's streams over whole buffers: PNG's image data and ICC profiles in, renditions out.
public enum Zlib {
    /// Why a stream could not be inflated.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not a zlib stream, or a damaged one; zlib's words.
        case malformed(String)
        /// The stream ended before its end.
        case truncated
        /// It inflates to more than the bytes allowed.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case let .malformed(reason): "not a valid zlib stream (\(reason))"
            case .truncated: "the zlib stream ends early"
            case let .tooLarge(limit): "the zlib stream inflates to more than \(limit) bytes"
            }
        }
    }

    /// The bytes the zlib stream `input` holds (a gzip member when `gzip`), at most
    /// `maxOutput` of them: what the caller expects, never what the stream claims. Bytes
    /// after the stream's end are ignored.
    public static func inflate(_ input: [UInt8], maxOutput: Int, gzip: Bool = false) throws(Failure) -> [UInt8] {
        var stream = fs_z_stream()
        // 15 + 16: the same window in a gzip wrapper (zlib.h).
        guard fs_inflate_init(&stream, gzip ? 15 + 16 : 15) == Int32(FS_Z_OK) else { throw .malformed("cannot start inflating") }
        defer { inflateEnd(&stream) }
        // One byte more than allowed, to tell a stream that fits from one that goes on.
        var output = [UInt8](repeating: 0, count: maxOutput + 1)
        let status = finish(&stream, from: input, into: &output, with: CZlib.inflate)
        let produced = Int(stream.total_out)
        switch status {
        case Int32(FS_Z_STREAM_END):
            guard produced <= maxOutput else { throw .tooLarge(limit: maxOutput) }
            output.removeLast(output.count - produced)
            return output
        case Int32(FS_Z_BUF_ERROR) where produced > maxOutput: throw .tooLarge(limit: maxOutput)
        case Int32(FS_Z_BUF_ERROR): throw .truncated
        default: throw .malformed(stream.msg.map { String(cString: $0) } ?? "error \(status)")
        }
    }

    /// `input` as a zlib stream, at compression `level` (0 to 9).
    public static func deflate(_ input: [UInt8], level: Int = 6) -> [UInt8] {
        var stream = fs_z_stream()
        // A stream with valid arguments starts unless memory runs out, which is fatal anyway.
        precondition(fs_deflate_init(&stream, Int32(max(0, min(9, level))), 15, 8) == Int32(FS_Z_OK), "zlib could not start deflating")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let status = finish(&stream, from: input, into: &output, with: CZlib.deflate)
        // deflateBound's room always holds the whole stream.
        precondition(status == Int32(FS_Z_STREAM_END), "zlib could not finish deflating")
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    /// Runs `step` (inflate or deflate) once over all of `input` into `output`, to the
    /// stream's end: the status it gives, `stream.total_out` the bytes it wrote.
    private static func finish(
        _ stream: inout fs_z_stream, from input: [UInt8], into output: inout [UInt8], with step: (UnsafeMutablePointer<fs_z_stream>, Int32) -> Int32
    ) -> Int32 {
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(clamping: source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(clamping: target.count)
                return step(&stream, Int32(FS_Z_FINISH))
            }
        }
    }
}
