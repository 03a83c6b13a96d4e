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

    /// Starts `feedsite arguments…` without waiting, so a test can signal it mid-run.
    static func start(_ arguments: [String], in folder: URL, variables: [String: String] = [:]) throws -> Running {
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
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        return Running(process: process, outURL: outURL, errURL: errURL)
    }

    /// A started child process.
    struct Running {
        let process: Process
        let outURL: URL
        let errURL: URL

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
                standardOutput: try String(contentsOf: outURL, encoding: .utf8),
                standardError: try String(contentsOf: errURL, encoding: .utf8)
            )
        }
    }
}
