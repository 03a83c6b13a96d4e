import BuiltInTemplates
import FileSystem
import Foundation

/// `feedsite templates DIR`: writes the built-in templates, stylesheet and string tables
/// out, to start a theme that `--templates DIR` then uses. It writes only into a new or
/// empty folder, so none of the user's files is ever replaced: anything else is refused in
/// one line, exit 2, with nothing touched.
struct TemplatesCommand {
    let folder: URL
    let console: Console

    func run() -> CommandEnding {
        let files = BuiltInTemplates.files
        do {
            try NewFolder.write(files, into: RealPath.of(folder.path))
        } catch {
            switch error {
            case .notAFolder:
                return .refused("\(folder.path) exists and is not a folder; give a new or empty folder for the templates")
            case let .notEmpty(_, count, example):
                let entries = count == 1 ? "1 entry" : "\(count) entries"
                return .refused(
                    "\(folder.path) already holds \(entries), such as \(example); feedsite templates writes only into a new or empty folder, "
                        + "so that nothing of yours is replaced")
            case let .unwritable(path, reason):
                return .failed("cannot write the templates: \(path): \(reason); nothing was written")
            }
        }
        console.output("wrote the \(files.count) files of the built-in templates to \(folder.path):")
        for file in files { console.output("  \(file.name)") }
        console.output("Edit them, then publish with them: feedsite generate --templates \(folder.path)")
        return .done
    }
}
