import FeedSiteCLI
import XCTest

/// Every command's outcome becomes its exit status in one place, by the statuses README's
/// table documents.
final class ExitCodeTests: XCTestCase {
    func test_exitCode_ofEachWayACommandEnds() {
        let statuses: [(CommandStatus, Int32)] = [(.done, 0), (.failed, 1), (.refused, 2), (.degraded, 3), (.interrupted, 130)]

        for (status, number) in statuses {
            XCTAssertEqual(ExitCode(status).rawValue, number, "\(status)")
        }
    }
}
