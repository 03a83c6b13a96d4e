extension Bitmap {
    /// The same picture without its alpha channel when every pixel is opaque: a JPEG can
    /// carry it then. Otherwise itself.
    public func droppingOpaqueAlpha() -> Bitmap {
        guard layout.hasAlpha else { return self }
        let channels = layout.channels
        let opaque = samples.withUnsafeBufferPointer { samples in
            stride(from: channels - 1, to: samples.count, by: channels).allSatisfy { samples[$0] == 255 }
        }
        guard opaque else { return self }
        var colour = [UInt8]()
        colour.reserveCapacity(width * height * (channels - 1))
        samples.withUnsafeBufferPointer { samples in
            for start in stride(from: 0, to: samples.count, by: channels) {
                colour.append(contentsOf: samples[start..<start + channels - 1])
            }
        }
        return Bitmap(width: width, height: height, layout: layout == .rgba ? .rgb : .gray, samples: colour)
    }
}
