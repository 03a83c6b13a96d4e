import Basics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutOfSpace {
    /// The full disk an `errno` value means (`ENOSPC`, or `EDQUOT` for a quota) while
    /// writing `path`, or `nil` when it means something else.
    public init?(path: String, code: Int32?) {
        guard let limit = Limit(code: code) else { return nil }
        self.init(path: path, limit: limit)
    }

    /// The full disk behind `error` while writing `path`, or `nil` when `error` is about
    /// something else. An error that already names where the space ran out keeps its path.
    public init?(writing path: String, _ error: any Error) {
        if let found = Self.found(in: error) {
            self = found
        } else if let error = error as? FileSystemError {
            self.init(path: path, code: error.code)
        } else {
            return nil
        }
    }
}

extension OutOfSpace.Limit {
    /// What `ENOSPC` and `EDQUOT` mean; `nil` for any other `errno` value.
    init?(code: Int32?) {
        switch code {
        case ENOSPC: self = .device
        case EDQUOT: self = .quota
        default: return nil
        }
    }
}
