import Foundation
import Images
import Publishing
import SiteGenerator

/// The files made of the whole site once its pages are written: the stylesheet, the search
/// and photo viewer's scripts, the icon and `manifest.json`, which lists every other file.
struct WholeSiteStep: RunStep {
    /// What the manifest says of the run, from the steps before.
    let facts: Manifest.Run
    let templates: SiteTemplates
    let site: any StagingSite

    var name: String { "site" }
    var phase: RunPhase { .render }

    func run(_ progress: StepProgress) throws(RunError) -> StepDone {
        try failingAtOnce { try work(progress) }
    }

    private func work(_ progress: StepProgress) throws -> StepDone {
        try site.write(templates.stylesheet, to: SitePaths.stylesheet)
        try site.write(templates.searchScript, to: SitePaths.searchScript)
        try site.write(templates.viewerScript, to: SitePaths.viewerScript)
        try site.write(Data(SiteIcon.png(size: Self.iconSize)), to: SitePaths.icon)
        try site.writeManifest(generator: Usage.generator, run: facts)
        return StepDone()
    }

    /// The icon's side in pixels: browsers scale it to their tabs; Kiwix's illustrations
    /// are this size.
    static let iconSize = 48
}
