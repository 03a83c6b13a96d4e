import FileSystem
import Foundation
import Publishing
import TestSupport
import XCTest

final class OutputFolderTests: XCTestCase {
    // MARK: - What may be replaced

    func test_checkReplaceable_acceptsAMissingFolder() throws {
        let output = try root() + "/site"

        XCTAssertNil(try check(output))
    }

    func test_checkReplaceable_acceptsAnEmptyFolderAndOneWithOnlyDotFilesAtItsTop() throws {
        let output = try folder(with: [:])
        XCTAssertNil(try check(output))

        try write([".gitkeep": "", ".htaccess": "Options -Indexes\n", ".well-known/security.txt": "Contact: x"], in: output)
        XCTAssertNil(try check(output))
    }

    func test_checkReplaceable_acceptsASiteWhoseManifestListsEverythingAtItsTop() throws {
        let output = try folder(with: ["index.html": "", "page/2.html": "", "el/index.html": "", ".htaccess": ""])
        try write([Manifest.fileName: feedsiteManifest(listing: ["index.html", "page/2.html", "el/index.html"])], in: output)

        XCTAssertNil(try check(output))
    }

    // MARK: - What is refused

    func test_checkReplaceable_refusesAFolderOfSomeoneElsesFilesCountingThemAndNamingTheFirst() throws {
        let output = try folder(with: ["thesis.txt": "", "notes.md": "", "photos/1.jpg": "", ".bashrc": ""])

        XCTAssertThrowsError(try check(output)) { error in
            XCTAssertEqual(error as? OutputFolder.Refusal, .holdsOtherEntries(output, count: 3, example: "notes.md", foreignManifest: false))
            XCTAssertEqual(
                "\(error)",
                "output \(output) holds 3 entries feedsite did not write, such as notes.md; choose an empty folder, or pass --force to replace it anyway"
            )
        }
    }

    func test_checkReplaceable_refusesAPublishedSiteWithAFileAtItsTopThatTheManifestDoesNotList() throws {
        let output = try folder(with: ["index.html": "", "robots.txt": "User-agent: *"])
        try write([Manifest.fileName: feedsiteManifest(listing: ["index.html"])], in: output)

        XCTAssertThrowsError(try check(output)) { error in
            XCTAssertEqual(error as? OutputFolder.Refusal, .holdsOtherEntries(output, count: 1, example: "robots.txt", foreignManifest: false))
            XCTAssertTrue("\(error)".contains("holds 1 entry feedsite did not write, such as robots.txt"), "\(error)")
        }
    }

    func test_checkReplaceable_refusesAFolderWhoseManifestIsNotFeedsitesOrNotAManifest() throws {
        for text in [#"{"generator": "hugo", "files": []}"#, "not json"] {
            let output = try folder(with: ["index.html": "", Manifest.fileName: text])

            XCTAssertThrowsError(try check(output)) { error in
                XCTAssertEqual(error as? OutputFolder.Refusal, .holdsOtherEntries(output, count: 2, example: "index.html", foreignManifest: true))
                XCTAssertTrue("\(error)".contains("(its manifest.json is not one feedsite wrote)"), "\(error)")
            }
        }
    }

    func test_checkReplaceable_refusesAFileEvenWithForce() throws {
        let output = try root() + "/site"
        XCTAssertTrue(FileManager.default.createFile(atPath: output, contents: Data("mine".utf8)))

        for force in [false, true] {
            XCTAssertThrowsError(try check(output, force: force)) { error in
                XCTAssertEqual(error as? OutputFolder.Refusal, .notAFolder(output))
                XCTAssertEqual("\(error)", "output \(output) exists and is not a folder; choose a folder for --output")
            }
        }
    }

    // MARK: - --force

    func test_checkReplaceable_withForceAcceptsSomeoneElsesFilesAndSaysWhatItReplaces() throws {
        let output = try folder(with: ["thesis.txt": ""])

        let overridden = try check(output, force: true)

        XCTAssertEqual(overridden, .holdsOtherEntries(output, count: 1, example: "thesis.txt", foreignManifest: false))
        XCTAssertEqual(overridden?.forcedDescription, "replacing output \(output), which holds 1 entry feedsite did not write, such as thesis.txt")
    }

    func test_checkReplaceable_withForceStillRefusesTheRootAndAFolderHoldingAProtectedOne() throws {
        let output = try folder(with: ["work/notes.md": ""])
        let protected = [(path: output + "/work", name: "the working folder \(output)/work")]

        XCTAssertThrowsError(try OutputFolder.checkReplaceable(output, force: true, protectedFolders: protected)) { error in
            XCTAssertEqual(error as? OutputFolder.Refusal, .protected(output, holding: "the working folder \(output)/work"))
            XCTAssertEqual("\(error)", "output \(output) holds the working folder \(output)/work; --force never replaces it; choose another folder")
        }
        XCTAssertThrowsError(try OutputFolder.checkReplaceable("/", force: true, protectedFolders: [])) { error in
            XCTAssertEqual(error as? OutputFolder.Refusal, .protected("/", holding: "the whole file system"))
        }
    }

    func test_checkReplaceable_protectsNothingAFolderFeedsiteMayReplaceAnyway() throws {
        let output = try folder(with: [".profile": ""])
        let protected = [(path: output, name: "the home folder \(output)")]

        XCTAssertNil(try OutputFolder.checkReplaceable(output, force: true, protectedFolders: protected))
    }

    // MARK: - Helpers

    @discardableResult
    private func check(_ output: String, force: Bool = false) throws -> OutputFolder.Refusal? {
        try OutputFolder.checkReplaceable(output, force: force, protectedFolders: [])
    }

    private func root() throws -> String {
        RealPath.of(try makeTemporaryFolder(for: self).path)
    }

    private func folder(with files: [String: String]) throws -> String {
        let output = try root() + "/site"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try write(files, in: output)
        return output
    }
    private func write(_ files: [String: String], in folder: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
