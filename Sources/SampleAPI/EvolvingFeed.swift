import FeedCore
import Foundation
import Synchronization

/// A synthetic feed that changes as a real one does between two runs: each `advance()` is
/// a new generation, in which one item's description is edited and two items get a new
/// comment, and, as a feed that grows, two new items come at the top and one item leaves. Everything else keeps its bytes,
/// its comments and their dates, so a run sees exactly those changes. Generation 0 is the
/// `SyntheticFeed` of `itemCount` items; every generation is worked out from its number
/// alone, the same each time.
public final class EvolvingFeed: SampleFeedSource {
    /// The items of generation 0, and the most generations the new items' numbers leave
    /// room for.
    public let baseCount: Int
    /// Whether items come and go, or are only edited and commented.
    public let grows: Bool
    private let synthetic: SyntheticFeed
    private let state: Mutex<Generation>

    /// One generation's feed: the underlying synthetic items in feed order, and where each is.
    private struct Generation {
        var number = 0
        var order: [Int]
        var places: [Int: Int]
    }

    static let maxGenerations = 100_000

    public init(itemCount: Int, commentsPerItem: Int = 5, imageBytes: Int = 10_000, grows: Bool = true, now: Date) {
        baseCount = max(itemCount, 1)
        self.grows = grows
        synthetic = SyntheticFeed(
            itemCount: baseCount + 2 * Self.maxGenerations, commentsPerItem: commentsPerItem, imageBytes: imageBytes, now: now)
        state = Mutex(Self.generation(0, baseCount: baseCount, grows: grows))
    }

    /// The generation served now.
    public var generation: Int { state.withLock { $0.number } }

    /// Moves the feed on to its next generation.
    public func advance() {
        state.withLock { state in
            guard state.number < Self.maxGenerations else { return }
            state = Self.generation(state.number + 1, baseCount: baseCount, grows: grows)
        }
    }

    private static func generation(_ number: Int, baseCount: Int, grows: Bool) -> Generation {
        let removed = grows ? Set((0..<number).map { gone(in: $0 + 1, baseCount: baseCount) }) : []
        let added = grows ? (0..<(2 * number)).reversed().map { baseCount + $0 } : []
        let order = added + (0..<baseCount).filter { !removed.contains($0) }
        return Generation(number: number, order: order, places: Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) }))
    }

    /// The item of generation 0 that leaves in generation `number` (from 1).
    static func gone(in number: Int, baseCount: Int) -> Int { (number * 37) % baseCount }

    /// The item whose description generation `number` edits.
    static func edited(in number: Int, baseCount: Int) -> Int { (number * 53 + 1) % baseCount }

    /// The items generation `number` gives a new comment.
    static func commented(in number: Int, baseCount: Int) -> [Int] { [(number * 71 + 2) % baseCount, (number * 71 + 3) % baseCount] }

    public var itemCount: Int { state.withLock { $0.order.count } }

    public func item(at index: Int) -> SampleItem {
        let (underlying, number) = state.withLock { ($0.order[index], $0.number) }
        let item = synthetic.item(at: underlying)
        guard number > 0, let edit = (1...number).last(where: { Self.edited(in: $0, baseCount: baseCount) == underlying }) else { return item }
        return SampleItem(
            id: item.id, description: "Synthetic item \(underlying + 1), edited in generation \(edit)", location: item.location, imagePath: item.imagePath)
    }

    public func index(of id: UUID) -> Int? {
        guard let underlying = synthetic.index(of: id) else { return nil }
        return state.withLock { $0.places[underlying] }
    }

    public func comments(forItemAt index: Int) -> [ImageComment] {
        let (underlying, number) = state.withLock { ($0.order[index], $0.number) }
        var comments = synthetic.comments(forItemAt: underlying)
        let base = comments.first?.createdAt ?? Date(timeIntervalSince1970: 0)
        for generation in stride(from: 1, through: number, by: 1) {
            for (which, item) in Self.commented(in: generation, baseCount: baseCount).enumerated() where item == underlying {
                comments.insert(
                    ImageComment(
                        id: UUID(text: String(format: "C0C0C0C0-FFFF-4000-8000-%012lX", generation * 2 + which))!,
                        message: "New in generation \(generation)", createdAt: base.addingTimeInterval(TimeInterval(generation * 60)),
                        username: "visitor\(generation % 13 + 1)"), at: 0)
            }
        }
        return comments
    }

    public func image(at path: String) -> [UInt8]? {
        synthetic.image(at: path)
    }
}
