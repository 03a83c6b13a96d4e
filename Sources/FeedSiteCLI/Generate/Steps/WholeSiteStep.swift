import Foundation
import Publishing
import SiteGenerator

/// The files made of the whole site once its pages are written: the stylesheet, the search
/// script and `manifest.json`, which lists every other file.
struct WholeSiteStep: RunStep {
    /// What the manifest says of the run, from the steps before.
    let facts: Manifest.Run
    let stylesheet: Data
    let searchScript: Data
    let site: any StagingSite

    var name: String { "site" }
    var phase: RunPhase { .render }

    func run(_ progress: StepProgress) throws(RunError) -> StepDone {
        try failingAtOnce { try work(progress) }
    }

    private func work(_ progress: StepProgress) throws -> StepDone {
        try site.write(stylesheet, to: SitePaths.stylesheet)
        try site.write(searchScript, to: SitePaths.searchScript)
        try site.writeManifest(generator: Usage.generator, run: facts)
        return StepDone()
    }
}
