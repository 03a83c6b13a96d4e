import Foundation

// embed-templates FOLDER OUTPUT: writes OUTPUT, a Swift file holding every regular file
// under FOLDER (dot-files aside) as base64 text, by its path inside FOLDER, sorted. The
// EmbedTemplates plugin runs it on `Templates/` at build time; base64 carries any bytes
// exactly, whatever the file's encoding or line endings.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: embed-templates FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

/// Every regular file under `folder`, by its path inside it, skipping dot-files and
/// dot-folders (an editor's swap file, `.DS_Store`).
func files(under folder: URL, prefix: String = "") throws -> [(name: String, data: Data)] {
    var found: [(name: String, data: Data)] = []
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    for name in names {
        let url = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
            found += try files(under: url, prefix: prefix + name + "/")
        } else {
            found.append((prefix + name, try Data(contentsOf: url)))
        }
    }
    return found
}

do {
    let embedded = try files(under: folder)
    guard !embedded.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }
    var source = """
        // Generated at build time by embed-templates from the package's Templates folder.
        // Edit the files in Templates/, not this.

        extension BuiltInTemplates {
            static let encodedFiles: [(name: String, base64: String)] = [

        """
    for file in embedded {
        let name = file.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        source += "        (\"\(name)\", \"\(file.data.base64EncodedString())\"),\n"
    }
    source += "    ]\n}\n"
    try Data(source.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("embed-templates: cannot embed \(folder.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
