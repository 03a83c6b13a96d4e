import Basics
import FileSystem
import Foundation
import Publishing

/// `feedsite zim [--output DIR] [--zim-part-size SIZE] FILE`: packs a published site and its
/// history as a ZIM file, holding the output's lock as a run does, so no run swaps a site in
/// while it is read. FILE is checked as `--zim`'s is: outside the output and the cache (a
/// usage error otherwise). Exit 0, 2 for a refused FILE, 1 when the site is not a published
/// one, the lock is held or the file could not be written (no file is then left under its name).
struct ZimCommand {
    let output: String
    let file: String
    let partSize: Int
    let environment: RunEnvironment
    let console: Console

    func run() async -> CommandEnding {
        var options = GenerateOptions()
        options.output = output
        let site = environment.resolve(output).resolvingSymlinksInPath()
        let target: FlagFile
        do {
            target = try FlagFile.check(
                file, resolved: environment.resolve(file), flag: "zim", writing: "the ZIM file",
                folders: RunFolders.named(by: options, environment: environment))
        } catch {
            return .refused(error.description)
        }
        guard FileManager.default.fileExists(atPath: site.appendingPathComponent(Manifest.fileName).path) else {
            return .failed("\(site.path) is not a site feedsite published: it has no \(Manifest.fileName)")
        }
        return await OutputLock.holding(site, startedAt: environment.currentDate()) {
            do {
                let written = try SiteZim(output: site, file: target.path, partSize: partSize).write()
                try await DiskSync.flush(written.paths)
                console.output(written.summary)
                return .done
            } catch is CancellationError {
                return CommandEnding(status: .interrupted, lines: [.error("interrupted; no ZIM file was written")])
            } catch {
                return .failed("the ZIM file was not written: \(OutOfSpace.found(in: error).map { "\($0)" } ?? "\(error)")")
            }
        }
    }
}
