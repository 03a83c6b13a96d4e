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
        try write([Manifest.fileName: feedsiteManifest(listing: ["index.html", "page/2.html", "el/index.html"], in: URL(fileURLWithPath: output))], in: output)

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
        try write([Manifest.fileName: feedsiteManifest(listing: ["index.html"], in: URL(fileURLWithPath: output))], in: output)

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

    // MARK: - Never replaced

    func test_checkReplaceable_refusesTheRootAndAFolderHoldingAProtectedOneWithOrWithoutForce() throws {
        let output = try folder(with: ["work/notes.md": ""])
        let protected = [(path: output + "/work", name: "the working folder \(output)/work")]

        for force in [false, true] {
            XCTAssertThrowsError(try OutputFolder.checkReplaceable(output, force: force, protectedFolders: protected)) { error in
                XCTAssertEqual(error as? OutputFolder.Refusal, .protected(output, what: "holds the working folder \(output)/work"))
                XCTAssertEqual(
                    "\(error)", "output \(output) holds the working folder \(output)/work; feedsite never replaces it, even with --force; choose another folder"
                )
            }
            XCTAssertThrowsError(try OutputFolder.checkReplaceable("/", force: force, protectedFolders: [])) { error in
                XCTAssertEqual(error as? OutputFolder.Refusal, .protected("/", what: "is the root of the file system"))
            }
        }
    }

    func test_checkReplaceable_refusesAProtectedFolderHoldingOnlyDotFilesOrNothingWithOrWithoutForce() throws {
        for files in [[".profile": "", ".bashrc": "alias ll='ls -l'"], [:]] {
            let output = try folder(with: files)
            let protected = [(path: output, name: "the home folder \(output)")]

            for force in [false, true] {
                XCTAssertThrowsError(try OutputFolder.checkReplaceable(output, force: force, protectedFolders: protected)) { error in
                    XCTAssertEqual(error as? OutputFolder.Refusal, .protected(output, what: "is the home folder \(output)"))
                }
            }
        }
    }

    // MARK: - A manifest is trusted only when the folder's top matches it

    func test_checkReplaceable_refusesAForgedManifestWhoseFilesDoNotMatchWhatItRecords() throws {
        let output = try folder(with: [:])
        // Written before the files: its sizes and digests are made up, as a forger's would be.
        try write([Manifest.fileName: feedsiteManifest(listing: ["thesis.txt", "index.html"], in: URL(fileURLWithPath: output))], in: output)
        try write(["thesis.txt": "chapter 1", "index.html": "<p>mine</p>"], in: output)

        XCTAssertThrowsError(try check(output)) { error in
            XCTAssertEqual(
                error as? OutputFolder.Refusal,
                .holdsOtherEntries(output, count: 2, example: "index.html (not as its manifest.json records it)", foreignManifest: false))
        }
    }

    func test_checkReplaceable_refusesAManifestThatListsAFolderWhereTheTopHoldsAFileOrALink() throws {
        let output = try folder(with: ["index.html": "", "target/notes.md": ""])
        try FileManager.default.createSymbolicLink(atPath: output + "/comments", withDestinationPath: output + "/target")
        try FileManager.default.createDirectory(atPath: output + "/page", withIntermediateDirectories: false)
        try write(
            [Manifest.fileName: feedsiteManifest(listing: ["index.html", "comments/1.html", "target/x.html"], in: URL(fileURLWithPath: output))], in: output)

        XCTAssertThrowsError(try check(output)) { error in
            XCTAssertEqual(error as? OutputFolder.Refusal, .holdsOtherEntries(output, count: 2, example: "comments", foreignManifest: false))
        }
    }

    func test_checkReplaceable_refusesAPublishedSiteWhoseTopFileWasEditedSinceButAcceptsItWithForce() throws {
        let output = try folder(with: ["index.html": "<p>as published</p>"])
        try write([Manifest.fileName: feedsiteManifest(listing: ["index.html"], in: URL(fileURLWithPath: output))], in: output)
        XCTAssertNil(try check(output))

        try write(["index.html": "<p>edited by hand</p>"], in: output)

        XCTAssertThrowsError(try check(output))
        XCTAssertNotNil(try check(output, force: true))
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
