import Basics

/// Why a ZIM file was not written, or could not be read.
public enum ZimError: SpaceAwareError, Equatable, Sendable, CustomStringConvertible {
    /// A file of the site could not be read, or changed while it was packed.
    case cannotRead(String, reason: String)
    case cannotWrite(String, reason: String)
    /// The disk under the file is full.
    case noSpace(OutOfSpace)
    /// More parts than two letters can name, or more entries than the format counts.
    case tooLarge(String)
    /// What was read is not a ZIM file this reader understands, or is damaged.
    case malformed(String)

    public var description: String {
        switch self {
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): "cannot write the ZIM file \(path): \(reason)"
        case let .noSpace(full): full.description
        case let .tooLarge(reason): "the ZIM file would be too large: \(reason)"
        case let .malformed(reason): "not a readable ZIM file: \(reason)"
        }
    }

    public var outOfSpace: OutOfSpace? {
        if case let .noSpace(full) = self { return full }
        return nil
    }
}
