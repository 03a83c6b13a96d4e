import BuiltInTemplates
import FeedCore
import FeedSiteCLI
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// Fixed, readable values for the site's tests: pinned IDs, hashes and dates, and renderers
/// built from the repository's real `Templates` folder.
enum SiteFixtures {
    static let firstID = UUID(uuidString: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6")!
    static let secondID = UUID(uuidString: "BA298A85-6275-48D3-8315-9C8F7C1CD109")!
    static let thirdID = UUID(uuidString: "5A0D45B3-8E26-4385-8C5D-213E160A5E3C")!
    static let fourthID = UUID(uuidString: "FF0ECFE2-2879-403D-8DBE-A83B4B4E3F9B")!

    static func image(
        id: UUID = firstID,
        description: String? = "A description",
        location: String? = "A location",
        url: String = "https://images.example/photo.png"
    ) -> FeedImage {
        FeedImage(id: id, description: description, location: location, url: URL(string: url)!)
    }

    /// A stored image whose hash is `character` repeated, so file names are easy to read.
    static func stored(_ character: Character = "a", format: ImageFormat = .png, width: Int = 640, height: Int = 480) -> StoredImage {
        StoredImage(
            sha256: String(repeating: character, count: 64), byteCount: 1_024, format: format, dimensions: ImageDimensions(width: width, height: height))
    }

    /// The API host the fixtures' pages say they are a snapshot of.
    static let apiHost = "ile-api.essentialdeveloper.com"

    static func comment(message: String = "A message", createdAt: Date, username: String = "a username") -> ImageComment {
        ImageComment(id: UUID(), message: message, createdAt: createdAt, username: username)
    }

    static func templates() throws -> SiteTemplates {
        try SiteTemplates.load(from: TemplatesFolder(repositoryTemplates()), defaults: BuiltInTemplates())
    }

    static func strings(_ locale: String) throws -> StringTables<SiteString> {
        try StringTables<SiteString>.load(locale: locale, from: TemplatesFolder(repositoryTemplates()))
    }

    /// A one-language renderer at the site root.
    static func renderer(locale: String = "en", now: Date = fixedNow(), baseURL: BaseURL? = nil, title: String? = nil) throws -> SiteRenderer {
        SiteRenderer(
            templates: try templates(), strings: try strings(locale), paths: SitePaths(), languages: [], now: now, apiHost: apiHost, baseURL: baseURL,
            title: title)
    }

    /// Renderers for a site in `locales`: the first at the root, the others under `<locale>/`,
    /// as the command line composes them.
    static func renderers(locales: [String], now: Date = fixedNow(), baseURL: BaseURL? = nil) throws -> [SiteRenderer] {
        let templates = try templates()
        let tables = try locales.map(strings)
        let languages = try tables.enumerated().map { index, table in
            SiteRenderer.Language(
                locale: table.locale,
                name: try table.string(.languageName),
                paths: SitePaths(localePrefix: index == 0 ? "" : "\(table.locale)/")
            )
        }
        return zip(tables, languages).map { table, language in
            SiteRenderer(templates: templates, strings: table, paths: language.paths, languages: languages, now: now, apiHost: apiHost, baseURL: baseURL)
        }
    }

    /// Writes `files` (path → UTF-8 text) under `folder`, creating folders as needed.
    static func write(_ files: [String: String], under folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}

extension SiteFixtures {
    /// Four items covering every shape: everything present (with markup, `&` and a line
    /// break in the text), no location (with a placeholder), no description and no image,
    /// neither text field.
    static func feedEntries() -> [SiteEntry] {
        [
            SiteEntry(
                image: image(
                    id: firstID, description: "Tulips & <roses>\nby the lake", location: "Kew Gardens, London", url: "https://images.example/tulips.png"),
                stored: stored("a", format: .png)
            ),
            SiteEntry(
                image: image(id: secondID, description: #"A "quiet" morning"#, location: nil, url: "https://images.example/morning.jpg"),
                stored: stored("b", format: .jpeg, width: 1200, height: 1600),
                firstSeen: fixedNow(),
                placeholder: ImagePlaceholder(samples: [0x9E, 0xD8, 0xF0, 0xFD, 0xF1, 0xD6, 0xB0, 0x7D, 0x43])
            ),
            SiteEntry(
                image: image(id: thirdID, description: nil, location: "Ελλάδα · São Paulo", url: "https://images.example/missing.png?size=large&v=2"),
                stored: nil
            ),
            SiteEntry(
                image: image(id: fourthID, description: nil, location: nil, url: "https://images.example/plain.webp"),
                stored: StoredImage(sha256: String(repeating: "c", count: 64), byteCount: 1_024, format: .webp, dimensions: nil)
            ),
        ]
    }

    /// Comments in server order, 30 seconds to 13 days before `fixedNow()`.
    static func comments() -> [ImageComment] {
        let now = fixedNow()
        return [
            comment(message: "First! <script>alert('x')</script>", createdAt: now.adding(seconds: -30), username: "ada_l"),
            comment(message: "Looks great & sunny.\nSecond line.", createdAt: now.adding(seconds: -300), username: "alan <turing>"),
            comment(message: "Where is this?", createdAt: now.adding(days: -1), username: "grace"),
            comment(message: "An older comment", createdAt: now.adding(days: -13), username: "linus"),
        ]
    }
}

extension SiteEntry {
    /// An entry whose date the test does not look at: first seen at `fixedNow()`.
    init(image: FeedImage, stored: StoredImage?) {
        self.init(image: image, stored: stored, firstSeen: fixedNow())
    }
}
