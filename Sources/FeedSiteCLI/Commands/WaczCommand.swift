import Basics
import FileSystem
import Foundation
import WebArchive

/// `feedsite wacz [--warc DIR] FILE`: packs every finished WARC file of a web archive's
/// folder (the current folder unless `--warc` names one) into one WACZ file, as `--wacz`
/// does at the end of a run, holding the folder's lock as a run does, so no run writes to it
/// meanwhile. FILE is checked as `--wacz`'s is: not inside the folder, whose files it could
/// replace (a usage error). Exit 0, 2 for a refused FILE or folder, 1 when the folder holds
/// nothing to pack, the lock is held, or the file could not be written (no file is then
/// left under its name).
struct WaczCommand {
    let warc: String?
    let file: String
    let environment: RunEnvironment
    let console: Console

    func run() async -> CommandEnding {
        let given = warc ?? "."
        let folder = RealPath.of(environment.resolve(given).path)
        guard (try? PlainFile.kind(of: folder)) == .folder else {
            return .refused("--warc \(given) is not a folder; name the folder of the web archive's files")
        }
        let target: FlagFile
        do {
            target = try FlagFile.check(
                file, resolved: environment.resolve(file), flag: "wacz", writing: "the WACZ file",
                folders: RunFolders.named(by: GenerateOptions(), environment: environment))
        } catch {
            return .refused(error.description)
        }
        if RealPath.isWithin(target.path, folder) {
            return .refused("wacz \(target.path) is inside the web archive's folder \(folder), whose files it could replace; write it elsewhere")
        }
        let lock: RunLock
        do {
            lock = try RunLock.acquire(URL(fileURLWithPath: folder + "/" + RunWebArchive.lockName), startedAt: environment.currentDate())
        } catch {
            return .failed("\(error)")
        }
        defer { lock.markFinished() }
        do {
            let packed = try WACZFile.pack(folder: folder, to: target.path, software: "feedsite \(Usage.version)")
            try await DiskSync.flush([target.path])
            console.output("\(target.path): \(packed.count) WARC \(packed.count == 1 ? "file" : "files") of \(folder)")
            return .done
        } catch let nothing as WACZFile.NothingToPack {
            return .failed(nothing.description)
        } catch {
            return .failed("the WACZ file was not written: \(ExchangeArchiver.reason(error, writing: target.path))")
        }
    }
}
