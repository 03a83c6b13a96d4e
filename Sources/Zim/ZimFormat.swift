/// The fixed numbers of the ZIM format, version 6.1: the namespaces of its newer scheme
/// (content under `C`, metadata under `M`, well-known entries under `W`, listings under `X`),
/// the header's layout, a cluster's first byte.
enum ZimFormat {
    static let magic: UInt32 = 0x044D_495A
    static let majorVersion: UInt16 = 6
    /// Minor version 1: the namespace scheme where every user entry is under `C`.
    static let minorVersion: UInt16 = 1
    static let headerSize = 80
    /// Where the first cluster starts: the MIME list sits between the header and here, as
    /// libzim lays a file out and as its reader expects.
    static let clusterBase = 1024
    static let noPage: UInt32 = 0xFFFF_FFFF
    static let redirectMime: UInt16 = 0xFFFF
    /// A cluster's first byte: its compression in the low four bits (1: none), and 0x10 when
    /// its blob offsets take eight bytes instead of four.
    static let uncompressed: UInt8 = 1
    static let extendedOffsets: UInt8 = 0x10
    static let listingMime = "application/octet-stream+zimlisting"

    enum Namespace: UInt8 {
        case content = 0x43  // C
        case metadata = 0x4D  // M
        case wellKnown = 0x57  // W
        case listing = 0x58  // X
    }

    /// The size of a cluster holding blobs of `sizes`: its first byte, one offset a blob and
    /// one for the end, then the blobs; and whether its offsets need eight bytes.
    static func clusterSize(blobBytes: Int, blobs: Int) -> (size: Int, extended: Bool) {
        let narrow = 4 * (blobs + 1) + blobBytes
        if narrow <= Int(UInt32.max) { return (1 + narrow, false) }
        return (1 + 8 * (blobs + 1) + blobBytes, true)
    }
}
