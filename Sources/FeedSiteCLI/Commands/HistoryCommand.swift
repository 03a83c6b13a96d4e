import Basics
import BuiltInTemplates
import FileSystem
import Foundation
import History
import Publishing
import SiteGenerator

/// `feedsite history list` prints the kept snapshots of the site's history, each with its
/// time, its items and what it changed; `feedsite history prune` thins them now by a policy,
/// as a run does (`HistoryUpdate`). Both hold the output's lock, as a run does, so neither
/// reads or changes a history a run is changing. Exit 0, or 1 when there is no history, the
/// lock is held or the history cannot be brought up to date (it is then as it was).
struct HistoryCommand {
    let request: HistoryRequest
    let environment: RunEnvironment
    let console: Console

    func run() async -> CommandEnding {
        let site = environment.resolve(request.output).resolvingSymlinksInPath()
        let history = HistoryFolder(output: site)
        guard (try? PlainFile.kind(of: history.path, followingLinks: false)) == .folder else {
            return .failed("\(site.path) has no history (history/ is kept by runs with --history)")
        }
        return await OutputLock.holding(site, startedAt: environment.currentDate()) {
            switch request.action {
            case .list:
                list(history)
                return .done
            case let .prune(policy, templates, baseURL, title):
                return await prune(history, site: site, policy: policy, templates: templates, baseURL: baseURL, title: title)
            }
        }
    }

    /// A line a kept snapshot: its name, its time, its items and what it changed since the
    /// one before it; then how many folders keep item pages of snapshots thinned away.
    private func list(_ history: HistoryFolder) {
        let names = history.snapshots()
        let known = Dictionary(history.rememberedFacts().map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        for name in names {
            let facts = known[name] ?? SnapshotFacts.read(from: history.folder(of: name))
            let time = ISO8601Date.format(name.time)
            guard let facts else {
                console.output("\(name.text)  \(time)  cannot be read (feedsite verify names what is damaged)")
                continue
            }
            console.output("\(name.text)  \(time)  \(facts.items) items  \(Self.changes(facts))")
        }
        let leftovers = history.leftovers().count
        console.output(
            "\(names.count) snapshot\(names.count == 1 ? "" : "s") kept"
                + (leftovers == 0 ? "" : "; \(leftovers) thinned snapshot\(leftovers == 1 ? " keeps" : "s keep") item pages no kept one shows"))
    }

    /// What the snapshot changed since the one before it, as the run's `history:` line says it.
    static func changes(_ facts: SnapshotFacts) -> String {
        if facts.previous == nil { return facts.earlierThinned ? "the oldest kept; earlier snapshots were thinned" : "the first" }
        return HistoryChanges(facts.summary).text
    }

    /// Thins by `policy` now, with the calendar made in the locales the site was made in.
    private func prune(
        _ history: HistoryFolder, site: URL, policy: HistoryKeepPolicy, templates: String?, baseURL: BaseURL?, title: String?
    ) async -> CommandEnding {
        let now = request.now ?? environment.currentDate()
        history.removeLeftovers()
        do {
            let (generator, facts) = try Manifest.read(from: site, eachFile: { _ in })
            guard generator.hasPrefix(Manifest.generatorName), let api = URL(string: facts.api) else {
                return .failed("\(site.path)/\(Manifest.fileName) is not a feedsite site's; nothing pruned")
            }
            let source: TemplateSource = try templates.map { try TemplatesFolder.open(environment.resolve($0)) } ?? BuiltInTemplates()
            let setup = try SiteSetup.load(from: source, locales: facts.locales, now: now, api: api, baseURL: baseURL, title: title, history: true)
            let keeping = HistoryOnDisk(output: site, policy: policy, now: now, renderers: setup.renderers, script: setup.templates.historyScript)
            let outcome = try keeping.keep(nil, facts: facts)
            try await keeping.flush()
            let kept = outcome.leftovers.isEmpty ? "" : " (\(outcome.leftovers.count) keep item pages no kept snapshot shows)"
            console.output("history: \(outcome.kept.count) kept, \(outcome.thinned.count) thinned by \(policy)\(kept)")
            return .done
        } catch {
            return .failed("the history was not pruned, and is as it was: \(error)")
        }
    }
}
