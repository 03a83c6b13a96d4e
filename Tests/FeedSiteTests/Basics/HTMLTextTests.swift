import Basics
import XCTest

/// A page's title and the words a reader sees, read from its bytes.
final class HTMLTextTests: XCTestCase {
    func test_title_decodesReferencesAndCollapsesSpace() {
        let page = Array("<html><head><TITLE>\n  Sunset &amp; sea &#8212; Lisbon </TITLE></head></html>".utf8)
        XCTAssertEqual(page.withUnsafeBytes { HTMLText.title(in: $0) }.map { String(decoding: $0, as: UTF8.self) }, "Sunset & sea — Lisbon")
    }

    func test_visibleText_readsTheMainPart_withoutTagsScriptsStylesOrComments() {
        let page = """
            <html><head><title>Not this</title><style>p { color: red }</style></head>
            <body><nav>Skip me</nav><main class="feed"><h1>Lisbon</h1>
            <p>A <a href="x.html" title="a > b">tram</a> on the hill&nbsp;&amp; the river.</p>
            <script>var never = "<p>seen</p>";</script><!-- a <b>comment</b> --><template><p>later</p></template>
            <p>Fado &#x263A;</p></main><footer>Not this either</footer></body></html>
            """
        let text = Array(page.utf8).withUnsafeBytes { HTMLText.visibleText(in: $0, limit: 1_000) }
        XCTAssertEqual(text, "Lisbon A tram on the hill & the river. Fado ☺", "a no-break space is a space between words")
    }

    func test_visibleText_withoutAMainPart_readsTheBody_andCutsBetweenWordsAtTheLimit() {
        let page = Array("<body><p>one two three four</p></body>".utf8)
        XCTAssertEqual(page.withUnsafeBytes { HTMLText.visibleText(in: $0, limit: 12) }, "one two")
        XCTAssertEqual(page.withUnsafeBytes { HTMLText.visibleText(in: $0, limit: 100) }, "one two three four")
    }
}
