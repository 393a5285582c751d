import Testing
import WebAudit

/// Lines of start tags, counted by hand from the literal below (line 1 is `<!DOCTYPE html>`).
@Suite struct HTMLSourceIndexTests {
    static let html = """
    <!DOCTYPE html>
    <html><head>
    <style>p { color: red } /* <p> inside CSS is not a tag */</style>
    <script>if (a < b) document.write("<p>not a tag</p>")</script>
    </head>
    <body>
    <!-- <p>commented out</p> -->
    <P class="a">one</P>
    <p data-x='>'>two</p>
    <table>
      <tr><td>cell</td></tr>
    </table>
    </body></html>
    """

    @Test func countsStartTagsOutsideCommentsAndRawText() {
        let index = HTMLSourceIndex(html: Self.html)
        // `<P` on line 8 (tag names are case-insensitive), `<p data-x='>'>` on line 9 (a quoted ">" does not end the tag).
        #expect(index.lines["p"] == [8, 9])
        #expect(index.lines["html"] == [2])
        #expect(index.lines["style"] == [3])
        #expect(index.lines["script"] == [4])
        #expect(index.lines["table"] == [10])
        #expect(index.lines["td"] == [11])
        #expect(index.lines["tbody"] == nil)
    }

    @Test func elementsTheParserAddsAreNamedByTheirAncestor() {
        let index = HTMLSourceIndex(html: Self.html)
        // The DOM has a <tbody> the source does not: the <tr> (1 of 1) is found, then the chain stops.
        let cell = [WebElementPosition(tag: "td", index: 0, count: 1)]
        #expect(index.line(chain: cell) == 11)
        let body = [WebElementPosition(tag: "tbody", index: 0, count: 1), WebElementPosition(tag: "table", index: 0, count: 1)]
        #expect(index.line(chain: body) == 10)
        // A script-created third <p>: counts differ (3 in the DOM, 2 in the source), so its parent names it.
        let created = [WebElementPosition(tag: "p", index: 2, count: 3), WebElementPosition(tag: "body", index: 0, count: 1)]
        #expect(index.line(chain: created) == 6)
        #expect(index.line(tag: "p", index: 1, domCount: 2) == 9)
    }
}
