#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import FeedCore
import Foundation

/// A JSON file holding a list of values and the time it was saved: the shared format of the
/// feed and comments caches, `{"timestamp": <seconds since 2001>, "value": [ … ]}`, with
/// any further string fields a store keeps beside the list (the comments' validators).
///
/// Reading a missing file gives `nil`; a file that does not decode is a read error naming
/// the file. The stores write each element's JSON by hand (`JSONText`) and read the list
/// back element by element with `JSONReader`, so a 100,000-item feed never sits in memory
/// twice. `decode` turns one element back into the store's value, or `nil` when it is not
/// of the expected shape. Rewriting identical bytes would change nothing but the disk's
/// wear, so a rerun with a pinned clock (--now, SOURCE_DATE_EPOCH) leaves an unchanged
/// cache file alone.
struct TimestampedJSONFile<Element> {
    let path: String
    let decode: (JSONValue) -> Element?

    var url: URL { URL(fileURLWithPath: path) }

    /// The list, the timestamp, and the whole object (whose `value` is left empty) for
    /// the store's own fields.
    func read() throws(CacheFileError) -> (value: [Element], timestamp: Date, fields: JSONValue)? {
        let data: Data
        do {
            guard let contents = try PlainFile.read(path) else { return nil }
            data = contents
        } catch {
            throw CacheFileError(.read, url, reason: error.description)
        }
        var elements: [Element] = []
        let decode = self.decode
        let json = try? JSONReader.read(data, streaming: "value") { value in
            guard let element = decode(value) else { return false }
            elements.append(element)
            return true
        }
        guard let json, let seconds = json["timestamp"]?.number, json["value"] != nil else {
            throw CacheFileError(.read, url, reason: "not a valid cache file (corrupt or from another version)")
        }
        return (elements, Date(timeIntervalSinceReferenceDate: seconds), json)
    }

    /// Writes a short list whose elements are already JSON text, comparing with the file's
    /// current bytes before writing anything.
    func write(elementsJSON: [String], timestamp: Date, fields: [(name: String, value: String)] = []) throws(CacheFileError) {
        try checkEncodable(timestamp)
        let extra = fields.map { ",\(JSONText.quoted($0.name)):\(JSONText.quoted($0.value))" }.joined()
        let data = Data("{\"timestamp\":\(JSONText.date(timestamp)),\"value\":[\(elementsJSON.joined(separator: ","))]\(extra)}\n".utf8)
        if let existing = try? PlainFile.read(path), existing == data { return }
        do {
            try AtomicFile.write(data, toPath: path)
        } catch {
            throw CacheFileError(.write, url, reason: error.description)
        }
    }

    /// Writes a long list a line at a time through a small buffer, into a temporary file
    /// that replaces the current one unless their bytes are the same.
    func write<Elements: Sequence>(streaming elements: Elements, timestamp: Date, encode: (Elements.Element) -> String) throws(CacheFileError) {
        try checkEncodable(timestamp)
        let temporary = AtomicFile.temporaryPath(for: path)
        do throws(FileSystemError) {
            let writer = try BufferedFileWriter(path: temporary, hashing: true)
            try writer.write("{\"timestamp\":\(JSONText.date(timestamp)),\"value\":[")
            var first = true
            for element in elements {
                try writer.write((first ? "\n" : ",\n") + encode(element))
                first = false
            }
            try writer.write("]}\n")
            let digest = try writer.finish()
            if let existing = try FileDigest.sha256(ofFileAtPath: path), existing.byteCount == writer.byteCount, existing.digest == digest {
                unlink(temporary)
                return
            }
            try FileSystemError.check(rename(temporary, path))
        } catch {
            unlink(temporary)
            throw CacheFileError(.write, url, reason: error.description)
        }
    }

    func delete() throws(CacheFileError) {
        do {
            try AtomicFile.remove(url)
        } catch {
            throw CacheFileError(.delete, url, reason: error.description)
        }
    }

    private func checkEncodable(_ timestamp: Date) throws(CacheFileError) {
        guard timestamp.timeIntervalSinceReferenceDate.isFinite else {
            throw CacheFileError(.write, url, reason: "cannot encode the timestamp \(timestamp.timeIntervalSinceReferenceDate)")
        }
    }
}
