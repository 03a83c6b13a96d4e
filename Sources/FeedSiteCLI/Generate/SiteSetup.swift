import BuiltInTemplates
import FeedCore
import Foundation
import SiteGenerator

/// The templates and one renderer per locale, loaded and checked before any network or
/// file work (every key the pages use is looked up, sample pages are rendered), so a broken
/// template or a missing translation stops the run at once.
struct SiteSetup: Sendable {
    let templates: SiteTemplates
    /// The first renders at the site root, each other under `<locale>/`.
    let renderers: [SiteRenderer]

    /// `locales` as given on the command line; `all` means every locale in `templates`,
    /// English first. `api` and `now` are what every page says it is a snapshot of;
    /// `baseURL` is where the site will be served, if given; `title` its name (`--title`).
    /// With `history`, every page links the history's calendar, and a snapshot's pages
    /// rehearse too.
    static func load(
        from source: TemplateSource, locales requested: [String], now: Date, api: URL, baseURL: BaseURL?, title: String? = nil, history: Bool = false
    ) throws -> SiteSetup {
        let templates = try SiteTemplates.load(from: source, defaults: BuiltInTemplates())
        var wanted = requested
        if requested.contains(where: { $0.lowercased() == "all" }) {
            let available = source.locales()
            wanted = available.filter { $0 == "en" } + available.filter { $0 != "en" }
        }
        var tables: [StringTables<SiteString>] = []
        for locale in wanted {
            let table = try StringTables<SiteString>.load(locale: locale, from: source, defaults: BuiltInTemplates())
            if !tables.contains(where: { $0.locale == table.locale }) { tables.append(table) }
        }
        let languages = try tables.enumerated().map { index, table in
            SiteRenderer.Language(
                locale: table.locale,
                name: try table.string(.languageName),
                paths: SitePaths(localePrefix: index == 0 ? "" : "\(table.locale)/")
            )
        }
        let renderers = zip(tables, languages).map { table, language in
            SiteRenderer(
                templates: templates, strings: table, paths: language.paths, languages: languages, now: now, apiHost: api.host ?? api.absoluteString,
                baseURL: baseURL, title: title)
        }
        for renderer in renderers { try renderer.rehearse() }
        guard history else { return SiteSetup(templates: templates, renderers: renderers) }
        for renderer in renderers { try renderer.inHistory(.archived).rehearse() }
        return SiteSetup(templates: templates, renderers: renderers.map { $0.inHistory(.live) })
    }
}
