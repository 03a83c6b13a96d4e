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

    func test_named_followsASymbolicLinkSoTheLinkStays() throws {
        let folder = try makeTemporaryFolder(for: self)
        let real = folder.appendingPathComponent("real.prom")
        let link = folder.appendingPathComponent("link.prom")
        try Data().write(to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        var options = GenerateOptions()
        options.metricsFile = "link.prom"

        let file = try XCTUnwrap(MetricsFile.named(by: options, environment: environment(in: folder)))
        try file.write(run(endedAt: 1_000, published: true))

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path)
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).contains("feedsite_last_run_timestamp_seconds 1000\n"))
    }

    func test_named_refusesAPathInsideTheOutputFolderAsAUsageError() throws {
        let folder = try makeTemporaryFolder(for: self)
        var options = GenerateOptions()
        options.output = "site"
        for inside in ["site/feedsite.prom", "site/./metrics/x.prom", "site"] {
            options.metricsFile = inside
            XCTAssertThrowsError(try MetricsFile.named(by: options, environment: environment(in: folder)), inside) { error in
                let failure = error as? RunContext.OpenFailure
                XCTAssertEqual(failure?.code, .usage, inside)
                XCTAssertTrue(failure?.message.hasPrefix("--metrics-file \(inside) is inside the output folder") == true, failure?.message ?? "")
            }
        }
        options.metricsFile = "site.prom"
        XCTAssertNotNil(try MetricsFile.named(by: options, environment: environment(in: folder)))
        options.metricsFile = nil
        XCTAssertNil(try MetricsFile.named(by: options, environment: environment(in: folder)))
    }

    // MARK: - Helpers

    private func run(endedAt seconds: Double, published: Bool, code: ExitCode = .success) -> RunMetrics {
        var run = RunMetrics()
        run.endedAt = Date(timeIntervalSince1970: seconds)
        run.exitCode = code
        run.summary.published = published
        return run
    }

    private func environment(in folder: URL) -> RunEnvironment {
        RunEnvironment(variables: [:], workingDirectory: folder, currentDate: { fixedNow() })
    }
}
