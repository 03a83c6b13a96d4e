import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

final class MetricsFileTests: XCTestCase {
    func test_write_putsTheWholeFileInPlaceAndLeavesNoTemporaryFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = MetricsFile(path: folder.appendingPathComponent("feedsite.prom").path)

        try file.write(run(endedAt: 1_000, published: true))
        try file.write(run(endedAt: 2_000, published: true))

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["feedsite.prom"])
        let samples = try PrometheusTextParser.samples(in: String(contentsOfFile: file.path, encoding: .utf8))
        XCTAssertEqual(samples["feedsite_last_run_timestamp_seconds"], 2_000)
    }

    func test_write_carriesTheLastSuccessOverFromTheFileAlreadyThere() throws {
        let file = MetricsFile(path: try makeTemporaryFolder(for: self).appendingPathComponent("feedsite.prom").path)

        try file.write(run(endedAt: 1_000, published: true))
        try file.write(run(endedAt: 2_000, published: false, code: .failure))

        let samples = try PrometheusTextParser.samples(in: String(contentsOfFile: file.path, encoding: .utf8))
        XCTAssertEqual(samples["feedsite_last_run_timestamp_seconds"], 2_000)
        XCTAssertEqual(samples["feedsite_last_run_exit_code"], 1)
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], 1_000)
        XCTAssertEqual(samples["feedsite_last_publish_timestamp_seconds"], 1_000)
    }

    func test_write_startsWithNoSuccessOverAnUnparsableFile() throws {
        let path = try makeTemporaryFolder(for: self).appendingPathComponent("feedsite.prom").path
        try Data("feedsite_last_success_timestamp_seconds garbage\n".utf8).write(to: URL(fileURLWithPath: path))

        try MetricsFile(path: path).write(run(endedAt: 2_000, published: false, code: .failure))

        let samples = try PrometheusTextParser.samples(in: String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], 0)
    }

    func test_write_refusesAFolderThatDoesNotExistAndCreatesNone() throws {
        let folder = try makeTemporaryFolder(for: self)
        let path = folder.appendingPathComponent("textfile/feedsite.prom").path

        XCTAssertThrowsError(try MetricsFile(path: path).write(run(endedAt: 1, published: true))) { error in
            XCTAssertEqual(
                "\(error)", "metrics file \(path) not written: the folder \(folder.path)/textfile does not exist; the run's exit status is unaffected")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// A device is refused the same way (`PlainFile.kind` tells it apart), but is not tried
    /// here: a test run as root whose check had broken would replace `/dev/null` with a file.
    func test_write_refusesWhatIsNotARegularFileAndLeavesItAlone() throws {
        let folder = try makeTemporaryFolder(for: self)
        let taken = folder.appendingPathComponent("feedsite.prom")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)

        XCTAssertThrowsError(try MetricsFile(path: taken.path).write(run(endedAt: 1, published: true))) { error in
            XCTAssertEqual((error as? MetricsFile.NotWritten)?.reason, "it is not a regular file")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["feedsite.prom"])
    }

    // MARK: - Helpers

    private func run(endedAt seconds: Double, published: Bool, code: ExitCode = .success) -> RunMetrics {
        var run = RunMetrics()
        run.endedAt = Date(timeIntervalSince1970: seconds)
        run.exitCode = code
        run.summary.published = published
        return run
    }
}
