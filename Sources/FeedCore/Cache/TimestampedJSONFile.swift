import Foundation

/// A JSON file holding one value and the time it was saved: the shared format of the feed
/// and comments caches. Reading a missing file gives `nil`; a file that does not decode is
/// a read error naming the file.
struct TimestampedJSONFile<Value: Codable> {
    private struct Envelope: Codable {
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

    func write(_ value: Value, timestamp: Date) throws(CacheFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Envelope(timestamp: timestamp, value: value))
        } catch {
            throw CacheFileError(.write, url, reason: "cannot encode: \(error)")
        }
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
