import Basics
import FileSystem
import Foundation
import Images
import Publishing
import Zim

/// A published site and its history as a ZIM file: what `--zim` and `feedsite zim` pack.
/// Every file of the output but its top-level dot-files, under `C/` at its own path; the
/// metadata from the site itself (its manifest's run, its front page's title, its icon).
struct SiteZim {
    let output: URL
    let file: String
    let partSize: Int
    /// `--base-url`, when the run had one: the metadata's source.
    var baseURL: String?

    func write(progress: (Int, Int) -> Void = { _, _ in }) throws -> ZimWriter.Written {
        let content = ZimWriter.Content(
            folder: output,
            // The output's dot-files are the user's, not the site's.
            skipping: { $0.hasPrefix(".") },
            mediaType: { path in
                let type = SiteMediaType.of(path: path)
                return String(type.prefix { $0 != ";" })
            },
            isFront: { !$0.hasPrefix("history/") }, mainPage: "index.html", metadata: try metadata())
        return try ZimWriter.write(content, to: file, partSize: partSize, progress: progress)
    }

    /// What a Kiwix reader shows of the file, from the site's manifest, front page and icon.
    func metadata() throws -> ZimMetadata {
        let manifest = try Manifest.read(from: output, eachFile: { _ in })
        let api = URL(string: manifest.run.api)
        let host = api?.host ?? "feedsite"
        let title = HTMLTitle.ofPage(at: output.appendingPathComponent("index.html").path) ?? "My Feed"
        let date = String(manifest.run.now.prefix(10))
        var languages: [String] = []
        for code in manifest.run.locales.compactMap(Self.iso639_3) where !languages.contains(code) { languages.append(code) }
        let icon = (try? PlainFile.read(output.appendingPathComponent("assets/icon.png").path)).flatMap { $0.map { [UInt8]($0) } }
        return ZimMetadata(
            title: String(title.prefix(30)), description: String("Photos from \(host), with their history".prefix(80)),
            longDescription: "\(title): the photos, comments and history of the feed at \(manifest.run.api), as feedsite published them on \(date).",
            language: (languages.isEmpty ? ["eng"] : languages).joined(separator: ","),
            creator: host, publisher: Manifest.generatorName, date: date, name: "\(host)_\(manifest.run.locales.first?.prefix(2) ?? "en")_all",
            tags: "feedsite;photos;_pictures:yes;_videos:no;_details:yes;_ftindex:no", source: baseURL,
            illustration48: icon ?? SiteIcon.png(size: 48))
    }

    /// The ISO 639-3 code of a locale's language (`pt-BR`: `por`); `nil` for one not known here.
    static func iso639_3(_ locale: String) -> String? {
        let codes = [
            "en": "eng", "el": "ell", "pt": "por", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld", "ja": "jpn", "zh": "zho",
            "ru": "rus", "ar": "ara", "tr": "tur", "pl": "pol", "sv": "swe", "da": "dan", "fi": "fin", "nb": "nob", "uk": "ukr", "ko": "kor",
        ]
        return codes[String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()]
    }
}

extension ZimWriter.Written {
    /// What was written, as `feedsite zim` and a run's `zim:` line say it: the file or its
    /// parts, its entries, its distinct files and its size.
    var summary: String {
        let names = paths.count == 1 ? paths[0] : "\(paths.count) parts, \(paths[0]) to \(paths[paths.count - 1])"
        return "\(names): \(entries) entries, \(blobs) distinct files, \(ByteCountText.approximately(size)) (\(size) bytes)"
    }
}
