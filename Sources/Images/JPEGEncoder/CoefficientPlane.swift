/// One component's quantized DCT coefficients, block after block in rows, each block's 64
/// coefficients in zigzag order.
struct CoefficientPlane {
    /// Blocks across and down, the whole MCU grid: interleaved scans cover every block.
    let blocksWide: Int
    let blocksHigh: Int
    /// The blocks the component's own samples reach: a scan of this component alone covers
    /// only these.
    let usedBlocksWide: Int
    let usedBlocksHigh: Int
    /// How many blocks across and down this component has in each MCU.
    let horizontalSampling: Int
    let verticalSampling: Int
    var coefficients: [Int16]

    init(usedBlocksWide: Int, usedBlocksHigh: Int, mcusWide: Int, mcusHigh: Int, horizontalSampling: Int, verticalSampling: Int) {
        self.blocksWide = mcusWide * horizontalSampling
        self.blocksHigh = mcusHigh * verticalSampling
        self.usedBlocksWide = usedBlocksWide
        self.usedBlocksHigh = usedBlocksHigh
        self.horizontalSampling = horizontalSampling
        self.verticalSampling = verticalSampling
        self.coefficients = [Int16](repeating: 0, count: blocksWide * blocksHigh * 64)
    }
}
