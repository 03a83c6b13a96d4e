/// The order a JPEG stores a block's 64 coefficients in, and its quantization tables: from
/// low frequencies to high, along the block's anti-diagonals. The decoder and the encoder
/// both follow it.
public enum ZigZag {
    /// The natural (row by row) index of the `k`th coefficient in zigzag order.
    public static let naturalIndex: [Int] = {
        var order = [Int]()
        order.reserveCapacity(64)
        for diagonal in 0..<15 {
            let rows = max(0, diagonal - 7)...min(7, diagonal)
            // Even diagonals run up and to the right, odd ones down and to the left.
            let walk = diagonal % 2 == 0 ? Array(rows.reversed()) : Array(rows)
            for row in walk { order.append(row * 8 + diagonal - row) }
        }
        return order
    }()
}
