import Foundation
import PackagePlugin

/// Compiles the package's `Templates/` folder into the target it is applied to: the
/// `embed-templates` tool writes every file as Swift source, rebuilt whenever a file there
/// changes, is added or is removed. The release binary thus carries the default templates,
/// stylesheet and string tables, while `Templates/` stays their only copy in the repository.
///
/// A build-tool plugin rather than a generated file checked in beside `Templates/`: nothing
/// to regenerate by hand and no second copy to drift, and `swift build`, `swift test` and a
/// clean checkout need nothing beyond SwiftPM itself.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates", directoryHint: .isDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInTemplates+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding the Templates folder in \(target.name)",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [templates.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: files(under: templates),
                outputFiles: [output]
            )
        ]
    }

    /// Every file and folder under `folder`, so adding or removing a file reruns the tool.
    private func files(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return [folder] + enumerator.compactMap { $0 as? URL }
    }
}
