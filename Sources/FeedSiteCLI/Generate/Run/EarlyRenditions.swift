import FeedCore
import Foundation
import Hashing

/// Renditions made while the images still download: the images step hands over each
/// picture it stores, and the picture's renditions are made at once, at most `tasksAtOnce`
/// at a time, so decoding overlaps the network instead of waiting for its end. A picture
/// too large to decode beside others is left for the renditions step, which takes what was
/// made here and does the rest.
final class EarlyRenditions: Sendable {
    typealias Make = @Sendable (StoredImage, URL) async throws -> RenditionsStep.Found

    private let pictures: AsyncStream<(StoredImage, URL)>.Continuation
    private let work: Task<[SHA256.Digest: RenditionsStep.Found], any Error>

    /// `make` gives a picture's renditions; `takesNow` says whether a picture is made here.
    init(tasksAtOnce: Int, takesNow: @escaping @Sendable (StoredImage) -> Bool, make: @escaping Make) {
        let (stream, continuation) = AsyncStream<(StoredImage, URL)>.makeStream()
        pictures = continuation
        let limit = max(1, tasksAtOnce)
        work = Task {
            try await withThrowingTaskGroup(of: (SHA256.Digest, RenditionsStep.Found).self) { group in
                var seen = Set<SHA256.Digest>()
                var made: [SHA256.Digest: RenditionsStep.Found] = [:]
                var running = 0
                for await (picture, url) in stream where takesNow(picture) && seen.insert(picture.digest).inserted {
                    if running == limit, let (done, found) = try await group.next() {
                        made[done] = found
                        running -= 1
                    }
                    group.addTask {
                        try Task.checkCancellation()
                        return (picture.digest, try await make(picture, url))
                    }
                    running += 1
                }
                for try await (done, found) in group { made[done] = found }
                return made
            }
        }
    }

    /// Hands over a picture the images step stored, found at `url`.
    func submit(_ picture: StoredImage, from url: URL) {
        pictures.yield((picture, url))
    }

    /// `submit`, as the images step takes it.
    var onStored: @Sendable (StoredImage, URL) -> Void {
        { picture, url in self.submit(picture, from: url) }
    }

    /// Waits for every picture handed over to be made: what became of each. Rethrows what
    /// stopped the work (a full disk); cancelling the caller cancels the work.
    func finish() async throws -> [SHA256.Digest: RenditionsStep.Found] {
        pictures.finish()
        return try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            work.cancel()
        }
    }

    /// Stops the work, for a run that ends before its renditions step, and waits for it to
    /// end: nothing is left writing to the cache or the site.
    func cancel() async {
        pictures.finish()
        work.cancel()
        _ = try? await work.value
    }
}
