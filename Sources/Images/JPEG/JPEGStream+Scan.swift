import ImageHeaders

extension JPEGStream {
    /// Reads a scan's header from `content` and decodes the entropy-coded data that follows:
    /// a sequential scan straight into its components' samples, a progressive one into their
    /// coefficients.
    mutating func decodeScan(_ content: Range<Int>) throws(ImageDecodingError) {
        guard !components.isEmpty else { throw .malformed("a scan before the frame header") }
        // Every scan may visit every block, so their number bounds the time a file can take.
        guard scansDecoded < Self.maxScans else { throw .unsupported("JPEG of more than \(Self.maxScans) scans") }
        let scan = try readScanHeader(content)
        for index in scan.components { components[index].dcPrediction = 0 }
        endOfBandRun = 0
        var reader = JPEGBitReader(position: position)
        let single = scan.components.count == 1
        let first = components[scan.components[0]]
        let mcusAcross = single ? first.blocksWide : mcusPerLine
        let mcusDown = single ? first.blocksHigh : mcusPerColumn
        // What each block of the scan needs, looked up once: its component, tables and transform.
        let members = scan.components.map { components[$0] }
        let dcTables = members.map { self.dcTables[$0.dcTable] }
        let acTables = members.map { self.acTables[$0.acTable] }
        let transforms = members.map { JPEGInverseDCT(size: $0.blockSize) }
        let progressive = coding == .progressive
        // Scratch and tables the loop reads without bounds checks, freed when the scan ends.
        let quantization = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8 * members.count)
        quantization.initialize(repeating: SIMD8<Float>(), count: 8 * members.count)
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        let rows = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
        let zigzag = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        zigzag.initialize(from: ZigZag.naturalIndex, count: 64)
        defer {
            quantization.deallocate()
            block.deallocate()
            rows.deallocate()
            zigzag.deallocate()
        }
        if !progressive {
            for (n, member) in members.enumerated() {
                guard let table = quantizationTables[member.quantizationTable] else { throw .malformed("a component's quantization table is missing") }
                (quantization + 8 * n).update(from: table, count: 8)
            }
        }
        let interval = restartInterval
        var untilRestart = interval
        let data = bytes
        let failure: ImageDecodingError? = data.withUnsafeBufferPointer { bytes in
            for mcuRow in 0..<mcusDown {
                for mcuColumn in 0..<mcusAcross {
                    if interval > 0 {
                        if untilRestart == 0 {
                            guard reader.restart(bytes) else { return .malformed("a restart marker is missing") }
                            for member in members { member.dcPrediction = 0 }
                            endOfBandRun = 0
                            untilRestart = interval
                        }
                        untilRestart -= 1
                    }
                    for (n, component) in members.enumerated() {
                        let (across, down) = single ? (1, 1) : (component.horizontalSampling, component.verticalSampling)
                        for y in 0..<down {
                            for x in 0..<across {
                                let blockRow = single ? mcuRow : mcuRow * down + y
                                let blockColumn = single ? mcuColumn : mcuColumn * across + x
                                if progressive {
                                    let target = component.coefficients.baseAddress! + (blockRow * component.blocksPerLine + blockColumn) * 64
                                    guard decodeProgressive(scan, component, dcTables[n], acTables[n], target, zigzag, &reader, bytes) else {
                                        return .malformed("the image data is corrupt")
                                    }
                                } else {
                                    block.update(repeating: 0, count: 64)
                                    guard let dc = dcTables[n], let ac = acTables[n], decodeSequential(component, dc, ac, block, zigzag, &reader, bytes) else {
                                        return .malformed("the image data is corrupt")
                                    }
                                    let size = component.blockSize
                                    let output = component.samples.baseAddress! + blockRow * size * component.stride + blockColumn * size
                                    transforms[n].transform(block, quantization: quantization + 8 * n, into: output, stride: component.stride, rows: rows)
                                }
                            }
                        }
                    }
                    if reader.isOverrun { return .malformed("the image data ends early") }
                }
            }
            return nil
        }
        if let failure { throw failure }
        for index in scan.components { components[index].wasScanned = true }
        position = reader.position
        scansDecoded += 1
    }

    private func readScanHeader(_ content: Range<Int>) throws(ImageDecodingError) -> Scan {
        guard content.count >= 1 else { throw .malformed("a scan header too short") }
        let count = Int(bytes[content.lowerBound])
        guard (1...4).contains(count), content.count == 4 + 2 * count else { throw .malformed("a scan header of the wrong length") }
        var indices: [Int] = []
        var blocksPerMCU = 0
        for n in 0..<count {
            let at = content.lowerBound + 1 + 2 * n
            guard let index = components.firstIndex(where: { $0.id == bytes[at] }), !indices.contains(index) else {
                throw .malformed("a scan names a component the frame lacks")
            }
            indices.append(index)
            components[index].dcTable = Int(bytes[at + 1] >> 4)
            components[index].acTable = Int(bytes[at + 1] & 15)
            blocksPerMCU += components[index].horizontalSampling * components[index].verticalSampling
        }
        guard count == 1 || blocksPerMCU <= 10 else { throw .malformed("a scan's MCU holds more than 10 blocks") }
        let at = content.upperBound - 3
        let scan = Scan(
            components: indices, spectralStart: Int(bytes[at]), spectralEnd: Int(bytes[at + 1]),
            approximationHigh: Int(bytes[at + 2] >> 4), approximationLow: Int(bytes[at + 2] & 15))
        let isDC = scan.spectralStart == 0
        if coding == .progressive {
            guard isDC ? scan.spectralEnd == 0 : (scan.spectralStart <= scan.spectralEnd && scan.spectralEnd <= 63 && count == 1),
                scan.approximationLow <= 13
            else { throw .malformed("a progressive scan's band is out of range") }
        }
        for index in indices {
            let needsDC = coding == .sequential || (isDC && scan.approximationHigh == 0)
            let needsAC = coding == .sequential || !isDC
            let component = components[index]
            guard component.dcTable < 4, component.acTable < 4 else { throw .malformed("a scan names a Huffman table out of range") }
            if needsDC && dcTables[component.dcTable] == nil || needsAC && acTables[component.acTable] == nil {
                throw .malformed("a scan uses a Huffman table not defined")
            }
        }
        return scan
    }

    /// Decodes one block of a sequential scan into `block`; false when the data is no valid code.
    @inline(__always)
    private func decodeSequential(
        _ component: JPEGComponent, _ dc: JPEGHuffmanTable, _ ac: JPEGHuffmanTable, _ block: UnsafeMutablePointer<Int16>, _ zigzag: UnsafePointer<Int>,
        _ reader: inout JPEGBitReader, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let size = reader.symbol(dc, bytes), size <= 16 else { return false }
        component.dcPrediction &+= reader.signed(size, bytes)
        block[0] = Int16(truncatingIfNeeded: component.dcPrediction)
        var k = 1
        while k < 64 {
            guard let symbol = reader.symbol(ac, bytes) else { return false }
            let run = symbol >> 4
            let size = symbol & 15
            if size == 0 {
                if run != 15 { break }
                k += 16
                continue
            }
            k += run
            guard k < 64 else { return false }
            block[zigzag[k]] = Int16(truncatingIfNeeded: reader.signed(size, bytes))
            k += 1
        }
        return true
    }

    /// Decodes one block's share of a progressive scan into `coefficients`; false when the data
    /// is no valid code.
    @inline(__always)
    private mutating func decodeProgressive(
        _ scan: Scan, _ component: JPEGComponent, _ dc: JPEGHuffmanTable?, _ ac: JPEGHuffmanTable?, _ coefficients: UnsafeMutablePointer<Int16>,
        _ zigzag: UnsafePointer<Int>, _ reader: inout JPEGBitReader, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let low = scan.approximationLow
        if scan.spectralStart == 0 {
            if scan.approximationHigh == 0 {
                guard let dc, let size = reader.symbol(dc, bytes), size <= 16 else { return false }
                component.dcPrediction &+= reader.signed(size, bytes)
                coefficients[0] = Int16(truncatingIfNeeded: component.dcPrediction << Int32(low))
            } else if reader.bits(1, bytes) == 1 {
                coefficients[0] |= Int16(truncatingIfNeeded: 1 << low)
            }
            return true
        }
        guard let ac else { return false }
        let end = scan.spectralEnd
        var k = scan.spectralStart
        if scan.approximationHigh == 0 {
            if endOfBandRun > 0 {
                endOfBandRun -= 1
                return true
            }
            while k <= end {
                guard let symbol = reader.symbol(ac, bytes) else { return false }
                let run = symbol >> 4
                let size = symbol & 15
                if size == 0 {
                    if run < 15 {
                        endOfBandRun = (1 << run) - 1 + Int(reader.bits(run, bytes))
                        break
                    }
                    k += 16
                    continue
                }
                k += run
                guard k <= end else { return false }
                coefficients[zigzag[k]] = Int16(truncatingIfNeeded: reader.signed(size, bytes) << Int32(low))
                k += 1
            }
            return true
        }
        // A refining scan: one more bit of every coefficient already seen, and the coefficients
        // that become non-zero at this bit, each after a run of still-zero ones.
        let plus = Int16(truncatingIfNeeded: 1 << low)
        let minus = Int16(truncatingIfNeeded: -1 << low)
        if endOfBandRun == 0 {
            while k <= end {
                guard let symbol = reader.symbol(ac, bytes) else { return false }
                var run = symbol >> 4
                let size = symbol & 15
                var value: Int16 = 0
                if size != 0 {
                    guard size == 1 else { return false }
                    value = reader.bits(1, bytes) == 1 ? plus : minus
                } else if run != 15 {
                    endOfBandRun = (1 << run) + Int(reader.bits(run, bytes))
                    break
                }
                while k <= end {
                    let z = zigzag[k]
                    if coefficients[z] != 0 {
                        refine(&coefficients[z], plus: plus, minus: minus, &reader, bytes)
                    } else {
                        if run == 0 {
                            if value != 0 { coefficients[z] = value }
                            k += 1
                            break
                        }
                        run -= 1
                    }
                    k += 1
                }
            }
        }
        if endOfBandRun > 0 {
            while k <= end {
                let z = zigzag[k]
                if coefficients[z] != 0 { refine(&coefficients[z], plus: plus, minus: minus, &reader, bytes) }
                k += 1
            }
            endOfBandRun -= 1
        }
        return true
    }

    @inline(__always)
    private func refine(_ coefficient: inout Int16, plus: Int16, minus: Int16, _ reader: inout JPEGBitReader, _ bytes: UnsafeBufferPointer<UInt8>) {
        if reader.bits(1, bytes) == 1 && coefficient & plus == 0 {
            coefficient &+= coefficient >= 0 ? plus : minus
        }
    }

    /// A progressive frame's coefficients, gathered over every scan, transformed into samples.
    func transformCoefficients() throws(ImageDecodingError) {
        guard components.allSatisfy({ quantizationTables[$0.quantizationTable] != nil }) else {
            throw .malformed("a component's quantization table is missing")
        }
        var rows = [SIMD8<Float>](repeating: SIMD8<Float>(), count: 8)
        rows.withUnsafeMutableBufferPointer { rows in
            for component in components {
                guard let table = quantizationTables[component.quantizationTable] else { continue }
                let idct = JPEGInverseDCT(size: component.blockSize)
                let size = component.blockSize
                table.withUnsafeBufferPointer { table in
                    for blockRow in 0..<component.blocksPerColumn {
                        for blockColumn in 0..<component.blocksPerLine {
                            let block = component.coefficients.baseAddress! + (blockRow * component.blocksPerLine + blockColumn) * 64
                            let output = component.samples.baseAddress! + blockRow * size * component.stride + blockColumn * size
                            idct.transform(block, quantization: table.baseAddress!, into: output, stride: component.stride, rows: rows.baseAddress!)
                        }
                    }
                }
            }
        }
    }
}
