import Foundation
import HealthSamples
import SampleSigning
import Testing

/// docs/FORMAT.md, "Signed metadata", states the signing rule alone: every predefined key with
/// the rule mapping its SDK name to its stored name, the keys stored under their full name, and
/// the keys never signed. Checked against the code so that the document stays the rule.
@Suite struct SignedMetadataDocumentTests {
    static let section: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if let text = try? String(contentsOf: url.appendingPathComponent("docs/FORMAT.md"), encoding: .utf8),
               let start = text.range(of: "## Signed metadata"), let end = text.range(of: "## Format versions") {
                return String(text[start.lowerBound..<end.lowerBound])
            }
        }
        return ""
    }()

    @Test("FORMAT.md lists every predefined key, the SDK-to-stored rule holds for each, and the exceptions are named")
    func everyPredefinedKeyFollowsTheDocumentedRule() {
        #expect(!Self.section.isEmpty)
        for key in MetadataKey.all {
            let suffix = String(key.constantName.dropFirst(MetadataKey.constantPrefix.count))
            #expect(Self.section.contains("`\(suffix)`"), "\(suffix) is not listed")
            if key.storedName == key.constantName {
                #expect(Self.section.contains("`\(key.constantName)`"), "\(key.constantName) keeps its full name, unlisted")
            } else {
                #expect(key.storedName == "HK" + suffix, "\(key.constantName) breaks the rule HKMetadataKey<X> → HK<X>")
            }
        }
    }

    @Test("FORMAT.md names every key the phone adds, and none of them is signed")
    func everyPhoneKeyIsDocumentedAndUnsigned() {
        for key in MetadataSigningRule.addedByPhone {
            #expect(Self.section.contains("`\(key.constantName)`") || Self.section.contains("`\(key.storedName)`"), "\(key)")
            #expect(!MetadataSigningRule.isSigned(key.constantName, workout: false))
            #expect(!MetadataSigningRule.isSigned(key.storedName, workout: true))
        }
        #expect(Self.section.contains("`\(MetadataSigningRule.signatureKeyPrefix)`"))
    }
}
