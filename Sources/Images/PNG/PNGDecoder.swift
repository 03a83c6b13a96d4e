import Deflate
/// Reads PNG files: every colour type and bit depth, interlaced or not, with transparency,
/// into 8-bit bitmaps. Gamma and colour chunks other than the ICC profile are not applied.
public enum PNGDecoder {
    /// The largest ICC profile read; a bigger one is no profile a camera or editor writes.
    static let maxICCProfileBytes = 4 << 20
    /// Deflate turns one byte into at most 1,032 (a 258-byte match in two bits), so less image
    /// data than the picture's size over this cannot fill it.
    private static let maxDeflateRatio = 1_032
    private static let exifPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The size of the picture and whether it has transparency (an alpha channel, or a tRNS
    /// chunk that makes some pixel less than opaque), read from the chunks before the image
    /// data: what follows them is not read, so a file cut short in its image data has a header.
    public static func header(_ bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int, hasAlpha: Bool) {
        var reader = try PNGChunkReader(bytes)
        let header = try readHeader(&reader)
        var hasAlpha = header.colourType == .grayAlpha || header.colourType == .rgba
        while !hasAlpha, let type = reader.peekType(), type != PNGChunk.IDAT, type != PNGChunk.IEND, let chunk = try reader.next() {
            if chunk.type == PNGChunk.tRNS {
                hasAlpha = header.colourType == .palette ? bytes[chunk.data].contains { $0 < 255 } : true
            }
        }
        return (header.width, header.height, hasAlpha)
    }

    /// The picture in `bytes`, refused with `.tooManyPixels` before anything is decoded if it
    /// has more than `maxPixels` pixels. Grey stays grey; a palette becomes RGB, or RGBA when
    /// tRNS makes an entry less than opaque; a transparent key colour adds an alpha channel.
    public static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> PNGPicture {
        var reader = try PNGChunkReader(bytes)
        let header = try readHeader(&reader)
        // Each side is under 2³¹, so the product cannot overflow.
        guard header.width * header.height <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        var palette: ArraySlice<UInt8>?
        var transparency: ArraySlice<UInt8>?
        var iccProfile: [UInt8]?
        var exif: [UInt8]?
        // The image data is inflated a row at a time once every chunk is read; until then the
        // inflater holds the IDAT chunks' data as slices of the file, not copies.
        let imageData: Zlib.Inflater
        do {
            imageData = try Zlib.Inflater()
        } catch {
            throw .malformed("the image data: \(error)")
        }
        var imageDataBytes = 0
        var imageDataStarted = false
        var imageDataEnded = false
        chunks: while true {
            guard let chunk = try reader.next() else { throw .malformed("the file ends before its IEND chunk") }
            let data = bytes[chunk.data]
            if chunk.type == PNGChunk.IDAT {
                guard !imageDataEnded else { throw .malformed("IDAT chunks apart from each other") }
                imageDataStarted = true
                imageData.append(data)
                imageDataBytes += data.count
                continue
            }
            imageDataEnded = imageDataStarted
            switch chunk.type {
            case PNGChunk.IEND:
                break chunks
            case PNGChunk.IHDR:
                throw .malformed("a second IHDR chunk")
            case PNGChunk.PLTE:
                guard !imageDataStarted, palette == nil else { throw .malformed("a PLTE chunk out of place") }
                guard header.colourType != .gray && header.colourType != .grayAlpha else { throw .malformed("a palette in a grey picture") }
                guard data.count % 3 == 0, (3...768).contains(data.count) else { throw .malformed("a palette of \(data.count) bytes") }
                palette = data
            case PNGChunk.tRNS:
                guard !imageDataStarted, transparency == nil else { throw .malformed("a tRNS chunk out of place") }
                transparency = try checkedTransparency(data, header: header, palette: palette)
            case PNGChunk.iCCP:
                if iccProfile == nil { iccProfile = try readICCProfile(data) }
            case PNGChunk.eXIf:
                // Some writers keep the "Exif\0\0" that starts the block in a JPEG.
                if exif == nil { exif = Array(data.starts(with: exifPrefix) ? data.dropFirst(exifPrefix.count) : data) }
            default:
                guard !PNGChunk.isCritical(chunk.type) else { throw .unsupported("the PNG chunk \(PNGChunk.name(chunk.type))") }
            }
        }
        guard imageDataStarted else { throw .malformed("no IDAT chunk") }
        if header.colourType == .palette && palette == nil { throw .malformed("a palette picture without its PLTE chunk") }
        let bitmap = try decodePixels(imageData, compressedBytes: imageDataBytes, header: header, palette: palette ?? [], transparency: transparency)
        return PNGPicture(bitmap: bitmap, iccProfile: iccProfile, exif: exif)
    }

    private static func readHeader(_ reader: inout PNGChunkReader) throws(ImageDecodingError) -> PNGHeader {
        guard let chunk = try reader.next(), chunk.type == PNGChunk.IHDR else { throw .malformed("the first chunk is not IHDR") }
        return try PNGHeader(reader.bytes[chunk.data])
    }

    /// tRNS's data if it suits the colour type; nil where it means nothing (a picture with
    /// an alpha channel already).
    private static func checkedTransparency(
        _ data: ArraySlice<UInt8>, header: PNGHeader, palette: ArraySlice<UInt8>?
    ) throws(ImageDecodingError) -> ArraySlice<UInt8>? {
        switch header.colourType {
        case .gray:
            guard data.count == 2 else { throw .malformed("a grey tRNS chunk of \(data.count) bytes") }
        case .rgb:
            guard data.count == 6 else { throw .malformed("an RGB tRNS chunk of \(data.count) bytes") }
        case .palette:
            guard let palette else { throw .malformed("a tRNS chunk before the palette") }
            guard data.count <= palette.count / 3 else { throw .malformed("more alpha values than palette entries") }
        case .grayAlpha, .rgba:
            return nil
        }
        return data
    }

    /// The inflated profile of an iCCP chunk: a name of 1 to 79 bytes, a zero, the
    /// compression method (0, zlib) and the zlib stream.
    private static func readICCProfile(_ data: ArraySlice<UInt8>) throws(ImageDecodingError) -> [UInt8] {
        guard let nameEnd = data.prefix(80).firstIndex(of: 0), nameEnd > data.startIndex, nameEnd + 1 < data.endIndex else {
            throw .malformed("an iCCP chunk without its profile's name")
        }
        guard data[nameEnd + 1] == 0 else { throw .malformed("iCCP compression method \(data[nameEnd + 1])") }
        do {
            return try Zlib.inflate(Array(data[(nameEnd + 2)...]), maxOutput: maxICCProfileBytes)
        } catch .tooLarge {
            throw .unsupported("an ICC profile over \(maxICCProfileBytes) bytes")
        } catch {
            throw .malformed("the ICC profile: \(error)")
        }
    }

    /// The bitmap of the image data in `imageData` (`compressedBytes` of it), inflated one
    /// scanline at a time into a row buffer and unfiltered against the row before: what is
    /// held besides the bitmap is two rows, however far the data inflates.
    private static func decodePixels(
        _ imageData: Zlib.Inflater, compressedBytes: Int, header: PNGHeader, palette: ArraySlice<UInt8>, transparency: ArraySlice<UInt8>?
    ) throws(ImageDecodingError) -> Bitmap {
        guard header.imageDataBytes <= compressedBytes * maxDeflateRatio + 1_024 else {
            throw .malformed("\(compressedBytes) bytes of image data cannot hold \(header.width) × \(header.height) pixels")
        }
        let expander = PNGRowExpander(header: header, palette: palette, transparency: transparency)
        let channels = expander.layout.channels
        var samples = [UInt8](repeating: 0, count: header.width * header.height * channels)
        let stride = max(1, header.bitsPerPixel / 8)
        // A row with its filter byte; no pass has rows wider than the picture's.
        let widest = 1 + header.rowBytes(pixels: header.width)
        var current = UnsafeMutablePointer<UInt8>.allocate(capacity: widest)
        var previous = UnsafeMutablePointer<UInt8>.allocate(capacity: widest)
        defer {
            current.deallocate()
            previous.deallocate()
        }
        let failure: ImageDecodingError? = samples.withUnsafeMutableBufferPointer { sampleBuffer in
            guard let out = sampleBuffer.baseAddress else { return nil }
            for pass in header.passes {
                let width = pass.width(of: header)
                let height = pass.height(of: header)
                guard width > 0 && height > 0 else { continue }
                let rowBytes = header.rowBytes(pixels: width)
                for y in 0..<height {
                    let read: Int
                    do {
                        read = try imageData.read(into: UnsafeMutableRawBufferPointer(start: current, count: rowBytes + 1))
                    } catch {
                        return .malformed("the image data: \(error)")
                    }
                    guard read == rowBytes + 1 else { return .malformed("the image data ends early") }
                    let filter = current[0]
                    let prior = y == 0 ? nil : UnsafePointer(previous + 1)
                    guard PNGFilter.unfilter(filter, row: current + 1, prior: prior, count: rowBytes, stride: stride) else {
                        return .malformed("filter type \(filter)")
                    }
                    let firstPixel = (pass.yStart + y * pass.yStep) * header.width + pass.xStart
                    expander.expand(current + 1, count: width, into: out + firstPixel * channels, step: pass.xStep)
                    swap(&current, &previous)
                }
            }
            // The stream must end with the picture's last row.
            do {
                guard try imageData.endsHere() else { return .malformed("more image data than \(header.width) × \(header.height) pixels") }
            } catch {
                return .malformed("the image data: \(error)")
            }
            return nil
        }
        if let failure { throw failure }
        return Bitmap(width: header.width, height: header.height, layout: expander.layout, samples: samples)
    }
}
