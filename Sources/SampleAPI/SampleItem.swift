import Foundation

/// One item as the sample API serves it.
public struct SampleItem: Sendable, Equatable {
    public let id: UUID
    public let description: String?
    public let location: String?
    /// The path of the item's image on the sample server, e.g. `/images/3.png`.
    public let imagePath: String

    public init(id: UUID, description: String?, location: String?, imagePath: String) {
        self.id = id
        self.description = description
        self.location = location
        self.imagePath = imagePath
    }
}
