import Foundation

/// The templates and stylesheet of a site, read once from the templates folder:
/// `layout.html` wraps every page, `feed.html` and `comments.html` are the pages' bodies.
/// Each template is named by its file as messages show it (`/srv/theme/feed.html`), so an
/// error while rendering names the file too.
public struct SiteTemplates: Sendable {
    /// The files every set of templates needs, besides the string tables.
    static let fileNames = ["layout.html", "feed.html", "comments.html", "style.css"]

    public let layout: Template
    public let feed: Template
    public let comments: Template
    public let stylesheet: Data

    public init(layout: Template, feed: Template, comments: Template, stylesheet: Data) {
        self.layout = layout
        self.feed = feed
        self.comments = comments
        self.stylesheet = stylesheet
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

    public static func load(from folder: TemplateSource) throws(LoadError) -> SiteTemplates {
        SiteTemplates(
            layout: try template("layout.html", in: folder),
            feed: try template("feed.html", in: folder),
            comments: try template("comments.html", in: folder),
            stylesheet: try read("style.css", in: folder)
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
        let data: Data?
        do {
            data = try folder.read(name)
        } catch {
            throw .unreadable(file: folder.path(of: name), reason: "\(error)")
        }
        guard let data else { throw .missing(file: folder.path(of: name)) }
        return data
    }
}
