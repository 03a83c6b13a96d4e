// Checks that every target of the package lists exactly the modules its sources import, and
// that the code map's picture of the modules (the first Mermaid chart of the DocC article
// CodeMap.md) draws, for each target it shows, exactly the dependencies Package.swift lists.
//
//     swift package dump-package > package.json
//     swiftc -o check-dependencies .ci/check-dependencies.swift
//     ./check-dependencies package.json Sources/FeedSiteCLI/FeedSite.docc/Articles/CodeMap.md
//
// A target that imports a module of this package it does not list builds only by luck (the
// module happened to be built first); one that lists a module it never imports says a
// dependency that is not there. Modules the toolchain ships are not this package's and are
// left out. A test target may list an executable target without importing it: that is how
// it gets the binary built for its end-to-end tests. Plugins are tools, not imports.
import Foundation

struct Target {
    let name: String
    let type: String
    let folder: String
    let dependencies: Set<String>
}

func targets(fromDump path: String) throws -> [Target] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let package = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let list = package["targets"] as? [[String: Any]]
    else { throw CheckError("\(path) is not the output of swift package dump-package") }
    return list.compactMap { target in
        guard let name = target["name"] as? String, let type = target["type"] as? String else { return nil }
        let folder = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
        let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
            // {"byName": ["X", null]}, {"target": ["X", null]} or {"product": ["X", "package", …]}
            (dependency.values.first as? [Any])?.first as? String
        }
        return Target(name: name, type: type, folder: folder, dependencies: Set(dependencies))
    }
}

/// The modules `import` lines name in the Swift files under `folder`.
func imports(under folder: String) -> Set<String> {
    guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
    var modules: Set<String> = []
    for case let file as String in files where file.hasSuffix(".swift") {
        guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { continue }
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            // `import struct Module.Name` names a declaration after its kind.
            let kinds: Set = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            modules.insert(String(path.split(separator: ".")[0]))
        }
    }
    return modules
}

/// The first Mermaid chart's arrows, by target name: `id["Name<br/>what it does"] --> A & B`
/// or `Name --> A`; a node's name is the first word of its label, else its id.
func pictureEdges(in article: String) throws -> [String: Set<String>] {
    guard let start = article.range(of: "```mermaid\n"), let end = article.range(of: "\n```", range: start.upperBound..<article.endIndex) else {
        throw CheckError("the code map has no Mermaid chart of the modules")
    }
    var names: [String: String] = [:]
    var arrows: [(from: String, to: [String])] = []
    func node(_ text: Substring) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let bracket = trimmed.firstIndex(of: "[") else { return trimmed }
        let id = String(trimmed[..<bracket])
        let label = trimmed[trimmed.index(after: bracket)...].drop { $0 == "[" || $0 == "\"" }
        names[id] = String(label.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        return id
    }
    for line in article[start.upperBound..<end.lowerBound].split(separator: "\n") {
        guard let arrow = line.range(of: "-->") else { continue }
        let from = node(line[..<arrow.lowerBound])
        arrows.append((from, line[arrow.upperBound...].split(separator: "&").map(node)))
    }
    var edges: [String: Set<String>] = [:]
    for (from, to) in arrows {
        edges[names[from] ?? from, default: []].formUnion(to.map { names[$0] ?? $0 })
        for target in to { edges[names[target] ?? target, default: []].formUnion([]) }
    }
    return edges
}

struct CheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

do {
    guard CommandLine.arguments.count == 3 else { throw CheckError("usage: check-dependencies PACKAGE.json CODEMAP.md") }
    let all = try targets(fromDump: CommandLine.arguments[1])
    let ours = Set(all.map(\.name))
    let executables = Set(all.filter { $0.type == "executable" }.map(\.name))
    var problems: [String] = []
    for target in all where target.type != "plugin" {
        let imported = imports(under: target.folder).intersection(ours)
        var listed = target.dependencies
        if target.type == "test" { listed.subtract(executables) }
        for module in imported.subtracting(listed).sorted() {
            problems.append("\(target.name) imports \(module) but Package.swift does not list it")
        }
        for module in listed.subtracting(imported).sorted() {
            problems.append("\(target.name) lists \(module) in Package.swift but never imports it")
        }
    }
    let article = try String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8)
    let listed = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.dependencies) })
    for (name, drawn) in try pictureEdges(in: article).sorted(by: { $0.key < $1.key }) {
        guard let dependencies = listed[name] else {
            problems.append("the code map's picture shows \(name), which is no target of Package.swift")
            continue
        }
        for module in dependencies.subtracting(drawn).sorted() {
            problems.append("the code map's picture lacks the arrow \(name) --> \(module)")
        }
        for module in drawn.subtracting(dependencies).sorted() {
            problems.append("the code map's picture draws \(name) --> \(module), which Package.swift does not list")
        }
    }
    if problems.isEmpty {
        print("check-dependencies: every target lists exactly what it imports, and the code map draws it (\(all.count) targets)")
    } else {
        for problem in problems { print("check-dependencies: \(problem)") }
        exit(1)
    }
} catch {
    print("check-dependencies: \(error)")
    exit(2)
}
