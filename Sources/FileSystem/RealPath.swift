import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a path really leads, for telling whether two folders are one or one holds the
/// other: the part that exists is resolved by the kernel (`realpath(3)`: symbolic links,
/// `.` and `..`), and the part that does not exist yet is appended to it as written, with
/// its own `.` and `..` applied by name.
public enum RealPath {
    /// The real form of the absolute `path`.
    public static func of(_ path: String) -> String {
        var existing = path
        var missing: [String] = []
        while true {
            if let resolved = kernelResolved(existing) {
                return appending(missing.reversed(), to: resolved)
            }
            let name = (existing as NSString).lastPathComponent
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return appending(missing.reversed(), to: "/") }
            missing.append(name)
            existing = parent
        }
    }

    /// The real form of the absolute `path` when all of it exists; nil when it does not.
    /// One call to the kernel, however many names `path` holds.
    public static func ofExisting(_ path: String) -> String? {
        kernelResolved(path)
    }

    /// Whether `inner` is `outer` or lies somewhere inside it; both real paths.
    public static func isWithin(_ inner: String, _ outer: String) -> Bool {
        inner == outer || outer == "/" || inner.hasPrefix(outer + "/")
    }

    private static func kernelResolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func appending(_ names: [String], to base: String) -> String {
        var components = base.split(separator: "/").map(String.init)
        for name in names {
            switch name {
            case "", ".": continue
            case "..": _ = components.popLast()
            default: components.append(name)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
