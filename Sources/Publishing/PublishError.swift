import Basics
import FileSystem

/// Why a site could not be built or put in place; the previous site is untouched.
public enum PublishError: SpaceAwareError, Equatable, Sendable, CustomStringConvertible {
    case outputIsNotAFolder(String)
    case cannotWrite(String, reason: String)
    case cannotPublish(String, reason: String)
    /// The disk under the site (or its staging folder) is full.
    case noSpace(OutOfSpace)

    /// `path` could not be written: `noSpace` when the disk is full, else `cannotWrite`.
    public static func writing(_ path: String, failedWith error: any Error) -> PublishError {
        OutOfSpace(writing: path, error).map(PublishError.noSpace) ?? .cannotWrite(path, reason: "\(error)")
    }

    /// Runs `body`, which writes `path`: a file system failure in it becomes `writing(path,
    /// failedWith:)`, so the error names what could not be written.
    @discardableResult
    public static func naming<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FileSystemError {
            throw writing(path, failedWith: error)
        }
    }

    /// The new site could not be put in place at `path`: `noSpace` when the disk is full.
    static func publishing(_ path: String, failedWith error: FileSystemError) -> PublishError {
        OutOfSpace(writing: path, error).map(PublishError.noSpace) ?? .cannotPublish(path, reason: error.description)
    }

    public var outOfSpace: OutOfSpace? {
        if case let .noSpace(full) = self { return full }
        return nil
    }

    public var description: String {
        switch self {
        case let .outputIsNotAFolder(path): "output \(path) exists and is not a folder"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotPublish(path, reason): "cannot put the new site in place at \(path): \(reason)"
        case let .noSpace(full): full.description
        }
    }
}
