import Foundation

/// A locale's search index read back the way the page's script reads it: each file's one
/// `feedsiteSearch("name", JSON);` call taken apart, the root's tables of keys, the walk that
/// finds a query word's items, and the items' records. Written from the format's description,
/// not from the code that writes it (its postings decoder included), so the two check each
/// other.
public struct SearchIndexReader {
    /// What `index.js` says.
    public struct Root {
        public let version: Int
        public let generation: String
        public let items: Int
        public let docsPerFile: Int
        /// Each key, as code points, and its file's number.
        public let leaves: [[Unicode.Scalar]: Int]
        public let unions: [[Unicode.Scalar]: Int]
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) { self.description = description }
    }

    public let root: Root
    /// The text of the data file named `name` (`t3`, `u0`, `d2`), `nil` when there is none.
    private let file: (_ name: String) throws -> String?

    /// The index whose `index.js` is `root`, its other files given by `file`.
    public init(root text: String, file: @escaping (_ name: String) throws -> String?) throws {
        let value = try Self.value(of: text, named: "index")
        guard let root = value as? [String: Any], let version = root["version"] as? Int, let generation = root["generation"] as? String,
            let items = root["items"] as? Int, let docsPerFile = root["docsPerFile"] as? Int, let leaves = root["leaves"] as? [String: Int],
            let unions = root["unions"] as? [String: Int]
        else { throw Failure("index.js does not have the root's fields: \(text)") }
        func table(_ keys: [String: Int]) -> [[Unicode.Scalar]: Int] {
            Dictionary(uniqueKeysWithValues: keys.map { (Array($0.key.unicodeScalars), $0.value) })
        }
        self.root = Root(
            version: version, generation: generation, items: items, docsPerFile: docsPerFile, leaves: table(leaves), unions: table(unions))
        self.file = file
    }

    /// The index in a locale's `search/` folder: `index.js` and the folder of its generation.
    public init(folder: URL) throws {
        let rootText = try String(contentsOf: folder.appendingPathComponent("index.js"), encoding: .utf8)
        let generation = try Self(root: rootText) { _ in nil }.root.generation
        try self.init(root: rootText) { name in
            let url = folder.appendingPathComponent(generation).appendingPathComponent(name + ".js")
            return FileManager.default.fileExists(atPath: url.path) ? try String(contentsOf: url, encoding: .utf8) : nil
        }
    }

    /// Every data file the root names, without `.js`: each leaf's and union's, and the
    /// items' files.
    public var fileNames: Set<String> {
        let documents = (root.items + root.docsPerFile - 1) / max(root.docsPerFile, 1)
        return Set(root.leaves.values.map { "t\($0)" } + root.unions.values.map { "u\($0)" } + (0..<documents).map { "d\($0)" })
    }

    /// The items of `word` (one term): the root's keys looked up by its prefixes, shortest
    /// first; a leaf gives the items of its file's terms that start with the word; a union
    /// gives its items when the word ends there, else the next prefix is looked up; a prefix
    /// in neither matches nothing.
    public func items(startingWith word: String) throws -> Set<Int> {
        let word = Array(word.unicodeScalars)
        for last in word.indices {
            let prefix = Array(word[...last])
            if let number = root.leaves[prefix] {
                var items = Set<Int>()
                for (term, postings) in try leafTerms(number) where term.unicodeScalars.starts(with: word) {
                    items.formUnion(try Self.postings(postings))
                }
                return items
            }
            guard let number = root.unions[prefix] else { return [] }
            if last == word.count - 1 {
                guard let postings = try value(ofFile: "u\(number)") as? String else { throw Failure("u\(number) is not a string") }
                return try Self.postings(postings)
            }
        }
        return []
    }

    /// The items that have, for every one of `words`, a term starting with it: in feed order.
    public func items(matching words: [String]) throws -> [Int] {
        guard let first = words.first else { return [] }
        var items = try items(startingWith: first)
        for word in words.dropFirst() { items.formIntersection(try self.items(startingWith: word)) }
        return items.sorted()
    }

    /// The terms of the leaf file `t<number>` and their postings, in the file's order.
    public func leafTerms(_ number: Int) throws -> [(term: String, postings: String)] {
        guard let values = try value(ofFile: "t\(number)") as? [String], values.count % 2 == 0 else {
            throw Failure("t\(number) is not a list of terms and postings")
        }
        return stride(from: 0, to: values.count, by: 2).map { (values[$0], values[$0 + 1]) }
    }

    /// The record of `item`: `[id, image, width, height, location, text]`.
    public func record(ofItem item: Int) throws -> [Any] {
        let number = item / root.docsPerFile
        guard let records = try value(ofFile: "d\(number)") as? [[Any]], records.indices.contains(item % root.docsPerFile) else {
            throw Failure("d\(number) does not hold item \(item)")
        }
        return records[item % root.docsPerFile]
    }

    /// The JSON value of the data file named `name`.
    public func value(ofFile name: String) throws -> Any {
        guard let text = try file(name) else { throw Failure("\(name).js is named by the root but missing") }
        return try Self.value(of: text, named: name)
    }

    /// The value of a file's text, `feedsiteSearch("<name>", <JSON>);` and a line feed.
    public static func value(of text: String, named name: String) throws -> Any {
        let start = "feedsiteSearch(\"\(name)\", "
        let end = ");\n"
        guard text.hasPrefix(start), text.hasSuffix(end), text.utf8.count >= start.utf8.count + end.utf8.count else {
            throw Failure("\(name): not one call of feedsiteSearch(\"\(name)\", …): \(text.prefix(80))")
        }
        let json = Data(text.utf8.dropFirst(start.utf8.count).dropLast(end.utf8.count))
        do {
            return try JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed)
        } catch {
            throw Failure("\(name): the value is not JSON: \(error)")
        }
    }

    private static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".unicodeScalars)

    /// The items of a postings text: a list of gaps, each in base 32 with every digit but the
    /// last from the alphabet's second half, or `~` and a bitmap of six items a character.
    public static func postings(_ text: String) throws -> Set<Int> {
        let values = try text.unicodeScalars.dropFirst(text.hasPrefix("~") ? 1 : 0).map { character in
            guard let value = alphabet.firstIndex(of: character) else { throw Failure("\(character) in postings \(text)") }
            return value
        }
        var items = Set<Int>()
        if text.hasPrefix("~") {
            for (index, value) in values.enumerated() {
                for bit in 0..<6 where value & (1 << bit) != 0 { items.insert(index * 6 + bit) }
            }
            return items
        }
        var next = 0
        var gap = 0
        for value in values {
            gap = gap * 32 + value % 32
            guard value < 32 else { continue }
            items.insert(next + gap)
            next += gap + 1
            gap = 0
        }
        guard values.last.map({ $0 < 32 }) ?? true else { throw Failure("unfinished gap in postings \(text)") }
        return items
    }
}
