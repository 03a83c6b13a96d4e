import FeedCore
import Foundation

/// A generated feed of any size for tests and the benchmark: `itemCount` items with
/// `commentsPerItem` comments each and images of `imageBytes` bytes (a PNG signature then
/// pseudo-random bytes, different for every image). Nothing is held in memory: every item,
/// comment and image is computed from its position when asked for.
public struct SyntheticFeed: SampleFeedSource {
    public let itemCount: Int
    public let commentsPerItem: Int
    public let imageBytes: Int
    private let now: Date

    public init(itemCount: Int, commentsPerItem: Int = 5, imageBytes: Int = 10_000, now: Date) {
        self.itemCount = itemCount
        self.commentsPerItem = commentsPerItem
        self.imageBytes = max(imageBytes, 16)
        self.now = now
    }

    private static let idPrefix = "5E7E71C0-0000-4000-8000-"

    public static func id(ofItemAt index: Int) -> UUID {
        UUID(text: idPrefix + String(format: "%012lX", index + 1))!
    }

    public func item(at index: Int) -> SampleItem {
        SampleItem(
            id: Self.id(ofItemAt: index),
            description: index % 3 == 2 ? nil : "Synthetic item \(index + 1)",
            location: index % 4 == 3 ? nil : "Place \(index % 50 + 1)",
            imagePath: "/images/synthetic-\(index + 1).png"
        )
    }

    public func index(of id: UUID) -> Int? {
        let text = id.text
        guard text.hasPrefix(Self.idPrefix), let number = Int(text.dropFirst(Self.idPrefix.count), radix: 16), (1...itemCount).contains(number) else {
            return nil
        }
        return number - 1
    }

    public func comments(forItemAt index: Int) -> [ImageComment] {
        (0..<commentsPerItem).map { number -> ImageComment in
            let age: Int = (number + 1) * 3_600 * (index % 7 + 1)
            let id = String(format: "C0C0C0C0-%04lX-4000-8000-%012lX", number + 1, index + 1)
            return ImageComment(
                id: UUID(text: id)!,
                message: "Comment \(number + 1) on item \(index + 1)",
                createdAt: now.addingTimeInterval(-TimeInterval(age)),
                username: "user\((index + number) % 97 + 1)"
            )
        }
    }

    public func image(at path: String) -> [UInt8]? {
        guard path.hasPrefix("/images/synthetic-"), path.hasSuffix(".png"),
            let number = Int(path.dropFirst("/images/synthetic-".count).dropLast(".png".count)),
            (1...itemCount).contains(number)
        else { return nil }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes.reserveCapacity(imageBytes)
        var random = SplitMix(seed: UInt64(number))
        while bytes.count < imageBytes {
            var word = random.next()
            for _ in 0..<min(8, imageBytes - bytes.count) {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }
}
