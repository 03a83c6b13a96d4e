import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed file operation, reduced to the system's reason ("Permission denied").
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value, when the failure came from the system.
    public let code: Int32?
    public let description: String

    public init(_ description: String, code: Int32? = nil) {
        self.description = description
        self.code = code
    }

    public var isNoSuchFile: Bool { code == ENOENT }

    public static func fromErrno(_ code: Int32 = errno) -> FileSystemError {
        FileSystemError(String(cString: strerror(code)), code: code)
    }

    /// Fails with `errno`'s reason when a system call returned non-zero.
    public static func check(_ result: Int32) throws(FileSystemError) {
        if result != 0 { throw fromErrno() }
    }

    /// Runs a Foundation file operation, keeping only the POSIX reason of its error.
    public static func wrap<T>(_ operation: () throws -> T) throws(FileSystemError) -> T {
        do {
            return try operation()
        } catch let error as FileSystemError {
            throw error
        } catch {
            throw reason(for: error)
        }
    }

    public static func reason(for error: Error) -> FileSystemError {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return fromErrno(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return fromErrno(Int32(nsError.code))
        }
        guard nsError.domain == NSCocoaErrorDomain else {
            return FileSystemError(nsError.localizedDescription)
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return fromErrno(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return fromErrno(EACCES)
        case .fileWriteOutOfSpace: return fromErrno(ENOSPC)
        case .fileWriteVolumeReadOnly: return fromErrno(EROFS)
        case .fileWriteFileExists: return fromErrno(EEXIST)
        default: return FileSystemError(nsError.localizedDescription)
        }
    }
}
