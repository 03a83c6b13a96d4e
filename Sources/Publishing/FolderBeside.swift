import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hidden folders a run makes beside the output, `.<output>.feedsite-<kind>-<pid>`:
/// the site being staged, the old site set aside, a snapshot or a first history being made.
/// Named by the run's process, so the next run knows which were left by one that is gone.
public enum FolderBeside {
    /// The folder of `kind` that process `pid` makes beside `output`.
    public static func path(besides output: URL, kind: String, pid: Int32 = getpid()) -> String {
        output.deletingLastPathComponent().path + "/" + prefix(besides: output, kind: kind) + String(pid)
    }

    /// The folders of `kinds` beside `output` whose process is gone, or is this one.
    public static func abandoned(besides output: URL, kinds: [String]) -> [String] {
        let parent = output.deletingLastPathComponent().path
        let prefixes = kinds.map { prefix(besides: output, kind: $0) }
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).compactMap { name in
            guard let prefix = prefixes.first(where: name.hasPrefix), let pid = pid_t(name.dropFirst(prefix.count)) else { return nil }
            guard pid == getpid() || kill(pid, 0) != 0 && errno == ESRCH else { return nil }
            return parent + "/" + name
        }
    }

    private static func prefix(besides output: URL, kind: String) -> String {
        ".\(output.lastPathComponent).feedsite-\(kind)-"
    }
}
