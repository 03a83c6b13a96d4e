import Foundation
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// `feedsite serve` in this process: what it says, when it refuses to start, and that it
/// serves until it is told to stop.
final class ServeTests: XCTestCase {
    func test_serve_saysWhereItServesAnswersUntilStoppedThenClosesItsPortAndExits0() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try writeSite(["index.html": "<h1>My Feed</h1>"], to: folder.appendingPathComponent("site"))
        let console = RecordingConsole()
        let answered = Mutex<(port: UInt16, text: String)?>(nil)
        let command = ServeCommand(site: folder.appendingPathComponent("site"), port: 0, console: console) {
            guard let port = Self.port(in: console.output), let client = try? LoopbackSocketClient(port: port) else { return }
            client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let text = client.readUntilClosed()
            answered.withLock { $0 = (port, text) }
        }

        let code = (await command.run()).code

        XCTAssertEqual(code, .success)
        let (port, text) = try XCTUnwrap(answered.withLock { $0 }, console.output + console.diagnostics)
        XCTAssertEqual(console.output, "serving \(folder.path)/site at http://127.0.0.1:\(port)/ (Ctrl-C to stop)")
        XCTAssertEqual(console.diagnostics, "")
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), text)
        XCTAssertTrue(text.contains("\r\nContent-Type: text/html; charset=utf-8\r\n"), text)
        XCTAssertTrue(text.hasSuffix("\r\n\r\n<h1>My Feed</h1>"), text)
        XCTAssertThrowsError(try LoopbackSocketClient(port: port), "the port is closed once it stops")
    }

    func test_serve_withoutASiteSaysToGenerateFirstAndExits1() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))

        for output in ["missing", "empty", "file"] {
            let run = await runFeedsite(["serve", "--output", output, "--port", "0"], in: folder)

            XCTAssertEqual(run.code, .failure, output)
            XCTAssertEqual(run.diagnostics, "feedsite: error: no site in \(folder.path)/\(output); run feedsite generate first", output)
            XCTAssertEqual(run.output, "", output)
        }
    }

    func test_serve_onAPortInUseSaysSoInOneLineAndExits1() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try writeSite(["index.html": "x"], to: folder.appendingPathComponent("Output"))
        let taken = try LoopbackHTTPServer { _ in HTTPResponse(status: 200) }

        let run = await runFeedsite(["serve", "--port", "\(taken.port)"], in: folder)
        await taken.stop()

        XCTAssertEqual(run.code, .failure)
        XCTAssertEqual(
            run.diagnostics,
            "feedsite: error: cannot listen on 127.0.0.1:\(taken.port): Address already in use; choose another port with --port N, or --port 0 for any free one"
        )
        XCTAssertEqual(run.output, "")
    }

    // MARK: - Helpers

    private func writeSite(_ files: [String: String], to site: URL) throws {
        for (path, text) in files {
            let file = site.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// The port in "serving … at http://127.0.0.1:PORT/ …".
    static func port(in line: String) -> UInt16? {
        guard let start = line.range(of: "http://127.0.0.1:")?.upperBound else { return nil }
        return UInt16(line[start...].prefix { $0.isNumber })
    }
}
