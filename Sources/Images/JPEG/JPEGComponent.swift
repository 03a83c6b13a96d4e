/// One colour component of a frame: its sampling, its blocks, and the samples decoded for it at
/// the size the output's scale calls for.
final class JPEGComponent {
    let id: UInt8
    let horizontalSampling: Int
    let verticalSampling: Int
    let quantizationTable: Int
    /// Blocks per row and column, rounded up to whole MCUs.
    let blocksPerLine: Int
    let blocksPerColumn: Int
    /// Blocks that hold picture, which a scan of this component alone covers.
    let blocksWide: Int
    let blocksHigh: Int
    /// The side of the square each 8×8 block is decoded into: 8, 4, 2 or 1.
    let blockSize: Int
    /// Samples per row and rows that hold picture, at `blockSize`.
    let width: Int
    let height: Int
    /// How many output pixels, across and down, one sample covers.
    let horizontalRatio: Int
    let verticalRatio: Int
    /// The decoded samples, `stride` per row.
    let samples: UnsafeMutableBufferPointer<UInt8>
    var stride: Int { blocksPerLine * blockSize }
    /// Progressive frames only: every block's 64 coefficients, natural order, as coded.
    let coefficients: UnsafeMutableBufferPointer<Int16>
    var dcPrediction: Int32 = 0
    var dcTable = 0
    var acTable = 0
    /// Whether a scan has coded this component.
    var wasScanned = false

    struct Layout {
        var blocksPerLine, blocksPerColumn, blocksWide, blocksHigh, blockSize, width, height, horizontalRatio, verticalRatio: Int
    }

    init(id: UInt8, horizontalSampling: Int, verticalSampling: Int, quantizationTable: Int, layout: Layout, keepsCoefficients: Bool) {
        self.id = id
        self.horizontalSampling = horizontalSampling
        self.verticalSampling = verticalSampling
        self.quantizationTable = quantizationTable
        blocksPerLine = layout.blocksPerLine
        blocksPerColumn = layout.blocksPerColumn
        blocksWide = layout.blocksWide
        blocksHigh = layout.blocksHigh
        blockSize = layout.blockSize
        width = layout.width
        height = layout.height
        horizontalRatio = layout.horizontalRatio
        verticalRatio = layout.verticalRatio
        let blocks = layout.blocksPerLine * layout.blocksPerColumn
        samples = .allocate(capacity: blocks * layout.blockSize * layout.blockSize)
        samples.initialize(repeating: 0)
        coefficients = .allocate(capacity: keepsCoefficients ? blocks * 64 : 0)
        coefficients.initialize(repeating: 0)
    }

    deinit {
        samples.deallocate()
        coefficients.deallocate()
    }
}
