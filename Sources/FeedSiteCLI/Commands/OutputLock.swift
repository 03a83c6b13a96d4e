import FileSystem
import Foundation

/// A command that changes or reads a published site whole (`history`, `zim`) holds the
/// output's lock while it works, as a run does, so no run swaps the site under it.
enum OutputLock {
    /// `body`'s ending, with the lock of the output `site` held; the lock's refusal (another
    /// run holds it) ends the command instead.
    static func holding(_ site: URL, startedAt: Date, _ body: () async -> CommandEnding) async -> CommandEnding {
        let lock: RunLock
        do {
            lock = try RunLock.acquire(RunContext.outputLockFile(of: site), startedAt: startedAt)
        } catch {
            return .failed("\(error)")
        }
        defer { lock.markFinished() }
        return await body()
    }
}
