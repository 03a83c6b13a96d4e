/// How a WARC writer makes its records' gzip members: one after another, each ended before
/// the next begins.
public protocol GzipMemberMaker: AnyObject {
    func add(_ bytes: UnsafeRawBufferPointer) throws
    /// The rest of the member is stored, not compressed.
    func storeTheRest() throws
    /// Ends the member; what is added next begins another.
    func endMember() throws
    /// Drops the member being written, whose bytes the sink may have had in part.
    func dropMember()
}

extension GzipMemberMaker {
    public func add(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try add($0) }
    }
}
