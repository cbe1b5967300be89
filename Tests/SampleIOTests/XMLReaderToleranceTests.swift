import Testing
@testable import SampleIO

/// What the reader accepts beyond XML 1.0 besides forbidden characters (docs/EXPORT-XML.md §9):
/// content it skips is not checked.
@Suite struct XMLReaderToleranceTests {
    @Test("character data, comments and processing instructions inside the root are skipped unchecked")
    func skippedContentIsNotChecked() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         stray & text ]]> &undeclared; <!-- a -- comment --> <?target anything ?>
         <Record type="T" sourceName="s" startDate="d" endDate="d" value="1"/>
        </HealthData>

        """
        let items = try readItems(text)
        #expect(items.map(\.value) == ["1"])
    }
}
