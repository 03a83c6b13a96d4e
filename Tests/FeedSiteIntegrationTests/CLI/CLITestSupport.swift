import FeedSiteCLI
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// A console that keeps every line, for asserting on what the tool says.
final class RecordingConsole: Console {
    private let lines = Mutex<(output: [String], diagnostics: [String])>(([], []))

    var isInteractive: Bool { false }

    func output(_ line: String) {
        lines.withLock { $0.output.append(line) }
    }

    func diagnostic(_ line: String) {
        lines.withLock { $0.diagnostics.append(line) }
    }

    func status(_ line: String?) {}

    var output: String { lines.withLock { $0.output.joined(separator: "\n") } }
    var diagnostics: String { lines.withLock { $0.diagnostics.joined(separator: "\n") } }
}

/// The result of one in-process run of the command line.
struct CLIRun {
    let code: ExitCode
    let output: String
    let diagnostics: String
}

/// Runs `feedsite <arguments>` in this process with the working folder `folder`, the wall
/// clock standing at `currentDate`.
func runFeedsite(_ arguments: [String], in folder: URL, variables: [String: String] = [:], currentDate: Date = fixedNow()) async -> CLIRun {
    let console = RecordingConsole()
    // Retries happen as they would, but their back-off takes no time.
    let environment = RunEnvironment(
        variables: variables, workingDirectory: folder, currentDate: { currentDate }, retryClock: InstantRetryClock().clock
    )
    let code = await FeedSiteCLI.run(arguments: arguments, environment: environment, console: console)
    return CLIRun(code: code, output: console.output, diagnostics: console.diagnostics)
}

func read(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
}

extension XCTestCase {
    /// A sample API on 127.0.0.1 serving `source`, stopped when the test ends.
    func makeServer(_ source: SampleFeedSource, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws -> SampleAPIServer {
        let server = try SampleAPIServer(source: source, intercept: intercept)
        addTeardownBlock { server.stop() }
        return server
    }
}

/// A run's folder: the tool runs with it as working folder, writing `site/` and `cache/`.
struct RunFolder {
    let root: URL

    var site: URL { root.appendingPathComponent("site") }
    var cache: URL { root.appendingPathComponent("cache") }

    func file(_ path: String) -> URL { site.appendingPathComponent(path) }

    /// `generate` against `api` into `site/` with `cache/`, at `now` (ISO 8601), the wall
    /// clock standing at `currentDate`.
    func generate(api: URL, now: String = "2024-05-20T11:24:59Z", _ extra: [String] = [], currentDate: Date = fixedNow()) async -> CLIRun {
        await runFeedsite(
            ["generate", "--api", api.absoluteString, "--output", "site", "--cache", "cache", "--now", now] + extra,
            in: root, currentDate: currentDate
        )
    }
}

extension XCTestCase {
    func makeRunFolder() throws -> RunFolder {
        RunFolder(root: try makeTemporaryFolder(for: self))
    }
}
