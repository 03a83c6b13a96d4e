import FileSystem
import Foundation
import HTTP

/// What a run takes from the process around it, injected so tests can pin it.
public struct RunEnvironment: Sendable {
    public var variables: [String: String]
    public var workingDirectory: URL
    public var currentDate: @Sendable () -> Date
    /// The time, waiting and randomness of the network's retries.
    public var retryClock: RetryClock

    public init(
        variables: [String: String], workingDirectory: URL, currentDate: @escaping @Sendable () -> Date = { Date() },
        retryClock: RetryClock = .system
    ) {
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.currentDate = currentDate
        self.retryClock = retryClock
    }

    /// This process's environment.
    public static var current: RunEnvironment {
        RunEnvironment(
            variables: ProcessInfo.processInfo.environment,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
    }

    /// A path from the command line, made absolute against the working folder.
    func resolve(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : workingDirectory.path + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL
    }
}

extension RunEnvironment {
    /// `$XDG_CACHE_HOME/<name>`, else `~/.cache/<name>`.
    func userCacheFolder(named name: String) -> URL {
        if let xdg = variables["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent(name)
        }
        let home = variables["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache").appendingPathComponent(name)
    }

    /// The folders an output may never hold, not even with `--force`, as real paths and how
    /// to name them: the home folder and the working folder.
    var protectedFolders: [(path: String, name: String)] {
        let home = variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return [(RealPath.of(home), "the home folder \(home)"), (RealPath.of(workingDirectory.path), "the working folder \(workingDirectory.path)")]
    }

    /// `--cache` when given, else the user's `feedsite` cache folder.
    func cacheFolder(_ option: String?) -> URL {
        option.map(resolve) ?? userCacheFolder(named: "feedsite")
    }
}
