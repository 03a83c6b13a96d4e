import Deflate
import Foundation

/// Records made into their gzip members in memory, apart from the file they go in, so that
/// several can be made side by side and written in order by `WARCWriter.append(member:)`:
/// the same bytes `WARCWriter.write` would write. One maker for each thread that uses it.
final class RecordMembers {
    private var bytes: [UInt8] = []
    private lazy var deflated = GzipMembers(level: 1) { [unowned self] piece in self.bytes.append(contentsOf: piece) }
    private lazy var stored = StoredGzipMembers { [unowned self] piece in self.bytes.append(contentsOf: piece) }

    /// `record` with `block`, as one gzip member.
    func member(_ record: WARCRecord, block: WARCWriter.Block) throws -> [UInt8] {
        bytes = []
        defer { bytes = [] }
        try WARCWriter.add(record, block: block, stored: stored, deflated: deflated)
        return bytes
    }
}
