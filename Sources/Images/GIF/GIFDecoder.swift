/// Decodes the first image of a GIF (87a or 89a), composited on the logical screen.
///
/// The bitmap is the logical screen's size. Pixels the first image does not cover, and pixels of
/// the graphic control extension's transparent index, are transparent (all four samples 0): the
/// bitmap is rgba then, and rgb when no pixel is transparent. Later images of an animation, and
/// every extension but the first image's graphic control, are skipped unread.
public enum GIFDecoder {
    /// The logical screen's size, read from the first 13 bytes.
    public static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        guard bytes.count >= 6, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { throw .malformed("no GIF signature") }
        guard bytes[3] == 0x38, bytes[4] == 0x37 || bytes[4] == 0x39, bytes[5] == 0x61 else {
            throw .unsupported("GIF version \(String(decoding: bytes[3..<6], as: UTF8.self).debugDescription)")
        }
        guard bytes.count >= 13 else { throw .malformed("the GIF ends inside its screen descriptor") }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        guard width > 0, height > 0 else { throw .malformed("the GIF's screen is \(width) × \(height)") }
        return (width, height)
    }

    /// The first image on its logical screen; `.tooManyPixels` before anything is allocated when
    /// the screen, or the image itself, has more than `maxPixels` pixels.
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
        let (width, height) = try header(bytes)
        guard width * height <= maxPixels else { throw .tooManyPixels(width: width, height: height, limit: maxPixels) }
        var reader = Reader(bytes: bytes, position: 13)

        let screenFlags = bytes[10]
        var globalTable: ArraySlice<UInt8>?
        if screenFlags & 0x80 != 0 { globalTable = try reader.take(3 << (Int(screenFlags & 7) + 1), "its global colour table") }

        var transparentIndex: Int?
        while true {
            switch try reader.byte("a block") {
            case 0x21:
                let label = try reader.byte("an extension")
                if label == 0xF9 {
                    let block = try reader.subBlock()
                    // The flags' lowest bit says the fourth byte is a transparent index.
                    if block.count >= 4, block[block.startIndex] & 1 != 0 { transparentIndex = Int(block[block.startIndex + 3]) }
                }
                try reader.skipSubBlocks()
            case 0x2C:
                return try decodeImage(
                    reader: &reader, screen: (width, height), globalTable: globalTable, transparentIndex: transparentIndex, maxPixels: maxPixels)
            case 0x3B:
                throw .malformed("the GIF holds no image")
            case let other:
                throw .malformed("unknown GIF block 0x\(String(other, radix: 16))")
            }
        }
    }

    private static func decodeImage(
        reader: inout Reader, screen: (width: Int, height: Int), globalTable: ArraySlice<UInt8>?, transparentIndex: Int?, maxPixels: Int
    ) throws(ImageDecodingError) -> Bitmap {
        let descriptor = try reader.take(9, "its image descriptor")
        func field(_ offset: Int) -> Int { Int(descriptor[descriptor.startIndex + offset]) | Int(descriptor[descriptor.startIndex + offset + 1]) << 8 }
        let (left, top, frameWidth, frameHeight) = (field(0), field(2), field(4), field(6))
        let flags = descriptor[descriptor.startIndex + 8]
        guard frameWidth * frameHeight <= maxPixels else { throw .tooManyPixels(width: frameWidth, height: frameHeight, limit: maxPixels) }
        var colours = globalTable
        if flags & 0x80 != 0 { colours = try reader.take(3 << (Int(flags & 7) + 1), "its local colour table") }
        guard let colours else { throw .malformed("the GIF has no colour table") }
        let interlaced = flags & 0x40 != 0
        let minimumCodeSize = Int(try reader.byte("its LZW code size"))
        guard (1...8).contains(minimumCodeSize) else { throw .malformed("LZW code size \(minimumCodeSize)") }
        let data = try reader.joinedSubBlocks()

        // The part of the image on the screen: the rest is decoded and dropped.
        let visibleColumns = max(0, min(frameWidth, screen.width - left))
        let visibleRows = max(0, min(frameHeight, screen.height - top))
        let coversScreen = left == 0 && top == 0 && visibleColumns == screen.width && visibleRows == screen.height
        let palette = Palette(colours: colours, transparentIndex: transparentIndex)
        let layout: Bitmap.Layout = coversScreen && transparentIndex == nil ? .rgb : .rgba
        var samples = [UInt8](repeating: 0, count: screen.width * screen.height * layout.channels)

        if visibleColumns > 0 && visibleRows > 0 {
            let decoder = GIFLZWDecoder(data: data, minimumCodeSize: minimumCodeSize)
            var row = [UInt8](repeating: 0, count: frameWidth)
            var rowsLeft = visibleRows
            var decodedRows = 0
            try samples.withUnsafeMutableBufferPointer { (samples) throws(ImageDecodingError) in
                guard let screenStart = samples.baseAddress else { return }
                try row.withUnsafeMutableBufferPointer { (row) throws(ImageDecodingError) in
                    for frameRow in RowOrder(height: frameHeight, interlaced: interlaced) {
                        guard try decoder.fill(row) == frameWidth else {
                            throw .malformed("the GIF's image data ends after \(decodedRows) of \(frameHeight) rows")
                        }
                        decodedRows += 1
                        guard frameRow < visibleRows else { continue }
                        let start = ((top + frameRow) * screen.width + left) * layout.channels
                        palette.paint(UnsafeBufferPointer(rebasing: row[0..<visibleColumns]), into: screenStart + start, channels: layout.channels)
                        rowsLeft -= 1
                        if rowsLeft == 0 { break }
                    }
                }
            }
        }
        if layout == .rgba && coversScreen && !samples.withUnsafeBufferPointer(Self.hasTransparentPixel) {
            return Bitmap(width: screen.width, height: screen.height, layout: .rgb, samples: Self.droppingAlpha(samples))
        }
        return Bitmap(width: screen.width, height: screen.height, layout: layout, samples: samples)
    }

    private static func hasTransparentPixel(_ rgba: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 3
        while index < rgba.count {
            if rgba[index] == 0 { return true }
            index += 4
        }
        return false
    }

    private static func droppingAlpha(_ rgba: [UInt8]) -> [UInt8] {
        let pixels = rgba.count / 4
        return [UInt8](unsafeUninitializedCapacity: pixels * 3) { rgb, count in
            rgba.withUnsafeBufferPointer { rgba in
                for pixel in 0..<pixels {
                    rgb[pixel * 3] = rgba[pixel * 4]
                    rgb[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                    rgb[pixel * 3 + 2] = rgba[pixel * 4 + 2]
                }
            }
            count = pixels * 3
        }
    }
}

extension GIFDecoder {
    /// The colour table as four samples per index, 256 of them: indices past the table's end are
    /// opaque black, the transparent index is all zeros.
    fileprivate struct Palette {
        var rgba = [UInt8](repeating: 0, count: 256 * 4)

        init(colours: ArraySlice<UInt8>, transparentIndex: Int?) {
            for index in 0..<256 {
                let source = colours.startIndex + index * 3
                if source + 2 < colours.endIndex {
                    rgba[index * 4] = colours[source]
                    rgba[index * 4 + 1] = colours[source + 1]
                    rgba[index * 4 + 2] = colours[source + 2]
                }
                rgba[index * 4 + 3] = 255
            }
            if let transparentIndex { rgba.replaceSubrange(transparentIndex * 4..<transparentIndex * 4 + 4, with: [0, 0, 0, 0]) }
        }

        /// Writes one row's colours, `channels` (3 or 4) samples a pixel.
        func paint(_ indices: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, channels: Int) {
            rgba.withUnsafeBufferPointer { rgba in
                var target = out
                if channels == 4 {
                    for index in indices {
                        let source = Int(index) * 4
                        target[0] = rgba[source]
                        target[1] = rgba[source + 1]
                        target[2] = rgba[source + 2]
                        target[3] = rgba[source + 3]
                        target += 4
                    }
                } else {
                    for index in indices {
                        let source = Int(index) * 4
                        target[0] = rgba[source]
                        target[1] = rgba[source + 1]
                        target[2] = rgba[source + 2]
                        target += 3
                    }
                }
            }
        }
    }

    /// The image's rows in the order the data holds them: top to bottom, or interlaced in four
    /// passes (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    fileprivate struct RowOrder: Sequence, IteratorProtocol {
        private static let passes: [(start: Int, step: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]
        let height: Int
        let interlaced: Bool
        private var pass = 0
        private var row = 0

        init(height: Int, interlaced: Bool) {
            self.height = height
            self.interlaced = interlaced
        }

        mutating func next() -> Int? {
            guard interlaced else {
                defer { row += 1 }
                return row < height ? row : nil
            }
            while pass < Self.passes.count {
                let current = Self.passes[pass].start + row * Self.passes[pass].step
                if current < height {
                    row += 1
                    return current
                }
                pass += 1
                row = 0
            }
            return nil
        }
    }

    /// Reads the blocks after the screen descriptor; every read is checked against the end.
    fileprivate struct Reader {
        let bytes: [UInt8]
        var position: Int

        mutating func byte(_ what: String) throws(ImageDecodingError) -> UInt8 {
            guard position < bytes.count else { throw .malformed("the GIF ends before \(what)") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func take(_ count: Int, _ what: String) throws(ImageDecodingError) -> ArraySlice<UInt8> {
            guard count <= bytes.count - position else { throw .malformed("the GIF ends inside \(what)") }
            defer { position += count }
            return bytes[position..<position + count]
        }

        /// One data sub-block: a length byte, then that many bytes; empty for the terminator.
        mutating func subBlock() throws(ImageDecodingError) -> ArraySlice<UInt8> {
            let count = Int(try byte("a data sub-block"))
            return try take(count, "a data sub-block")
        }

        mutating func skipSubBlocks() throws(ImageDecodingError) {
            while try !subBlock().isEmpty {}
        }

        mutating func joinedSubBlocks() throws(ImageDecodingError) -> [UInt8] {
            var joined: [UInt8] = []
            while true {
                // A file that ends early is forgiven here: whether the data holds enough
                // pixels decides.
                guard position < bytes.count else { return joined }
                let count = Int(bytes[position])
                if count == 0 {
                    position += 1
                    return joined
                }
                let end = min(position + 1 + count, bytes.count)
                joined.append(contentsOf: bytes[position + 1..<end])
                position = end
            }
        }
    }
}
