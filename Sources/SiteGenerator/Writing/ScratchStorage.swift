/// Bytes set aside while a site is made and read back later, so they wait on the disk,
/// not in memory: appended, then read back by place.
public protocol ScratchStorage {
    /// Appends `bytes`; where they went.
    func append(_ bytes: [UInt8]) throws -> (offset: Int, length: Int)
    func read(_ place: (offset: Int, length: Int)) throws -> [UInt8]
}
