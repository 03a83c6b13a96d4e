/// Turns unfiltered rows of any colour type and bit depth into 8-bit samples of the
/// bitmap's layout: palette indices become their colours, a transparent key colour gets
/// alpha 0, 1-, 2- and 4-bit grey is stretched to 0…255 and 16-bit samples are rounded to
/// the nearest 8-bit value.
struct PNGRowExpander {
    private enum Kind {
        case graySubByte
        case gray8
        case gray16
        case grayAlpha8
        case grayAlpha16
        case rgb8
        case rgb16
        case rgba8
        case rgba16
        case palette
    }

    let layout: Bitmap.Layout
    private let kind: Kind
    private let bitDepth: Int
    /// The transparent colour's samples at the file's bit depth (one for grey, three for RGB).
    private let key: (UInt16, UInt16, UInt16)?
    /// 256 entries of RGBA; indices past the palette's end are opaque black.
    private let paletteTable: [UInt8]

    /// `palette` is PLTE's RGB triples, `transparency` tRNS's data, already checked to suit
    /// the colour type.
    init(header: PNGHeader, palette: ArraySlice<UInt8>, transparency: ArraySlice<UInt8>?) {
        bitDepth = header.bitDepth
        var table = [UInt8](repeating: 0, count: 1024)
        for index in 0..<256 { table[index * 4 + 3] = 255 }
        var key: (UInt16, UInt16, UInt16)?
        if let transparency {
            let t = Array(transparency)
            switch header.colourType {
            case .gray where t.count >= 2:
                let value = UInt16(t[0]) << 8 | UInt16(t[1])
                key = (value, value, value)
            case .rgb where t.count >= 6:
                key = (UInt16(t[0]) << 8 | UInt16(t[1]), UInt16(t[2]) << 8 | UInt16(t[3]), UInt16(t[4]) << 8 | UInt16(t[5]))
            default: break
            }
        }
        self.key = key
        var paletteHasAlpha = false
        if header.colourType == .palette {
            let colours = Array(palette)
            for index in 0..<min(256, colours.count / 3) {
                table[index * 4] = colours[index * 3]
                table[index * 4 + 1] = colours[index * 3 + 1]
                table[index * 4 + 2] = colours[index * 3 + 2]
            }
            for (index, alpha) in (transparency ?? []).prefix(256).enumerated() {
                table[index * 4 + 3] = alpha
                paletteHasAlpha = paletteHasAlpha || alpha < 255
            }
        }
        paletteTable = table
        switch (header.colourType, header.bitDepth) {
        case (.gray, 16): (kind, layout) = (.gray16, key == nil ? .gray : .grayAlpha)
        case (.gray, 8): (kind, layout) = (.gray8, key == nil ? .gray : .grayAlpha)
        case (.gray, _): (kind, layout) = (.graySubByte, key == nil ? .gray : .grayAlpha)
        case (.grayAlpha, 16): (kind, layout) = (.grayAlpha16, .grayAlpha)
        case (.grayAlpha, _): (kind, layout) = (.grayAlpha8, .grayAlpha)
        case (.rgb, 16): (kind, layout) = (.rgb16, key == nil ? .rgb : .rgba)
        case (.rgb, _): (kind, layout) = (.rgb8, key == nil ? .rgb : .rgba)
        case (.rgba, 16): (kind, layout) = (.rgba16, .rgba)
        case (.rgba, _): (kind, layout) = (.rgba8, .rgba)
        case (.palette, _): (kind, layout) = (.palette, paletteHasAlpha ? .rgba : .rgb)
        }
    }

    /// A 16-bit sample rounded to the nearest 8-bit one.
    @inline(__always)
    private static func eight(_ high: UInt8, _ low: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: ((UInt32(high) << 8 | UInt32(low)) &* 255 &+ 32767) / 65535)
    }

    /// Writes the `count` pixels of the unfiltered row at `source` to `target`, one pixel
    /// every `step` pixels of the bitmap.
    func expand(_ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>, step: Int) {
        let channels = layout.channels
        let stride = channels * step
        if step == 1, key == nil, kind == .gray8 || kind == .grayAlpha8 || kind == .rgb8 || kind == .rgba8 {
            // The file's samples are the bitmap's.
            target.update(from: source, count: count * channels)
            return
        }
        var out = target
        switch kind {
        case .graySubByte:
            let depth = bitDepth
            let mask = (1 << depth) - 1
            let scale = 255 / mask
            for x in 0..<count {
                let bit = x * depth
                let value = Int(source[bit >> 3]) >> (8 - depth - bit & 7) & mask
                out[0] = UInt8(truncatingIfNeeded: value * scale)
                if let key { out[1] = UInt16(value) == key.0 ? 0 : 255 }
                out += stride
            }
        case .gray8:
            for x in 0..<count {
                out[0] = source[x]
                if let key { out[1] = UInt16(source[x]) == key.0 ? 0 : 255 }
                out += stride
            }
        case .gray16:
            var s = source
            for _ in 0..<count {
                out[0] = Self.eight(s[0], s[1])
                if let key { out[1] = UInt16(s[0]) << 8 | UInt16(s[1]) == key.0 ? 0 : 255 }
                s += 2
                out += stride
            }
        case .grayAlpha8:
            var s = source
            for _ in 0..<count {
                out[0] = s[0]
                out[1] = s[1]
                s += 2
                out += stride
            }
        case .grayAlpha16:
            var s = source
            for _ in 0..<count {
                out[0] = Self.eight(s[0], s[1])
                out[1] = Self.eight(s[2], s[3])
                s += 4
                out += stride
            }
        case .rgb8:
            var s = source
            for _ in 0..<count {
                out[0] = s[0]
                out[1] = s[1]
                out[2] = s[2]
                if let key { out[3] = UInt16(s[0]) == key.0 && UInt16(s[1]) == key.1 && UInt16(s[2]) == key.2 ? 0 : 255 }
                s += 3
                out += stride
            }
        case .rgb16:
            var s = source
            for _ in 0..<count {
                out[0] = Self.eight(s[0], s[1])
                out[1] = Self.eight(s[2], s[3])
                out[2] = Self.eight(s[4], s[5])
                if let key {
                    let matches =
                        UInt16(s[0]) << 8 | UInt16(s[1]) == key.0 && UInt16(s[2]) << 8 | UInt16(s[3]) == key.1
                        && UInt16(s[4]) << 8 | UInt16(s[5]) == key.2
                    out[3] = matches ? 0 : 255
                }
                s += 6
                out += stride
            }
        case .rgba8:
            var s = source
            for _ in 0..<count {
                out[0] = s[0]
                out[1] = s[1]
                out[2] = s[2]
                out[3] = s[3]
                s += 4
                out += stride
            }
        case .rgba16:
            var s = source
            for _ in 0..<count {
                out[0] = Self.eight(s[0], s[1])
                out[1] = Self.eight(s[2], s[3])
                out[2] = Self.eight(s[4], s[5])
                out[3] = Self.eight(s[6], s[7])
                s += 8
                out += stride
            }
        case .palette:
            let depth = bitDepth
            let mask = (1 << depth) - 1
            paletteTable.withUnsafeBufferPointer { table in
                for x in 0..<count {
                    let bit = x * depth
                    let entry = (Int(source[bit >> 3]) >> (8 - depth - bit & 7) & mask) * 4
                    out[0] = table[entry]
                    out[1] = table[entry + 1]
                    out[2] = table[entry + 2]
                    if channels == 4 { out[3] = table[entry + 3] }
                    out += stride
                }
            }
        }
    }
}
