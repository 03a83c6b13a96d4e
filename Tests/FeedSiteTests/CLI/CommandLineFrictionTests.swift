import Basics
import Foundation
import XCTest

@testable import FeedSiteCLI

/// What a new user meets when the command line is almost right: a near option or command
/// named, where to read the usage, a day alone for `--now`, and `serve --host`.
final class CommandLineFrictionTests: XCTestCase {
    func test_parse_namesTheOptionOrCommandAMistypedOneWasNear() {
        let cases: [([String], String)] = [
            (["generate", "--ouput", "x"], "unknown option '--ouput' for 'generate'; did you mean '--output'?"),
            (["generate", "--histroy"], "unknown option '--histroy' for 'generate'; did you mean '--history'?"),
            (["generate", "--base"], "unknown option '--base' for 'generate'; did you mean '--base-url'?"),
            (["serve", "--prot", "1"], "unknown option '--prot' for 'serve'; did you mean '--port'?"),
            (["generat"], "unknown command 'generat'; did you mean 'generate'?"),
            (["hisotry", "list"], "unknown command 'hisotry'; did you mean 'history'?"),
            (["generate", "--colour"], "unknown option '--colour' for 'generate'"),
            (["publish"], "unknown command 'publish'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments, environment: [:]), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message, "\(arguments)")
            }
        }
        XCTAssertThrowsError(try ArgumentParser.parse(["history", "lst"], environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("(got 'lst'; did you mean 'list'?)"), "\(error)")
        }
    }

    func test_usageError_pointsAtTheHelpOfTheCommandItWasFor() {
        let cases: [([String], String)] = [
            (["generate", "--page-size", "many"], "run 'feedsite generate --help' for its options"),
            (["demo", "--api", "http://x.org"], "run 'feedsite demo --help' for its options"),
            (["history", "prune", "--history-keep", "often"], "run 'feedsite history prune --help' for its options"),
            (["history"], "run 'feedsite history --help' for its options"),
            (["templates"], "run 'feedsite templates --help' for its options"),
            (["publish"], "run 'feedsite --help' for the commands"),
            (["--output", "x"], "run 'feedsite --help' for the commands"),
            ([], "run 'feedsite --help' for the commands"),
        ]
        for (arguments, hint) in cases {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments, environment: [:]), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.hint, hint, "\(arguments)")
            }
        }
    }

    func test_nearestName_takesTheOneNameItStartsElseTheNearestByFewEdits() {
        let options = ["output", "offline", "history", "history-keep", "port", "locale"]

        XCTAssertEqual(NearestName.nearest(to: "out", among: options), "output", "the one name it starts")
        XCTAssertNil(NearestName.nearest(to: "o", among: options), "one letter starts too much to mean anything")
        XCTAssertEqual(NearestName.nearest(to: "histroy", among: options), "history", "two letters swapped are one edit")
        XCTAssertEqual(NearestName.nearest(to: "ofline", among: options), "offline")
        XCTAssertEqual(NearestName.nearest(to: "prot", among: options), "port")
        XCTAssertNil(NearestName.nearest(to: "pxyz", among: options), "a short name allows one edit")
        XCTAssertNil(NearestName.nearest(to: "colour", among: options))
        XCTAssertNil(NearestName.nearest(to: "", among: options))
    }

    func test_editDistance_countsInsertionsDeletionsSubstitutionsAndSwaps() {
        func distance(_ a: String, _ b: String) -> Int { NearestName.editDistance(Array(a.utf8), Array(b.utf8)) }

        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("abc", ""), 3)
        XCTAssertEqual(distance("output", "output"), 0)
        XCTAssertEqual(distance("ouput", "output"), 1)
        XCTAssertEqual(distance("outputs", "output"), 1)
        XCTAssertEqual(distance("oxtput", "output"), 1)
        XCTAssertEqual(distance("otuput", "output"), 1)
        XCTAssertEqual(distance("kitten", "sitting"), 3)
    }

    func test_parse_nowTakesADayAloneAsItsMidnightUTC() throws {
        for command in [["generate"], ["validate-cache"], ["history", "prune"]] {
            let parsed = try ArgumentParser.parse(command + ["--now", "2026-11-01"], environment: [:])
            let now: Date? =
                switch parsed {
                case let .generate(options): options.now
                case let .validateCache(_, now, _): now
                case let .history(request): request.now
                default: nil
                }
            XCTAssertEqual(now, ISO8601Date.parse("2026-11-01T00:00:00Z"), "\(command)")
        }
    }

    func test_parse_nowRefusesADayTheMonthLacks() {
        for text in ["2026-02-30", "2026-13-01", "2026-1-01", "01-11-2026"] {
            XCTAssertThrowsError(try ArgumentParser.parse(["generate", "--now", text], environment: [:]), text) { error in
                XCTAssertEqual(
                    (error as? UsageError)?.description,
                    "--now needs a date such as 2024-05-20 (midnight UTC) or an ISO 8601 time such as 2024-05-20T11:24:59Z, got '\(text)'", text)
            }
        }
    }

    func test_parse_serveTakesAnIPv4AddressToListenOn() throws {
        XCTAssertEqual(try ArgumentParser.parse(["serve", "--host", "0.0.0.0"], environment: [:]), .serve(output: "Output", host: "0.0.0.0", port: 8080))
        XCTAssertEqual(
            try ArgumentParser.parse(["serve", "--host=192.168.1.20", "--port", "0"], environment: [:]),
            .serve(output: "Output", host: "192.168.1.20", port: 0))
        for host in ["1.2.3", "256.1.1.1", "01.2.3.4", "localhost", "::", "1.2.3.4.5", "", "1.2.3.x", "1..2.3"] {
            XCTAssertThrowsError(try ArgumentParser.parse(["serve", "--host", host], environment: [:]), host) { error in
                XCTAssertEqual(
                    (error as? UsageError)?.description,
                    "--host needs an IPv4 address of this machine to listen on, such as 0.0.0.0 (all of them) or 192.168.1.20, got '\(host)'", host)
            }
        }
    }

    func test_serveAddresses_namesTheHostElseEveryOtherAddressOfTheMachineAfterItsOwn() {
        let machine = { ["127.0.0.1", "192.168.1.20", "10.0.0.7", "127.0.1.1"] }

        XCTAssertEqual(ServeCommand.addresses(host: "127.0.0.1", port: 8080, machine: machine), "http://127.0.0.1:8080/")
        XCTAssertEqual(ServeCommand.addresses(host: "192.168.1.20", port: 80, machine: machine), "http://192.168.1.20:80/")
        XCTAssertEqual(
            ServeCommand.addresses(host: "0.0.0.0", port: 8080, machine: machine),
            "http://127.0.0.1:8080/ and http://192.168.1.20:8080/ and http://10.0.0.7:8080/")
        XCTAssertEqual(ServeCommand.addresses(host: "0.0.0.0", port: 8080, machine: { [] }), "http://127.0.0.1:8080/")
    }
}
