import Basics
import FeedCore
import Foundation

/// The cache's JSON, and the only code that knows it: the lists the cache database keeps
/// (`array`, `elements(ofArray:)`), and the files of the earlier layout, which `LegacyCache`
/// reads once (`decode`): a list of values, the time it was saved, and the validators the
/// API sent with it, if any:
///
///     {"timestamp":<seconds since 2001>,"value":[<element>,…],"etag":"…","lastModified":"…"}
///
/// Elements are JSON text written by hand (`JSONText`) rather than through `JSONEncoder`, because a
/// warm run encodes every comments list again (BENCHMARKS.md, "What each trick buys", row "cache
/// elements written by hand"), and read back with `JSONReader`. Encoding the same values gives the
/// same bytes.
public struct CacheCodec<Element>: Sendable {
    /// What a cache file holds.
    public struct Contents {
        public var value: [Element]
        public var timestamp: Date
        public var validators: HTTPValidators?

        public init(value: [Element], timestamp: Date, validators: HTTPValidators? = nil) {
            self.value = value
            self.timestamp = timestamp
            self.validators = validators
        }
    }

    /// Why values cannot be written: a date that is not a finite number.
    public struct Unencodable: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// One element's JSON, on one line.
    public let encode: @Sendable (Element) -> String
    /// An element back from its JSON; `nil` when it is not of the expected shape.
    public let decode: @Sendable (JSONValue) -> Element?
    /// Why an element cannot be encoded, or `nil`.
    private let problem: @Sendable (Element) -> String?
    private let lineByLine: Bool

    /// The whole file, handed to `output` in pieces so it can stream to disk. Throws
    /// `Unencodable` before handing over anything.
    public func encode(
        _ elements: some Collection<Element>, timestamp: Date, validators: HTTPValidators? = nil, to output: (String) throws -> Void
    ) throws {
        if let reason = elements.lazy.compactMap(problem).first { throw Unencodable(description: reason) }
        guard timestamp.timeIntervalSinceReferenceDate.isFinite else {
            throw Unencodable(description: "cannot encode the timestamp \(timestamp.timeIntervalSinceReferenceDate)")
        }
        try output("{\"timestamp\":\(JSONText.date(timestamp)),\"value\":[")
        let newline = lineByLine ? "\n" : ""
        var first = true
        for element in elements {
            try output((first ? newline : "," + newline) + encode(element))
            first = false
        }
        var end = "]"
        if let etag = validators?.etag { end += ",\"etag\":\(JSONText.quoted(etag))" }
        if let lastModified = validators?.lastModified { end += ",\"lastModified\":\(JSONText.quoted(lastModified))" }
        try output(end + "}\n")
    }

    /// The elements as one JSON array on one line, `[<element>,…]`: how the cache database
    /// keeps a list. Throws `Unencodable` like `encode`.
    public func array(_ elements: some Collection<Element>) throws -> String {
        if let reason = elements.lazy.compactMap(problem).first { throw Unencodable(description: reason) }
        return "[" + elements.map(encode).joined(separator: ",") + "]"
    }

    /// The elements of `array`'s text; `nil` when it is not such a list.
    public func elements(ofArray text: String) -> [Element]? {
        guard let items = (try? JSONReader.read(Data(text.utf8)))?.array else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            guard let element = decode(item) else { return nil }
            elements.append(element)
        }
        return elements
    }

    /// The file's contents, or `nil` when it is not a cache file of this kind (corrupt, or
    /// from another version).
    public func decode(_ data: Data) -> Contents? {
        var elements: [Element] = []
        let decode = self.decode
        let json = try? JSONReader.read(data, streaming: "value") { value in
            guard let element = decode(value) else { return false }
            elements.append(element)
            return true
        }
        guard let json, let seconds = json["timestamp"]?.number, json["value"] != nil else { return nil }
        let validators = HTTPValidators(etag: json["etag"]?.string, lastModified: json["lastModified"]?.string)
        return Contents(value: elements, timestamp: Date(timeIntervalSinceReferenceDate: seconds), validators: validators)
    }
}

extension CacheCodec {
    /// The time a cache file was saved, from its first bytes alone (`{"timestamp":<seconds>,`),
    /// so a sweep of every file need not read and decode them whole; `nil` when they do not
    /// start that way.
    public static func timestamp(atStartOf bytes: [UInt8]) -> Date? {
        let start = Array("{\"timestamp\":".utf8)
        guard bytes.starts(with: start), let comma = bytes[start.count...].firstIndex(of: UInt8(ascii: ",")),
            let seconds = Double(String(decoding: bytes[start.count..<comma], as: UTF8.self)), seconds.isFinite
        else { return nil }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}

extension CacheCodec.Contents: Equatable where Element: Equatable {}

extension CacheCodec<FeedCacheLine> {
    /// `{"id":"<UUID>","url":"…","description":"…","location":"…","firstSeen":<seconds since
    /// 2001>}`, without the fields an image lacks; one image a line.
    static var feed: Self {
        CacheCodec(
            encode: encodeLine, decode: decodeLine,
            problem: { line in
                line.firstSeen?.timeIntervalSinceReferenceDate.isFinite == false ? "cannot encode the first-seen date of image \(line.image.id.text)" : nil
            },
            lineByLine: true)
    }

    /// Each line's id and first-seen date, in file order, and the file's timestamp, read
    /// without building the images; `nil` when the bytes are not a feed file.
    static func firstSeenDates(in data: Data) -> (lines: [(id: UUID, firstSeen: Date?)], timestamp: Date)? {
        var lines: [(id: UUID, firstSeen: Date?)] = []
        let json = try? JSONReader.read(data, streaming: "value") { item in
            guard let line = idAndFirstSeen(item) else { return false }
            lines.append(line)
            return true
        }
        guard let json, let seconds = json["timestamp"]?.number, json["value"] != nil else { return nil }
        return (lines, Date(timeIntervalSinceReferenceDate: seconds))
    }

    /// A line's id and its first-seen date (`nil` when it has none); `nil` when either is
    /// malformed.
    private static func idAndFirstSeen(_ item: JSONValue) -> (id: UUID, firstSeen: Date?)? {
        guard let id = item["id"]?.string.flatMap({ UUID(text: $0) }) else { return nil }
        guard let value = item["firstSeen"] else { return (id, nil) }
        guard let seconds = value.number else { return nil }
        return (id, Date(timeIntervalSinceReferenceDate: seconds))
    }

    private static func encodeLine(_ line: FeedCacheLine) -> String {
        let image = line.image
        var json = "{\"id\":\"\(image.id.text)\",\"url\":\(JSONText.quoted(image.address))"
        if let description = image.description { json += ",\"description\":\(JSONText.quoted(description))" }
        if let location = image.location { json += ",\"location\":\(JSONText.quoted(location))" }
        if let firstSeen = line.firstSeen { json += ",\"firstSeen\":\(JSONText.date(firstSeen))" }
        return json + "}"
    }

    private static func decodeLine(_ item: JSONValue) -> FeedCacheLine? {
        guard let (id, firstSeen) = idAndFirstSeen(item), let url = item["url"]?.string.flatMap(URL.init(string:)) else { return nil }
        let image = FeedImage(id: id, description: item["description"]?.string, location: item["location"]?.string, url: url)
        return FeedCacheLine(image: image, firstSeen: firstSeen)
    }
}

extension CacheCodec<ImageComment> {
    /// `{"id":"<UUID>","message":"…","createdAt":<seconds since 2001>,"username":"…"}`; the
    /// whole file on one line.
    public static var comments: Self {
        CacheCodec(
            encode: encodeComment, decode: decodeComment,
            problem: { $0.createdAt.timeIntervalSinceReferenceDate.isFinite ? nil : "cannot encode the date of comment \($0.id.text)" },
            lineByLine: false)
    }

    private static func encodeComment(_ comment: ImageComment) -> String {
        "{\"id\":\"\(comment.id.text)\",\"message\":\(JSONText.quoted(comment.message)),\"createdAt\":\(JSONText.date(comment.createdAt)),\"username\":\(JSONText.quoted(comment.username))}"
    }

    private static func decodeComment(_ item: JSONValue) -> ImageComment? {
        guard let id = item["id"]?.string.flatMap({ UUID(text: $0) }), let message = item["message"]?.string,
            let seconds = item["createdAt"]?.number, let username = item["username"]?.string
        else { return nil }
        return ImageComment(id: id, message: message, createdAt: Date(timeIntervalSinceReferenceDate: seconds), username: username)
    }
}
