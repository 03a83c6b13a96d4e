/// What pruning the image cache removed: the blobs, and how many image URLs it forgot.
public struct ImagePruning: Equatable, Sendable {
    public var blobs: [RemovedCacheFile] = []
    public var urls = 0

    public init(blobs: [RemovedCacheFile] = [], urls: Int = 0) {
        self.blobs = blobs
        self.urls = urls
    }
}
