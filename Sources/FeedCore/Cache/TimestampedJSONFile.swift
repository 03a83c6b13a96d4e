import Foundation

/// A JSON file holding one value and the time it was saved: the shared format of the feed
/// and comments caches, `{"timestamp": <seconds since 2001>, "value": …}`. Reading a
/// missing file gives `nil`; a file that does not decode is a read error naming the file.
/// The stores write the value's JSON by hand (`JSONText`) and read it with `JSONReader`,
/// several times faster than `JSONEncoder` and `JSONDecoder` and without their extra copy
/// of a 100,000-item feed in memory. `decode` turns the JSON value back into the store's
/// value, or `nil` when it is not of the expected shape.
struct TimestampedJSONFile<Value> {
    let path: String
    let decode: (JSONValue) -> Value?

    var url: URL { URL(fileURLWithPath: path) }

    func read() throws(CacheFileError) -> (value: Value, timestamp: Date)? {
        let data: Data
        do {
            guard let contents = try PlainFile.read(path) else { return nil }
            data = contents
        } catch {
            throw CacheFileError(.read, url, reason: error.description)
        }
        guard let json = try? JSONReader.read(data), let seconds = json["timestamp"]?.number, let raw = json["value"], let value = decode(raw) else {
            throw CacheFileError(.read, url, reason: "not a valid cache file (corrupt or from another version)")
        }
        return (value, Date(timeIntervalSinceReferenceDate: seconds))
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
