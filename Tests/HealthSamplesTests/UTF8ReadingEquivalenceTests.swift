import Foundation
import Testing
@testable import HealthSamples

/// Readers of text given as UTF-8 bytes (what a JSON line holds) must give exactly what the same
/// readers give for the text as a String: the same value, notation and parts, and the same error.
@Suite struct UTF8ReadingEquivalenceTests {
    static let dates = [
        "2026-11-01T00:00:00Z", "2026-11-01t00:00:00z", "2026-11-01T01:00:00.000+01:00", "2026-11-01T00:00:10.250Z",
        "2024-02-29T23:59:59.999999999-00:00", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
        "2024-03-01T08:15:00.5+23:59", "1969-12-31T23:59:59.1-23:59",
        // Every way to fail: each must fail at the same offset with the same text and kind.
        "", "2026", "2026-11-01", "2026-11-01T00:00:00", "2026-11-01T00:00:00-0400", "2026-11-01 00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-01T24:00:00Z", "2026-11-01T00:60:00Z",
        "2026-11-01T00:00:60Z", "2026-11-01T00:00:00.Z", "2026-11-01T00:00:00.1234567890Z",
        "2026-11-01T00:00:00." + String(repeating: "1", count: 80) + "Z", "2026-11-01T00:00:00Z ",
        "2026-11-01T00:00:00Z" + String(repeating: " ", count: 70), "0000-01-01T00:00:00+00:01",
        "9999-12-31T23:59:59-00:01", "2026-11-01T00:00:00+24:00", "2026-11-01T00:00:00+01:60", "２026-11-01T00:00:00Z",
        "2026-11-01T00:00:00é",
        // Near the usual shape that the bytes are read in one pass for.
        "2026-11-01T00:00:00+01:0", "2026-11-01T00:00:00+01:00Z", "2026-11-01T00:00:00.123456789+05:30",
        "2026-11-01T00:00:00-", "2026-11-01T00:00:00+1:00", "2026-11-01T00:00:00.+01:00", "2026-11-01T00:00:00,5Z",
        "2026-11-01X00:00:00Z", "2026/11/01T00:00:00Z", "2000-02-29T12:00:00Z", "1900-02-29T00:00:00Z",
        "2026-11-00T00:00:00Z", "2026-00-01T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-01T00:00:00.0Z",
        "2026-11-01T00:00:00.000000000+00:00", "2026-11-01T00:00:00+00:00 ", "2026-11-01T00:00:00z",
        "2026-11-01T00:00:00.1234567890123456789012345678901234567890123+01:00",
    ]

    /// Every byte of a few usual timestamps replaced by each byte that matters to the grammar.
    @Test func everyOneByteChangeOfAUsualDateReadsAsFromText() {
        let templates = ["2026-11-01T00:00:00Z", "2024-02-29T23:59:59.999999999-00:00", "2026-11-01T01:00:00.250+01:00"]
        let replacements = Array("09+-:.TtZz 5".utf8) + [0x00, 0x2F, 0x3A, 0xC3]
        for template in templates {
            let bytes = Array(template.utf8)
            for index in bytes.indices {
                for replacement in replacements {
                    var changed = bytes
                    changed[index] = replacement
                    dateFromBytesIsTheDateFromText(String(decoding: changed, as: UTF8.self))
                }
                var shorter = bytes
                shorter.remove(at: index)
                dateFromBytesIsTheDateFromText(String(decoding: shorter, as: UTF8.self))
            }
        }
    }

    @Test(arguments: dates)
    func dateFromBytesIsTheDateFromText(_ text: String) {
        let fromText = Result { () throws(SampleDateError) in try SampleDate(rfc3339: text) }
        let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(SampleDateError) in try SampleDate(rfc3339UTF8: bytes) }
        }
        switch (fromText, fromBytes) {
        case (.success(let expected), .success(let date)): #expect(date.isIdentical(to: expected))
        case (.failure(let expected), .failure(let error)): #expect(error == expected)
        default: Issue.record("\(text): \(fromText) from text, \(fromBytes) from bytes")
        }
    }

    static let exportDates = ["2019-05-14 18:52:09 -0400", "2019-05-14 18:52:09 +0000", "2019-05-14T18:52:09 -0400",
                              "2019-05-14 18:52:09 -04:00", "2019-02-29 18:52:09 -0400", "0000-01-01 00:00:00 +0001"]

    @Test(arguments: exportDates)
    func exportDateStillReadsAsBefore(_ text: String) {
        // The export.xml reader shares the byte reader: its errors still carry the text.
        do {
            let date = try SampleDate(exportXML: text)
            #expect(date.exportXMLString == text)
        } catch {
            #expect(error.text == text)
        }
    }

    static let numbers = ExactDecimalPartsTests.texts + [
        "", "-", "+", ".5", "5.", "1.2.3", "1e", "1e+", "--1", "1x", " 1", "1 ", "0e999999", "1e127", "1e128", "1e-128",
        "1e-129", "100e-130", "1234567890123456789", "12345678901234567890", "1000000000000000000000000", "0.0000000000000000001",
        "1000000000000000000.5", "١", String(repeating: "1", count: 129), String(repeating: "0", count: 128),
    ]

    @Test(arguments: numbers)
    func numberFromBytesIsTheNumberFromText(_ text: String) {
        let fromText = Result { () throws(DecimalTextError) in try DecimalText.parseExactly(text) }
        let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(DecimalTextError) in try DecimalText.parseExactly(utf8: bytes) }
        }
        switch (fromText, fromBytes) {
        case (.success(let expected), .success(let exact)):
            #expect(exact.value == expected.value)
            #expect(exact.integerParts.map { "\($0)" } == expected.integerParts.map { "\($0)" })
        case (.failure(let expected), .failure(let error)): #expect(error == expected)
        default: Issue.record("\(text): \(fromText) from text, \(fromBytes) from bytes")
        }
        #expect(Array(text.utf8).withUnsafeBufferPointer(DecimalText.fractionDigits(utf8:)) == DecimalText.fractionDigits(of: text))
    }

    @Test(arguments: numbers)
    func numberReadAsItIsWrittenIsTheGeneralReadingsNumber(_ text: String) {
        // Short significands are accumulated while reading, everything else read in general.
        let general = Result { () throws(DecimalTextError) in try DecimalText.parseExactlyInGeneral(text) }
        let read = Result { () throws(DecimalTextError) in try DecimalText.parseExactly(text) }
        switch (general, read) {
        case (.success(let expected), .success(let exact)):
            #expect(exact.value == expected.value)
            #expect(exact.integerParts.map { "\($0)" } == expected.integerParts.map { "\($0)" })
        case (.failure(let expected), .failure(let error)): #expect(error == expected)
        default: Issue.record("\(text): \(general) in general, \(read) as read")
        }
    }

    @Test func everyTypeIsFoundByTheBytesOfItsIdentifier() {
        for type in QuantityType.all {
            #expect(Array(type.identifier.utf8).withUnsafeBufferPointer(QuantityType.named(utf8:)) == QuantityType.named(type.identifier))
        }
        for type in CategoryType.all {
            #expect(Array(type.identifier.utf8).withUnsafeBufferPointer(CategoryType.named(utf8:)) == CategoryType.named(type.identifier))
        }
        for type in CorrelationType.allCases {
            #expect(Array(type.identifier.utf8).withUnsafeBufferPointer(CorrelationType.named(utf8:)) == type)
        }
    }

    @Test(arguments: ["", "HKQuantityTypeIdentifier", "HKQuantityTypeIdentifierHeartRat", "HKQuantityTypeIdentifierHeartRatee",
                      "hkQuantityTypeIdentifierHeartRate", "HKCategoryTypeIdentifierSleepAnalysis ", "HKCorrelationTypeIdentifierFoo",
                      "HKQuantityTypeIdentifierHeartRate\u{0}"])
    func unknownIdentifierBytesNameNoType(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer(QuantityType.named(utf8:)) == nil)
        #expect(bytes.withUnsafeBufferPointer(CategoryType.named(utf8:)) == nil)
        #expect(bytes.withUnsafeBufferPointer(CorrelationType.named(utf8:)) == nil)
    }

    static let units = HealthUnit.commonOtherUnitStrings + QuantityType.all.map(\.canonicalUnit.unitString)
        + ["count/min·kg", "mg/dL ", "", "m^", "kcal/hr·kg", "(m/s)^-1", "bpm", "°C"]

    @Test(arguments: units)
    func unitFromBytesIsTheUnitFromText(_ text: String) {
        let fromText = Result { () throws(HealthUnitError) in try HealthUnit(text) }
        let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(HealthUnitError) in try HealthUnit(utf8: bytes) }
        }
        switch (fromText, fromBytes) {
        case (.success(let expected), .success(let unit)):
            #expect(unit == expected)
            #expect([unit.scale, unit.offset] == [expected.scale, expected.offset])
            #expect(unit.exponent10 == expected.exponent10 && unit.dimension == expected.dimension)
        case (.failure(let expected), .failure(let error)): #expect(error == expected)
        default: Issue.record("\(text): \(fromText) from text, \(fromBytes) from bytes")
        }
    }
}
