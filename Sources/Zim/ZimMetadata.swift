/// What a reader shows about a ZIM file before opening it: its `M/` entries.
public struct ZimMetadata: Sendable, Equatable {
    public var title: String
    public var description: String
    public var longDescription: String?
    /// ISO 639-3 codes, comma-separated (`eng,ell`).
    public var language: String
    public var creator: String
    public var publisher: String
    /// `YYYY-MM-DD`.
    public var date: String
    public var name: String
    /// Semicolon-separated.
    public var tags: String
    public var source: String?
    /// A 48×48 PNG.
    public var illustration48: [UInt8]

    public init(
        title: String, description: String, longDescription: String? = nil, language: String, creator: String, publisher: String, date: String,
        name: String, tags: String, source: String? = nil, illustration48: [UInt8]
    ) {
        self.title = title
        self.description = description
        self.longDescription = longDescription
        self.language = language
        self.creator = creator
        self.publisher = publisher
        self.date = date
        self.name = name
        self.tags = tags
        self.source = source
        self.illustration48 = illustration48
    }

    /// The entries' names, bytes and media types, `counter` (how many entries of each media
    /// type) among them.
    func entries(counter: String) -> [(name: String, bytes: [UInt8], mime: String)] {
        let text = "text/plain;charset=utf-8"
        var fields: [(String, String)] = [
            ("Counter", counter), ("Creator", creator), ("Date", date), ("Description", description), ("Language", language), ("Name", name),
            ("Publisher", publisher), ("Tags", tags), ("Title", title),
        ]
        if let longDescription, !longDescription.isEmpty { fields.append(("LongDescription", longDescription)) }
        if let source, !source.isEmpty { fields.append(("Source", source)) }
        return (fields.map { ($0.0, Array($0.1.utf8), text) } + [("Illustration_48x48@1", illustration48, "image/png")]).sorted { $0.0 < $1.0 }
    }
}
