import Foundation
import Hashing

/// Where a snapshot cuts its feed into pages.
///
/// The live site's pages hold `pageSize` items each, counted from the newest, so two new
/// items at the top move every item on, and every page changes. A snapshot's pages are cut
/// where the items themselves say instead: counting from the oldest item, a page ends after
/// at least half a page of items at an item whose ID's hash picks it (one in about half a
/// page), and after twice a page at most. A page then holds the same items from one
/// snapshot to the next unless one of its own items came, went or changed, and it is the
/// same file, shared. Pages hold `pageSize` items on average. The newest page, which new
/// items join, is the snapshot's `index.html`; every other is named by its oldest item.
public enum SnapshotPages {
    /// The pages of a feed whose items have `ids`, in feed order (newest first): each page's
    /// items as a range of `ids`, newest page first. An empty feed has one empty page.
    public static func cut(_ ids: [UUID], pageSize: Int) -> [Range<Int>] {
        let size = max(1, pageSize)
        let least = (size + 1) / 2
        let spread = UInt64(size - least + 1)
        let most = 2 * size
        var pages: [Range<Int>] = []
        var end = ids.count
        for index in ids.indices.reversed() {
            let count = end - index
            if count >= most || (count >= least && hash(ids[index]) % spread == 0) {
                pages.append(index..<end)
                end = index
            }
        }
        if end > 0 || pages.isEmpty { pages.append(0..<end) }
        return pages.reversed()
    }

    /// FNV-1a, 64 bits, of the ID's bytes: spreads IDs that differ in one character.
    static func hash(_ id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { FNV1a.hash($0) }
    }
}
