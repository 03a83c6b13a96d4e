import Foundation

/// The templates, stylesheet and search script of a site, read once from the templates
/// folder: `layout.html` wraps every page, `feed.html` and `comments.html` are the pages'
/// bodies, `search.js` adds the search field to the feed pages. Each template is named by its
/// file as messages show it (`/srv/theme/feed.html`), so an error while rendering names the
/// file too.
public struct SiteTemplates: Sendable {
    /// The files every set of templates needs, besides the string tables.
    static let fileNames = ["layout.html", "feed.html", "comments.html", "style.css"]

    /// The search script's file. A templates folder may leave it out (themes written out before
    /// the site had a search have none): the defaults' is used then.
    static let searchScriptName = "search.js"

    /// The photo viewer's script, which came after themes too.
    static let viewerScriptName = "viewer.js"

    public let layout: Template
    public let feed: Template
    public let comments: Template
    public let stylesheet: Data
    public let searchScript: Data
    /// The script of a photo's page (`viewer.js`).
    public let viewerScript: Data
    /// The body of the history's calendar (`--history`).
    public let history: Template
    /// The script of a snapshot's bar, after the lines listing the snapshots.
    public let historyScript: Data
    /// The body of a snapshot's page of what changed since the one before.
    public let historyChanges: Template

    public init(
        layout: Template, feed: Template, comments: Template, stylesheet: Data, searchScript: Data, viewerScript: Data, history: Template,
        historyScript: Data, historyChanges: Template
    ) {
        self.layout = layout
        self.feed = feed
        self.comments = comments
        self.stylesheet = stylesheet
        self.searchScript = searchScript
        self.viewerScript = viewerScript
        self.history = history
        self.historyScript = historyScript
        self.historyChanges = historyChanges
    }

    public enum LoadError: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(file: String)
        case unreadable(file: String, reason: String)
        case invalid(TemplateError, file: String)

        public var description: String {
            switch self {
            case let .missing(file):
                "template \(file) is missing; templates need \(SiteTemplates.fileNames.joined(separator: ", ")) and string tables in <locale>.lproj"
            case let .unreadable(file, reason): "cannot read template \(file): \(reason)"
            case let .invalid(error, file): "template \(file), line \(error.line): \(error.message)"
            }
        }
    }

    /// The history's calendar and script came after themes too.
    static let historyName = "history.html"
    static let historyScriptName = "history.js"
    static let historyChangesName = "history-changes.html"

    /// Reads the templates in `folder`; a file it may leave out (`search.js`, the history's)
    /// comes from `defaults` when it has none (the tool's built-in templates).
    public static func load(from folder: TemplateSource, defaults: TemplateSource) throws(LoadError) -> SiteTemplates {
        SiteTemplates(
            layout: try template("layout.html", in: folder),
            feed: try template("feed.html", in: folder),
            comments: try template("comments.html", in: folder),
            stylesheet: try read("style.css", in: folder),
            searchScript: try read(searchScriptName, in: folder, orIn: defaults),
            viewerScript: try read(viewerScriptName, in: folder, orIn: defaults),
            history: try template(historyName, in: try readIfPresent(historyName, in: folder) == nil ? defaults : folder),
            historyScript: try read(historyScriptName, in: folder, orIn: defaults),
            historyChanges: try template(historyChangesName, in: try readIfPresent(historyChangesName, in: folder) == nil ? defaults : folder)
        )
    }

    private static func template(_ name: String, in folder: TemplateSource) throws(LoadError) -> Template {
        let data = try read(name, in: folder)
        let file = folder.path(of: name)
        guard let source = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: file, reason: "not UTF-8 text")
        }
        do {
            return try Template(name: file, source: source)
        } catch {
            throw .invalid(error, file: file)
        }
    }

    private static func read(_ name: String, in folder: TemplateSource) throws(LoadError) -> Data {
        guard let data = try readIfPresent(name, in: folder) else { throw .missing(file: folder.path(of: name)) }
        return data
    }

    private static func read(_ name: String, in folder: TemplateSource, orIn defaults: TemplateSource) throws(LoadError) -> Data {
        if let data = try readIfPresent(name, in: folder) { return data }
        return try read(name, in: defaults)
    }

    private static func readIfPresent(_ name: String, in folder: TemplateSource) throws(LoadError) -> Data? {
        do {
            return try folder.read(name)
        } catch {
            throw .unreadable(file: folder.path(of: name), reason: "\(error)")
        }
    }
}
