import FileSystem
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of the staged site made of numbered lines that arrive in any order, from any
/// number of tasks at once, and are written in the order of their numbers as soon as they
/// can be, so the file is never held whole.
///
/// A line that comes before its turn waits on the disk, not in memory: it is appended to a
/// scratch file (unlinked as soon as it is opened, so nothing of it outlives the process),
/// and only its place there is kept, until the lines before it have come. Whenever no line
/// waits, the scratch file is emptied again. So memory holds one line at a time and a place
/// per waiting line, however far one late line holds the others back; the scratch file
/// holds the waiting lines, usually a few.
///
/// The lines go through `StagedSite.beginFile(at:)`: a file equal to the previous site's is
/// kept from it, modification time and all.
public final class OrderedLinesFile: Sendable {
    /// The file's path from the site root.
    public let path: String
    private let site: StagedSite
    private let state: Mutex<State>

    private struct State: ~Copyable {
        let draft: AtomicFile.Draft
        let scratch: ScratchFile
        /// The number of the next line to write.
        var next = 0
        /// Where each line that came before its turn waits in the scratch file.
        var waiting: [Int: (offset: Int, length: Int)] = [:]
    }

    /// Starts the file at `path` (from the site root) in `site`.
    public init(_ path: String, in site: StagedSite) throws(PublishError) {
        let draft = site.beginFile(at: path)
        let scratch = try site.scratchFile(path).file
        self.path = path
        self.site = site
        self.state = Mutex(State(draft: draft, scratch: scratch))
    }

    /// Adds line number `number` (from 0; each number once), which ends with its own line
    /// break. It is written at once when every line before it has been; else it waits.
    public func add(_ line: String, number: Int) throws(PublishError) {
        try state.withLock { (state) throws(PublishError) in
            guard number >= state.next, state.waiting[number] == nil else {
                throw .cannotWrite(site.staging.path + "/" + path, reason: "line \(number) was given twice")
            }
            do {
                guard number == state.next else {
                    state.waiting[number] = try state.scratch.append(line)
                    return
                }
                try state.draft.writer.write(line)
                state.next += 1
                while let place = state.waiting.removeValue(forKey: state.next) {
                    try state.draft.writer.write(try state.scratch.read(place))
                    state.next += 1
                }
                if state.waiting.isEmpty { try state.scratch.empty() }
            } catch {
                throw .writing(site.staging.path + "/" + path, failedWith: error)
            }
        }
    }

    /// Puts the file in place once lines 0 to `count - 1` have all come; else it throws and
    /// the file is not written.
    public func finish(count: Int) throws(PublishError) {
        try state.withLock { (state) throws(PublishError) in
            guard state.next == count, state.waiting.isEmpty else {
                state.draft.discard()
                let missing = count - state.next - state.waiting.count
                throw .cannotWrite(site.staging.path + "/" + path, reason: "\(missing) of its \(count) lines never came")
            }
            try site.commit(state.draft)
        }
    }
}
