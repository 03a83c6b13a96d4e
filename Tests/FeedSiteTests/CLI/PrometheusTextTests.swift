import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

final class PrometheusTextTests: XCTestCase {
    func test_render_writesEachFamilysHelpAndTypeBeforeItsSamplesInTheOrderGiven() {
        let text = PrometheusText.render([
            .init("job_last_run_timestamp_seconds", .gauge, help: "When it ended.", 1_716_204_299),
            .init("job_phase_duration_seconds", .gauge, help: "Each phase.", [.init("phase", "feed", 0.25), .init("phase", "images", 2)]),
        ])

        XCTAssertEqual(
            text,
            """
            # HELP job_last_run_timestamp_seconds When it ended.
            # TYPE job_last_run_timestamp_seconds gauge
            job_last_run_timestamp_seconds 1716204299
            # HELP job_phase_duration_seconds Each phase.
            # TYPE job_phase_duration_seconds gauge
            job_phase_duration_seconds{phase="feed"} 0.25
            job_phase_duration_seconds{phase="images"} 2

            """)
    }

    func test_render_escapesHelpTextAndLabelValuesSoAStrictParserReadsThemBack() throws {
        let awkward = #"C:\feeds "main"\#nsecond line"#
        let text = PrometheusText.render([
            .init(
                "job_info", .gauge, help: #"A \ and a line"# + "\nbreak",
                [.init(labels: [.init(name: "path", value: awkward), .init(name: "b", value: "")], value: 1)])
        ])

        XCTAssertTrue(text.contains(#"# HELP job_info A \\ and a line\nbreak"#), text)
        XCTAssertTrue(text.contains(#"job_info{path="C:\\feeds \"main\"\nsecond line",b=""} 1"#), text)
        let family = try XCTUnwrap(PrometheusTextParser.parse(text).first)
        XCTAssertEqual(family.help, "A \\ and a line\nbreak")
        XCTAssertEqual(family.samples, [.init(labels: ["path": awkward, "b": ""], value: 1)])
    }

    func test_format_writesWholeNumbersWithoutAFractionAndSpecialValuesAsTheFormatSpellsThem() {
        XCTAssertEqual(PrometheusText.format(0), "0")
        XCTAssertEqual(PrometheusText.format(-0.0), "0")
        XCTAssertEqual(PrometheusText.format(130), "130")
        XCTAssertEqual(PrometheusText.format(1_716_204_299), "1716204299")
        XCTAssertEqual(PrometheusText.format(1_716_204_299.125), "1716204299.125")
        XCTAssertEqual(PrometheusText.format(0.000001), "1e-06")
        XCTAssertEqual(PrometheusText.format(.nan), "NaN")
        XCTAssertEqual(PrometheusText.format(.infinity), "+Inf")
        XCTAssertEqual(PrometheusText.format(-.infinity), "-Inf")
    }

    func test_value_readsBackTheUnlabelledSampleOfThatNameOnly() {
        let text = """
            # HELP job_last_success_timestamp_seconds_old Another family whose name starts the same.
            # TYPE job_last_success_timestamp_seconds_old gauge
            job_last_success_timestamp_seconds_old 5
            # HELP job_last_success_timestamp_seconds When.
            # TYPE job_last_success_timestamp_seconds gauge
            job_last_success_timestamp_seconds 1716204299.5

            """

        XCTAssertEqual(PrometheusText.value(of: "job_last_success_timestamp_seconds", in: text), 1_716_204_299.5)
        XCTAssertEqual(PrometheusText.value(of: "job_last_success_timestamp_seconds_old", in: text), 5)
        XCTAssertNil(PrometheusText.value(of: "job_last_success", in: text))
        XCTAssertNil(PrometheusText.value(of: "job_items", in: text))
    }

    func test_value_isNilForASampleThatIsNotAFiniteNumber() {
        XCTAssertNil(PrometheusText.value(of: "job_seconds", in: "job_seconds yesterday\n"))
        XCTAssertNil(PrometheusText.value(of: "job_seconds", in: "job_seconds NaN\n"))
        XCTAssertNil(PrometheusText.value(of: "job_seconds", in: "job_seconds +Inf\n"))
        XCTAssertNil(PrometheusText.value(of: "job_seconds", in: "job_seconds 12 1716204299000\n"), "a timestamp is not ours")
        XCTAssertNil(PrometheusText.value(of: "job_seconds", in: ""))
    }

    /// The parser the metrics tests rely on must itself refuse what the textfile collector
    /// would, or those tests could not fail.
    func test_strictParser_refusesWhatTheFormatOrTheTextfileCollectorDoesNot() {
        let head = "# HELP a_seconds A.\n# TYPE a_seconds gauge\n"
        let refused: [(String, String)] = [
            (head + "a_seconds 1", "no final line feed"),
            (head + "a_seconds 1 1716204299000\n", "a timestamp"),
            ("a_seconds 1\n", "no HELP and TYPE"),
            ("# HELP a_seconds A.\na_seconds 1\n", "no TYPE"),
            (head + "a_seconds 1\na_seconds 2\n", "a repeated sample"),
            (head + "# HELP b B.\n# TYPE b gauge\nb 1\na_seconds 2\n", "a family split in two"),
            (head + "a_seconds{x=\"1\"} one\n", "a value that is no number"),
            (head + "a_seconds{x=\"\\t\"} 1\n", "an escape the format does not have"),
            (head + "a_seconds{1x=\"a\"} 1\n", "a bad label name"),
            (head + "a_seconds{x=\"a\",x=\"b\"} 1\n", "a repeated label"),
            ("# HELP 1a A.\n# TYPE 1a gauge\n1a 1\n", "a bad metric name"),
            (head + "\na_seconds 1\n", "an empty line"),
            (head + "# a comment\n", "a comment line"),
            ("# HELP a A.\n# TYPE a kind\n", "an unknown type"),
        ]
        for (text, what) in refused {
            XCTAssertThrowsError(try PrometheusTextParser.parse(text), what)
        }
        XCTAssertNoThrow(try PrometheusTextParser.parse(head + "a_seconds{x=\"q\\\"\\\\\\n\"} -1.5e-3\n"))
    }
}
