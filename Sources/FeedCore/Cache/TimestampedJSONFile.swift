import Foundation

/// A JSON file holding one value and the time it was saved: the shared format of the feed
/// and comments caches, `{"timestamp": <seconds since 2001>, "value": …}`. Reading a
/// missing file gives `nil`; a file that does not decode is a read error naming the file.
/// The stores write the value's JSON by hand (`JSONText`), which is several times faster
/// than `JSONEncoder` and keeps no second copy of a 100,000-item feed in memory.
struct TimestampedJSONFile<Value: Decodable> {
    private struct Envelope: Decodable {
        let timestamp: Date
        let value: Value
    }

    let path: String

    var url: URL { URL(fileURLWithPath: path) }

    func read() throws(CacheFileError) -> (value: Value, timestamp: Date)? {
        let data: Data
        do {
            guard let contents = try PlainFile.read(path) else { return nil }
            data = contents
        } catch {
            throw CacheFileError(.read, url, reason: error.description)
        }
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            return (envelope.value, envelope.timestamp)
        } catch {
            throw CacheFileError(.read, url, reason: "not a valid cache file (corrupt or from another version)")
        }
    }

    /// `valueJSON` is the value already written as JSON text.
    func write(valueJSON: String, timestamp: Date) throws(CacheFileError) {
        guard timestamp.timeIntervalSinceReferenceDate.isFinite else {
            throw CacheFileError(.write, url, reason: "cannot encode the timestamp \(timestamp.timeIntervalSinceReferenceDate)")
        }
        let data = Data("{\"timestamp\":\(JSONText.date(timestamp)),\"value\":\(valueJSON)}\n".utf8)
        // Rewriting identical bytes would change nothing but the disk's wear: a rerun with a
        // pinned clock (--now, SOURCE_DATE_EPOCH) leaves every unchanged cache file alone.
        if let existing = try? PlainFile.read(path), existing == data { return }
        do {
            try AtomicFile.write(data, toPath: path)
        } catch {
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
}
