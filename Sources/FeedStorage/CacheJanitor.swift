import FeedCore
import FileSystem
import Foundation

/// Removes the temporary files a killed run left in the cache folder (`AtomicFile` names
/// them `.feedsite-tmp-…`). Call it only while holding the cache's `RunLock`: then no
/// other run is writing, and every such file is a leftover.
public enum CacheJanitor {
    /// The number of files removed.
    @discardableResult
    public static func removeTemporaryFiles(in cacheFolder: URL) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: cacheFolder.path) else { return 0 }
        var removed = 0
        while let path = enumerator.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            guard name.hasPrefix(AtomicFile.temporaryMarker) else { continue }
            if (try? FileManager.default.removeItem(at: cacheFolder.appendingPathComponent(path))) != nil {
                removed += 1
            }
        }
        return removed
    }
}
