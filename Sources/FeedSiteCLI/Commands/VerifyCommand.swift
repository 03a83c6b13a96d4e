import Foundation
import History
import Publishing

/// `feedsite verify`: compares a published site with its `manifest.json` and lists every
/// missing, changed and extra file; then, when the site has a history, the history's own
/// files, every snapshot and what thinning left of others, each against its own manifest. Exit 0 when all match, 1
/// otherwise.
struct VerifyCommand {
    let site: URL
    let console: Console

    func run() -> CommandEnding {
        var intact = check(site, named: site.path)
        let history = HistoryFolder(output: site)
        if (try? FileManager.default.contentsOfDirectory(atPath: history.path)) != nil {
            // Only a real folder is a snapshot: a file or a link of a snapshot's name is listed
            // with the history's own files, as extra or leading out, never followed.
            // What thinning left of a snapshot has its own manifest too.
            let folders = history.folders()
            let names = Set(folders.map(\.text))
            intact = check(URL(fileURLWithPath: history.path), named: history.path, skipping: names.contains) && intact
            for name in folders {
                intact = check(URL(fileURLWithPath: history.folder(of: name)), named: history.folder(of: name)) && intact
            }
        }
        return CommandEnding(status: intact ? .done : .failed)
    }

    /// Checks one site against its manifest, saying what differs; whether all matched.
    private func check(_ folder: URL, named name: String, skipping: (String) -> Bool = { _ in false }) -> Bool {
        let report: SiteVerifier.Report
        do {
            report = try SiteVerifier.verify(folder, skipping: skipping)
        } catch {
            console.error("\(error)")
            return false
        }
        let prefix = name == site.path ? "" : String(name.dropFirst(site.path.count + 1)) + "/"
        for path in report.missing { console.output("missing  \(prefix)\(path)") }
        for path in report.changed { console.output("changed  \(prefix)\(path)") }
        for path in report.extra { console.output("extra    \(prefix)\(path)") }
        for path in report.outside { console.output("outside  \(prefix)\(path) (not read: it leads out of the site)") }
        if report.isIntact {
            console.output("\(name): all \(report.matching) files match \(Manifest.fileName)")
            return true
        }
        console.error(
            "\(name) does not match its \(Manifest.fileName): \(report.missing.count) missing, \(report.changed.count) changed, \(report.extra.count) extra"
                + (report.outside.isEmpty ? "" : ", \(report.outside.count) outside the site")
        )
        return false
    }
}
