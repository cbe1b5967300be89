@testable import HealthSamples
import Testing

@Suite struct ASCIIKeyTextTests {
    private func spelling(_ key: String) -> ASCIIKeyText.Spelling {
        var key = key
        return key.withUTF8 { ASCIIKeyText.spelling(of: $0) }
    }

    @Test("the prefix words are the bytes of HKMetadataKey")
    func prefixWordsAreTheConstantPrefix() {
        let bytes = Array(MetadataKey.constantPrefix.utf8)
        #expect(bytes.count == 13)
        func word(_ slice: ArraySlice<UInt8>) -> UInt64 {
            slice.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        #expect(word(bytes[0..<8]) == ASCIIKeyText.constantPrefixWords.head)
        #expect(word(bytes[5..<13]) == ASCIIKeyText.constantPrefixWords.tail)
    }

    @Test("a key's spelling from its bytes agrees with the String answers")
    func spellingAgreesWithStrings() {
        let keys = ["HKMetadataKeyDeviceSerialNumber", "HKDeviceSerialNumber", "HKDigitalSignature",
                    "HKMetadataKeyDigitalSignature", "HKMetadataKeyTimeZone", "HKTimeZone", "HKMetadataKeyCustom",
                    "HKMetadataKey", "HKMetadataKe", "HKMetadataKex", "Custom", "", "HKMetadataKeySyncIdentifier",
                    "HKMetadataKeyDeviceSerialNumber\u{301}", "H\u{212A}MetadataKeyTimeZone", "é"]
        for key in keys {
            let stored = MetadataKey.storedName(for: key)
            let expected: ASCIIKeyText.Spelling
            if !key.utf8.allSatisfy({ $0 < 0x80 }) {
                expected = .nonASCII
            } else if key.hasPrefix(MetadataKey.constantPrefix), stored != key {
                expected = .renamed(stored: stored)
            } else {
                expected = .plain
            }
            #expect(spelling(key) == expected, "\(key)")
        }
    }
}
