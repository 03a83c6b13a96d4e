import Foundation

/// Finds the templates folder. `--templates` is used as given; without it the tool looks
/// for `Templates` in the working folder, beside the executable, and in the source checkout
/// it was built from, so a binary started by cron from another folder still finds them.
enum TemplatesLocator {
    struct NotFound: Error, CustomStringConvertible {
        let explicit: String?
        let searched: [String]

        var description: String {
            if let explicit {
                return "no templates in \(explicit) (layout.html is missing); pass --templates with the folder that holds layout.html"
            }
            return "no Templates folder found (looked in \(searched.joined(separator: ", "))); pass --templates DIR"
        }
    }

    static func locate(explicit: String?, environment: RunEnvironment) throws -> URL {
        let workingDirectory = environment.workingDirectory
        if let explicit {
            let folder = environment.resolve(explicit)
            guard holdsTemplates(folder) else { throw NotFound(explicit: folder.path, searched: []) }
            return folder
        }
        var candidates = [workingDirectory.appendingPathComponent("Templates")]
        if let executable = environment.executable {
            let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("Templates"))
            candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/feedsite/Templates"))
        }
        candidates.append(sourceCheckoutTemplates)
        let standardized = candidates.map(\.standardizedFileURL)
        guard let found = standardized.first(where: holdsTemplates) else {
            throw NotFound(explicit: nil, searched: standardized.map(\.path))
        }
        return found
    }

    /// `<checkout>/Templates`, from this file's path at build time.
    private static let sourceCheckoutTemplates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Commands
        .deletingLastPathComponent()  // FeedSiteCLI
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
        .appendingPathComponent("Templates")

    private static func holdsTemplates(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("layout.html").path)
    }
}
