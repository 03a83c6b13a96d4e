/// Walks the coefficients one progressive scan sends and turns them into symbols and bits.
struct ScanEncoder {
    let planes: [CoefficientPlane]

    /// The Huffman table a component's symbols use: 0 for luma (or gray), 1 for chroma.
    static func table(ofComponent component: Int) -> Int { component == 0 ? 0 : 1 }

    /// Sends `scan` into `sink`.
    func encode(_ scan: ProgressiveScan, into sink: inout ScanSymbols) {
        if scan.isDC {
            encodeDC(scan, into: &sink)
        } else if scan.isRefinement {
            encodeACRefinement(scan, into: &sink)
        } else {
            encodeACFirst(scan, into: &sink)
        }
    }

    /// The blocks of a scan in the order it sends them, as (component, block index): MCU by
    /// MCU for several components, the component's own blocks row by row for one.
    func forEachBlock(of scan: ProgressiveScan, _ body: (Int, Int) -> Void) {
        if scan.components.count == 1 {
            let component = scan.components[0]
            let plane = planes[component]
            for row in 0..<plane.usedBlocksHigh {
                for column in 0..<plane.usedBlocksWide { body(component, row * plane.blocksWide + column) }
            }
            return
        }
        let first = planes[scan.components[0]]
        let mcusWide = first.blocksWide / first.horizontalSampling
        let mcusHigh = first.blocksHigh / first.verticalSampling
        for mcuRow in 0..<mcusHigh {
            for mcuColumn in 0..<mcusWide {
                for component in scan.components {
                    let plane = planes[component]
                    for v in 0..<plane.verticalSampling {
                        for h in 0..<plane.horizontalSampling {
                            body(component, (mcuRow * plane.verticalSampling + v) * plane.blocksWide + mcuColumn * plane.horizontalSampling + h)
                        }
                    }
                }
            }
        }
    }

    private func encodeDC(_ scan: ProgressiveScan, into sink: inout ScanSymbols) {
        var predictions = [Int](repeating: 0, count: planes.count)
        let shift = scan.successiveLow
        forEachBlock(of: scan) { component, block in
            let value = Int(planes[component].coefficients[block * 64]) >> shift
            if scan.isRefinement {
                sink.emit(bits: UInt32(value & 1), count: 1)
                return
            }
            let difference = value - predictions[component]
            predictions[component] = value
            let size = Self.bitLength(abs(difference))
            sink.emit(symbol: size, table: Self.table(ofComponent: component))
            if size > 0 { sink.emit(bits: UInt32(truncatingIfNeeded: difference < 0 ? difference - 1 : difference), count: size) }
        }
    }

    /// A band's first scan: each nonzero coefficient as a run of zeros and a size, then its
    /// bits; blocks whose band ends in zeros are gathered into runs of end-of-band.
    private func encodeACFirst(_ scan: ProgressiveScan, into sink: inout ScanSymbols) {
        let component = scan.components[0]
        let table = Self.table(ofComponent: component)
        var endOfBandRun = 0
        planes[component].coefficients.withUnsafeBufferPointer { coefficients in
            forEachBlock(of: scan) { _, block in
                let base = coefficients.baseAddress! + block * 64
                var run = 0
                for k in scan.spectralStart...scan.spectralEnd {
                    let coefficient = Int(base[k])
                    let magnitude = abs(coefficient) >> scan.successiveLow
                    if magnitude == 0 {
                        run += 1
                        continue
                    }
                    Self.sendEndOfBandRun(&endOfBandRun, table: table, into: &sink)
                    while run > 15 {
                        sink.emit(symbol: 0xF0, table: table)
                        run -= 16
                    }
                    let size = Self.bitLength(magnitude)
                    sink.emit(symbol: run << 4 | size, table: table)
                    sink.emit(bits: UInt32(truncatingIfNeeded: coefficient < 0 ? ~magnitude : magnitude), count: size)
                    run = 0
                }
                if run > 0 {
                    endOfBandRun += 1
                    if endOfBandRun == 0x7FFF { Self.sendEndOfBandRun(&endOfBandRun, table: table, into: &sink) }
                }
            }
        }
        Self.sendEndOfBandRun(&endOfBandRun, table: table, into: &sink)
    }

    /// A band's later scan, one more bit of each coefficient: coefficients that become
    /// nonzero now are coded as in a first scan (their size is always 1, then their sign);
    /// those already nonzero send their new bit bare, after the next symbol that passes them
    /// or after the run of end-of-band that covers them.
    private func encodeACRefinement(_ scan: ProgressiveScan, into sink: inout ScanSymbols) {
        let component = scan.components[0]
        let table = Self.table(ofComponent: component)
        var endOfBandRun = 0
        // The bare bits of the blocks inside the pending run of end-of-band, a block's bits (at
        // most 63) a word each. A run is sent early once they pass `runBitsLimit`, to keep
        // this small.
        let runBitsLimit = 1024 - 64
        var runBits = BareBits(capacity: runBitsLimit + 64)
        defer { runBits.deallocate() }
        let magnitudes = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        defer { magnitudes.deallocate() }
        planes[component].coefficients.withUnsafeBufferPointer { coefficients in
            forEachBlock(of: scan) { _, block in
                let base = coefficients.baseAddress! + block * 64
                var lastNew = -1
                // The last coefficient with anything to send: the zeros after it are all in
                // the end-of-band, and the loop below stops there (BENCHMARKS.md, "What each
                // trick buys", "a refinement scan stops at a block's last coefficient").
                var last = scan.spectralStart - 1
                for k in scan.spectralStart...scan.spectralEnd {
                    let magnitude = abs(Int(base[k])) >> scan.successiveLow
                    magnitudes[k] = magnitude
                    if magnitude == 1 { lastNew = k }
                    if magnitude != 0 { last = k }
                }
                var run = 0
                // The current block's bare bits since its last symbol.
                var blockBits: UInt64 = 0
                var blockBitCount = 0
                for k in scan.spectralStart..<(last + 1) {
                    let magnitude = magnitudes[k]
                    if magnitude == 0 {
                        run += 1
                        continue
                    }
                    // Sixteen zeros are sent as such only when a new coefficient follows them;
                    // otherwise the end-of-band covers them.
                    while run > 15 && k <= lastNew {
                        Self.sendEndOfBandRun(&endOfBandRun, bits: &runBits, table: table, into: &sink)
                        sink.emit(symbol: 0xF0, table: table)
                        run -= 16
                        Self.send(blockBits, count: blockBitCount, into: &sink)
                        blockBitCount = 0
                    }
                    if magnitude > 1 {
                        blockBits = blockBits << 1 | UInt64(magnitude & 1)
                        blockBitCount += 1
                        continue
                    }
                    Self.sendEndOfBandRun(&endOfBandRun, bits: &runBits, table: table, into: &sink)
                    sink.emit(symbol: run << 4 | 1, table: table)
                    sink.emit(bits: base[k] < 0 ? 0 : 1, count: 1)
                    Self.send(blockBits, count: blockBitCount, into: &sink)
                    blockBitCount = 0
                    run = 0
                }
                if run > 0 || blockBitCount > 0 || last < scan.spectralEnd {
                    endOfBandRun += 1
                    runBits.append(blockBits, count: blockBitCount)
                    if endOfBandRun == 0x7FFF || runBits.total > runBitsLimit {
                        Self.sendEndOfBandRun(&endOfBandRun, bits: &runBits, table: table, into: &sink)
                    }
                }
            }
        }
        Self.sendEndOfBandRun(&endOfBandRun, bits: &runBits, table: table, into: &sink)
    }

    /// Bare bits waiting for the end-of-band run that covers their blocks: a block's bits
    /// (at most 63) a word each, in a buffer made once per scan.
    private struct BareBits {
        private let words: UnsafeMutablePointer<UInt64>
        private let counts: UnsafeMutablePointer<Int>
        private let capacity: Int
        private var used = 0
        /// How many bits wait.
        private(set) var total = 0

        init(capacity: Int) {
            self.capacity = capacity
            words = .allocate(capacity: capacity)
            counts = .allocate(capacity: capacity)
        }

        func deallocate() {
            words.deallocate()
            counts.deallocate()
        }

        /// Keeps the low `count` bits of `bits`; a caller sends them before `total` passes the capacity.
        mutating func append(_ bits: UInt64, count: Int) {
            guard count > 0 else { return }
            precondition(used < capacity, "bare bits are sent before they fill the buffer")
            words[used] = bits
            counts[used] = count
            used += 1
            total += count
        }

        mutating func send(into sink: inout ScanSymbols) {
            for index in 0..<used { ScanEncoder.send(words[index], count: counts[index], into: &sink) }
            used = 0
            total = 0
        }
    }

    /// Sends a pending run of end-of-band (its size as the symbol, then its low bits), and
    /// after it the bare bits of the blocks it covers.
    private static func sendEndOfBandRun(_ run: inout Int, bits: inout BareBits, table: Int, into sink: inout ScanSymbols) {
        sendEndOfBandRun(&run, table: table, into: &sink)
        bits.send(into: &sink)
    }

    private static func sendEndOfBandRun(_ run: inout Int, table: Int, into sink: inout ScanSymbols) {
        guard run > 0 else { return }
        let size = bitLength(run) - 1
        sink.emit(symbol: size << 4, table: table)
        if size > 0 { sink.emit(bits: UInt32(run), count: size) }
        run = 0
    }

    /// Sends the low `count` bits of `bits` (at most 64), the highest first, 16 at a time.
    @inline(__always)
    private static func send(_ bits: UInt64, count: Int, into sink: inout ScanSymbols) {
        var remaining = count
        while remaining > 0 {
            let piece = (remaining - 1) % 16 + 1
            remaining -= piece
            sink.emit(bits: UInt32(truncatingIfNeeded: bits >> UInt64(remaining)), count: piece)
        }
    }

    /// The number of bits `value` (≥ 0) needs: its size category.
    @inline(__always)
    static func bitLength(_ value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }
}
