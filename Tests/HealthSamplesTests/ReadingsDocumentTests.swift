import Foundation
import Testing
@testable import HealthSamples

/// docs/READINGS.md lists what the code accepts: every type with its dimension and usual unit,
/// every category value, every plausibility range with its reason.
@Suite struct ReadingsDocumentTests {
    static let document: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("docs/READINGS.md")
            if let text = try? String(contentsOf: candidate, encoding: .utf8) { return text }
        }
        return ""
    }()

    private var rows: [String] { Self.document.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") } }

    @Test func everyQuantityTypeIsListedWithItsDimensionKindAndUnit() throws {
        #expect(!Self.document.isEmpty)
        for type in QuantityType.all {
            let words = try #require(type.dimension.words)
            let row = "| `\(type.shortName)` | \(words) | \(type.aggregation.rawValue) | `\(type.canonicalUnit.unitString)` |"
            #expect(rows.contains(row), "missing: \(row)")
        }
        let typeRows = rows.filter { $0.range(of: #"^\| `[A-Za-z0-9]+` \| an? "#, options: .regularExpression) != nil }
        #expect(typeRows.count == QuantityType.all.count)
    }

    @Test func everyCategoryTypeAndCorrelationTypeIsListed() {
        for type in CategoryType.all {
            #expect(rows.contains { $0.hasPrefix("| `\(type.identifier)` | ") }, "\(type.identifier)")
            for value in type.allowedRawValues {
                #expect(rows.contains { $0.hasPrefix("| `\(type.identifier)` | ") && $0.contains("\(value)") })
            }
        }
        for type in CorrelationType.allCases {
            #expect(rows.contains { $0.hasPrefix("| `\(type.identifier)` | ") }, "\(type.identifier)")
        }
    }

    @Test func everyPlausibilityRangeIsDocumentedWithItsReason() {
        for type in QuantityType.all {
            let listed = rows.filter { $0.contains("`\(type.shortName)`") && !$0.contains("| discrete |") && !$0.contains("| cumulative |") }
            if let range = type.plausibleRange, range.reason.hasPrefix("a measured") || range.reason.hasPrefix("an amount") {
                #expect(listed.isEmpty, "\(type.shortName) has only the default rule but a row of its own")
            } else if let range = type.plausibleRange {
                #expect(listed.count == 1 && listed[0].hasSuffix("| \(range.reason) |"), "\(type.shortName): \(listed)")
                let unit = range.unit.unitString
                #expect(listed.first?.contains(" \(unit) |") ?? false, "\(type.shortName) range unit \(unit)")
            } else {
                #expect(listed.count == 1 && listed[0].contains("| any value |"), "\(type.shortName): \(listed)")
            }
        }
    }
}
