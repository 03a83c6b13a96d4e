/// What pruning the image cache removed: the blobs of images, how many image URLs it
/// forgot, the blobs of renditions (no image URL leads to them), and how many rendition sets
/// it forgot.
public struct ImagePruning: Equatable, Sendable {
    public var blobs: [RemovedCacheFile] = []
    public var urls = 0
    public var renditions: [RemovedCacheFile] = []
    public var renditionSets = 0

    public init(blobs: [RemovedCacheFile] = [], urls: Int = 0, renditions: [RemovedCacheFile] = [], renditionSets: Int = 0) {
        self.blobs = blobs
        self.urls = urls
        self.renditions = renditions
        self.renditionSets = renditionSets
    }
}
