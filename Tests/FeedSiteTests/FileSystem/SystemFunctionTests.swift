import FileSystem
import Foundation
import XCTest

final class SystemFunctionTests: XCTestCase {
    func test_named_findsTheCLibrarysFunctionReadyToCall() throws {
        typealias GetPID = @convention(c) () -> Int32

        let function = try XCTUnwrap(SystemFunction.named("getpid", as: GetPID.self))

        XCTAssertEqual(function(), ProcessInfo.processInfo.processIdentifier)
    }

    func test_named_isNilForAFunctionNoLibraryHas() {
        typealias Nothing = @convention(c) () -> Void

        XCTAssertNil(SystemFunction.named("feedsite_no_such_function", as: Nothing.self))
    }
}
