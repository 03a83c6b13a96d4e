import Publishing
import SiteGenerator

/// A scratch file of the staging folder, whose errors name the path it was made at (it has
/// no name once open).
struct NamedScratchFile: ScratchStorage {
    let file: ScratchFile
    let path: String

    func append(_ bytes: [UInt8]) throws -> (offset: Int, length: Int) {
        do {
            return try file.append(bytes)
        } catch {
            throw PublishError.writing(path, failedWith: error)
        }
    }

    func read(_ place: (offset: Int, length: Int)) throws -> [UInt8] {
        do {
            return try file.read(place)
        } catch {
            throw PublishError.writing(path, failedWith: error)
        }
    }
}
