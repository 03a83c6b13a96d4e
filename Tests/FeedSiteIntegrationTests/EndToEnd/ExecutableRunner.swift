import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `feedsite` executable as a child process, as cron or CI would.
struct ExecutableRunner {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The folder SwiftPM built the products into (the test bundle sits there too).
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            fatalError("no .xctest bundle found")
        #else
            return Bundle.main.bundleURL
        #endif
    }

    static var executable: URL {
        productsDirectory.appendingPathComponent("feedsite")
    }

    /// Runs `feedsite arguments…` in `folder` with a clean environment (plus `variables`)
    /// and waits for it to end.
    static func run(_ arguments: [String], in folder: URL, variables: [String: String] = [:]) throws -> Result {
        let running = try start(arguments, in: folder, variables: variables)
        return try running.finish()
    }

    /// Starts `feedsite arguments…` without waiting, so a test can signal it mid-run. With
    /// `pipingOutput` its standard output comes through a pipe, so the test can wait for a
    /// line it prints while it runs (`Running.nextOutputLine`); `pipingErrors` does the same
    /// for its standard error (`Running.nextErrorLine`).
    static func start(
        _ arguments: [String], in folder: URL, variables: [String: String] = [:], pipingOutput: Bool = false, pipingErrors: Bool = false
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"]
        environment.merge(variables) { _, new in new }
        process.environment = environment
        // Output goes through files so a large output cannot block the child.
        let outURL = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let output = pipingOutput ? OutputPipe() : nil
        let errors = pipingErrors ? OutputPipe() : nil
        process.standardOutput = try output?.pipe ?? FileHandle(forWritingTo: outURL)
        process.standardError = try errors?.pipe ?? FileHandle(forWritingTo: errURL)
        try process.run()
        return Running(process: process, outURL: outURL, errURL: errURL, output: output, errors: errors)
    }

    /// A started child process.
    struct Running {
        let process: Process
        let outURL: URL
        let errURL: URL
        fileprivate var output: OutputPipe? = nil
        fileprivate var errors: OutputPipe? = nil

        /// The next line the process writes to its standard output, without its newline;
        /// nil when it closes its output first. Only for a process started `pipingOutput`.
        /// Kills the process (SIGKILL) if no line came after `seconds`, a generous limit
        /// that only stops a hang.
        func nextOutputLine(killingAfter seconds: Int) -> String? {
            nextLine(of: output, killingAfter: seconds)
        }

        /// The same for standard error, for a process started `pipingErrors`.
        func nextErrorLine(killingAfter seconds: Int) -> String? {
            nextLine(of: errors, killingAfter: seconds)
        }

        private func nextLine(of pipe: OutputPipe?, killingAfter seconds: Int) -> String? {
            let pid = self.pid
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
            defer { watchdog.cancel() }
            return pipe?.nextLine()
        }

        var pid: Int32 { process.processIdentifier }

        /// Waits for the process to end, killing it (SIGKILL) if it is still running after
        /// `seconds`, a generous limit that only stops a hang, and collects what it printed.
        func finish(killingAfter seconds: Int) throws -> Result {
            let pid = self.pid
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
            defer { watchdog.cancel() }
            return try finish()
        }

        /// Waits for the process to end and collects what it printed.
        func finish() throws -> Result {
            process.waitUntilExit()
            defer {
                try? FileManager.default.removeItem(at: outURL)
                try? FileManager.default.removeItem(at: errURL)
            }
            return Result(
                status: process.terminationStatus,
                standardOutput: try output?.everything() ?? String(contentsOf: outURL, encoding: .utf8),
                standardError: try errors?.everything() ?? String(contentsOf: errURL, encoding: .utf8)
            )
        }
    }
}

/// A child's standard output on a pipe, read a line at a time while it runs.
private final class OutputPipe {
    let pipe = Pipe()
    private var read = Data()
    private var handedOut = 0

    func nextLine() -> String? {
        while true {
            if let newline = read[handedOut...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: read[handedOut..<newline], as: UTF8.self)
                handedOut = newline + 1
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { return nil }
            read.append(chunk)
        }
    }

    /// Everything the process wrote, the lines already handed out included, once it ended.
    func everything() -> String {
        read.append(pipe.fileHandleForReading.readDataToEndOfFile())
        return String(decoding: read, as: UTF8.self)
    }
}
