import FileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ZIM file to read: `FILE` itself, or, when there is none, its parts `FILEaa`, `FILEab`…
/// read as one run of bytes.
final class ZimFileParts {
    let paths: [String]
    private let descriptors: [Int32]
    private let starts: [Int]
    let size: Int

    init(path: String) throws(ZimError) {
        var paths = [path]
        if access(path, F_OK) != 0 {
            paths = []
            for name in (try? ZimOutput.partPaths(for: path, count: 26 * 26)) ?? [] {
                guard access(name, F_OK) == 0 else { break }
                paths.append(name)
            }
            guard !paths.isEmpty else { throw .cannotRead(path, reason: "there is no such file, nor parts of it") }
        }
        var descriptors: [Int32] = []
        var starts: [Int] = []
        var size = 0
        for name in paths {
            let descriptor = open(name, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                if descriptor >= 0 { close(descriptor) }
                for descriptor in descriptors { close(descriptor) }
                throw .cannotRead(name, reason: "it is not a regular file that can be read")
            }
            descriptors.append(descriptor)
            starts.append(size)
            size += Int(info.st_size)
        }
        self.paths = paths
        self.descriptors = descriptors
        self.starts = starts
        self.size = size
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// The `count` bytes at `offset`; a range past the end is an error, never a short read.
    func read(at offset: Int, count: Int) throws(ZimError) -> [UInt8] {
        guard offset >= 0, count >= 0, count <= size - offset else {
            throw .malformed("\(count) bytes at \(offset) are past the end (\(size) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let position = offset + done
            let part = (starts.lastIndex { $0 <= position })!
            let partEnd = part + 1 < starts.count ? starts[part + 1] : size
            var chunk = [UInt8](repeating: 0, count: min(count - done, partEnd - position))
            let read: Int
            do { read = try PlainFile.readAll(into: &chunk, from: descriptors[part], at: position - starts[part]) } catch {
                throw .cannotRead(paths[part], reason: error.description)
            }
            guard read == chunk.count else { throw .cannotRead(paths[part], reason: "it ended early") }
            bytes.replaceSubrange(done..<done + read, with: chunk)
            done += read
        }
        return bytes
    }
}
