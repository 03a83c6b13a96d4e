import Foundation
import Hashing
import Images

/// What dropping the metadata of the pictures `renditions DIR` read costs, one picture at a
/// time, as a run pays it for each original it publishes: the original's bytes hashed (the
/// cache checks them as it reads them back), stripped, and the copy hashed (its name in the
/// cache and the site); the same pictures' renditions, made as a run makes them, for scale.
enum MetadataBenchmark {
    static func run(files: [[UInt8]], renditionsCPU: Double) {
        var stripped = 0
        var dropped = 0
        var kinds = Set<MetadataStripper.Kind>()
        let start = ContinuousClock.now
        for file in files {
            _ = SHA256.digest(Data(file))
            if case let .stripped(copy) = MetadataStripper.strip(file) {
                _ = SHA256.digest(Data(copy.bytes))
                stripped += 1
                dropped += copy.droppedByteCount
                kinds.formUnion(copy.dropped)
            }
        }
        let hashedAndStripped = (ContinuousClock.now - start).seconds
        let stripOnly = ContinuousClock.now
        for file in files { _ = MetadataStripper.strip(file) }
        let strippingAlone = (ContinuousClock.now - stripOnly).seconds
        let bytes = files.reduce(0) { $0 + $1.count }
        print("")
        print(
            "Metadata: \(stripped) of \(files.count) pictures had some (\(dropped) bytes: \(kinds.sorted().map(\.rawValue).joined(separator: ", "))); "
                + "stripping all \(bytes) bytes took \(format(strippingAlone, 4)) s, with both hashes \(format(hashedAndStripped, 4)) s, "
                + "one at a time: \(format(100 * hashedAndStripped / max(renditionsCPU, 0.001), 2)) % of the renditions' CPU.")
    }
}
