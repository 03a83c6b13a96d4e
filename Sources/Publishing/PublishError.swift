/// Why a site could not be built or put in place; the previous site is untouched.
public enum PublishError: Error, Equatable, Sendable, CustomStringConvertible {
    case outputIsNotAFolder(String)
    case cannotWrite(String, reason: String)
    case cannotPublish(String, reason: String)

    public var description: String {
        switch self {
        case let .outputIsNotAFolder(path): "output \(path) exists and is not a folder"
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotPublish(path, reason): "cannot put the new site in place at \(path): \(reason)"
        }
    }
}
