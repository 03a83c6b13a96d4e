import FeedCore
import Foundation

/// The content behind the sample API: items by position, comments and image bytes.
public protocol SampleFeedSource: Sendable {
    var itemCount: Int { get }
    func item(at index: Int) -> SampleItem
    func index(of id: UUID) -> Int?
    func comments(forItemAt index: Int) -> [ImageComment]
    /// The bytes served at `path`, or `nil` for 404.
    func image(at path: String) -> [UInt8]?
}
