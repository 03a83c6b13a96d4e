/// One scan of a progressive JPEG: which components, which band of coefficients (in zigzag
/// positions), and which bits of them (successive approximation).
struct ProgressiveScan: Equatable, Sendable {
    /// Indexes into the frame's components.
    let components: [Int]
    let spectralStart: Int
    let spectralEnd: Int
    /// The bit position the previous scan of this band stopped at; 0 for a band's first scan.
    let successiveHigh: Int
    /// The lowest bit this scan sends.
    let successiveLow: Int

    var isDC: Bool { spectralStart == 0 }
    var isRefinement: Bool { successiveHigh != 0 }
    /// Whether the scan codes symbols with Huffman tables: every scan but a DC refinement,
    /// which sends bare bits.
    var usesHuffmanTables: Bool { !(isDC && isRefinement) }

    /// The scans that send a picture of `componentCount` components (1 or 3): the DC of
    /// every component first and coarsely, then the low luma frequencies, the chroma, the
    /// rest of the luma, and finally the low bits of everything. A viewer shows a rough
    /// picture after a few percent of the file, and the many zeros of the coarse scans
    /// cost few bits.
    static func script(componentCount: Int) -> [ProgressiveScan] {
        let all = Array(0..<componentCount)
        var scans = [ProgressiveScan(components: all, spectralStart: 0, spectralEnd: 0, successiveHigh: 0, successiveLow: 1)]
        scans.append(ProgressiveScan(components: [0], spectralStart: 1, spectralEnd: 5, successiveHigh: 0, successiveLow: 2))
        if componentCount == 3 {
            scans.append(ProgressiveScan(components: [2], spectralStart: 1, spectralEnd: 63, successiveHigh: 0, successiveLow: 1))
            scans.append(ProgressiveScan(components: [1], spectralStart: 1, spectralEnd: 63, successiveHigh: 0, successiveLow: 1))
        }
        scans.append(ProgressiveScan(components: [0], spectralStart: 6, spectralEnd: 63, successiveHigh: 0, successiveLow: 2))
        scans.append(ProgressiveScan(components: [0], spectralStart: 1, spectralEnd: 63, successiveHigh: 2, successiveLow: 1))
        scans.append(ProgressiveScan(components: all, spectralStart: 0, spectralEnd: 0, successiveHigh: 1, successiveLow: 0))
        if componentCount == 3 {
            scans.append(ProgressiveScan(components: [2], spectralStart: 1, spectralEnd: 63, successiveHigh: 1, successiveLow: 0))
            scans.append(ProgressiveScan(components: [1], spectralStart: 1, spectralEnd: 63, successiveHigh: 1, successiveLow: 0))
        }
        scans.append(ProgressiveScan(components: [0], spectralStart: 1, spectralEnd: 63, successiveHigh: 1, successiveLow: 0))
        return scans
    }
}
