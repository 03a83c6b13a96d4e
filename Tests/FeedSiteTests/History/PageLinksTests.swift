import XCTest

@testable import History

final class PageLinksTests: XCTestCase {
    func test_targets_areTheRelativeAddressesWithinTheSite_fromItsRoot() {
        let html = """
            <link rel="stylesheet" href="../assets/style.css"><script src="../../history.js"></script>
            <a href="../index.html#image-1">back</a> <a href="https://example.org/x.png">out</a> <a href="#top">top</a>
            <img src="../images/a.png" srcset="../images/b.jpg 480w, ../images/c.jpg 960w"><a href="/root.html">root</a>
            <a href="../el/comments/X.html?x=1&amp;y=2">el</a>
            """

        XCTAssertEqual(
            PageLinks.targets(in: html, at: "comments/X.html"),
            ["assets/style.css", "index.html", "images/a.png", "images/b.jpg", "images/c.jpg", "el/comments/X.html"])
    }
}
