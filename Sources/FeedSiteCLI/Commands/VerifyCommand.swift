import Foundation
import Publishing

/// `feedsite verify`: compares a published site with its `manifest.json` and lists every
/// missing, changed and extra file. Exit 0 when all match, 1 otherwise.
struct VerifyCommand {
    let site: URL
    let console: Console

    func run() -> ExitCode {
        let report: SiteVerifier.Report
        do {
            report = try SiteVerifier.verify(site)
        } catch {
            console.error("\(error)")
            return .failure
        }
        for path in report.missing { console.output("missing  \(path)") }
        for path in report.changed { console.output("changed  \(path)") }
        for path in report.extra { console.output("extra    \(path)") }
        for path in report.outside { console.output("outside  \(path) (not read: it leads out of the site)") }
        if report.isIntact {
            console.output("\(site.path): all \(report.matching) files match \(Manifest.fileName)")
            return .success
        }
        console.error(
            "\(site.path) does not match its \(Manifest.fileName): \(report.missing.count) missing, \(report.changed.count) changed, \(report.extra.count) extra"
                + (report.outside.isEmpty ? "" : ", \(report.outside.count) outside the site")
        )
        return .failure
    }
}
