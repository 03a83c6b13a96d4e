import ImageHeaders

extension Orientation {
    /// The bitmap as it must be shown: turned and flipped so that it stands upright.
    public func apply(to bitmap: Bitmap) -> Bitmap {
        guard self != .up, bitmap.width > 0, bitmap.height > 0 else { return bitmap }
        let (width, height) = orientedSize(width: bitmap.width, height: bitmap.height)
        let walk = Walk(self, width: bitmap.width, height: bitmap.height)
        let samples = [UInt8](unsafeUninitializedCapacity: bitmap.samples.count) { out, count in
            bitmap.samples.withUnsafeBytes { source in
                guard let input = source.baseAddress, let output = out.baseAddress else { return }
                let target = UnsafeMutableRawPointer(output)
                switch bitmap.layout {
                case .gray: walk.copy(UInt8.self, from: input, to: target, width: width, height: height)
                case .grayAlpha: walk.copy(UInt16.self, from: input, to: target, width: width, height: height)
                case .rgb: walk.copy((UInt8, UInt8, UInt8).self, from: input, to: target, width: width, height: height)
                case .rgba: walk.copy(UInt32.self, from: input, to: target, width: width, height: height)
                }
            }
            count = bitmap.samples.count
        }
        return Bitmap(width: width, height: height, layout: bitmap.layout, samples: samples)
    }

    /// Where each shown pixel comes from, in stored pixels: the one shown at (x, y) is stored at
    /// `origin + x × stepX + y × stepY`.
    private struct Walk {
        let origin: Int
        let stepX: Int
        let stepY: Int
        /// Turning a quarter reads the source across its rows; small tiles keep those reads
        /// within the cache.
        let tile: Int

        init(_ orientation: Orientation, width: Int, height: Int) {
            let lastColumn = width - 1
            let lastRow = (height - 1) * width
            (origin, stepX, stepY) =
                switch orientation {
                case .up: (0, 1, width)
                case .upMirrored: (lastColumn, -1, width)
                case .down: (lastRow + lastColumn, -1, -width)
                case .downMirrored: (lastRow, 1, -width)
                case .leftMirrored: (0, width, 1)
                case .right: (lastRow, -width, 1)
                case .rightMirrored: (lastRow + lastColumn, -width, -1)
                case .left: (lastColumn, width, -1)
                }
            tile = orientation.swapsWidthAndHeight ? 64 : Int.max
        }

        func copy<Pixel: BitwiseCopyable>(_: Pixel.Type, from input: UnsafeRawPointer, to output: UnsafeMutableRawPointer, width: Int, height: Int) {
            let size = MemoryLayout<Pixel>.size
            var tileTop = 0
            while tileTop < height {
                let tileBottom = min(height, tileTop + min(tile, height))
                var tileLeft = 0
                while tileLeft < width {
                    let tileRight = min(width, tileLeft + min(tile, width))
                    for y in tileTop..<tileBottom {
                        var source = origin + tileLeft * stepX + y * stepY
                        var target = y * width + tileLeft
                        for _ in tileLeft..<tileRight {
                            output.storeBytes(
                                of: input.loadUnaligned(fromByteOffset: source * size, as: Pixel.self), toByteOffset: target * size, as: Pixel.self)
                            source += stepX
                            target += 1
                        }
                    }
                    tileLeft = tileRight
                }
                tileTop = tileBottom
            }
        }
    }
}
