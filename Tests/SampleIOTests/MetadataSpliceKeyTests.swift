import HealthSamples
import Testing
@testable import SampleIO

/// A key prepared once (`MetadataSpliceKey`) with its value written straight into the line
/// splices exactly as the key and value given as text do, for every shape of line.
@Suite struct MetadataSpliceKeyTests {
    static let keys = ["HKDigitalSignature", "HKMetadataKeyDigitalSignature", "HKTimeZone", "k", "ключ", "q\"uote"]

    @Test(arguments: JSONSpliceLayoutTests.lines)
    func preparedKeySpliceIsTheTextSplice(_ line: String) throws {
        let bytes = Array(line.utf8)
        let (_, layout) = try JSONParser().parseForSplicing(bytes)
        for key in Self.keys {
            for value in ["MIIB+/=", "", "needs \"escape\"\n"] {
                let text = Array(value.utf8)
                let prepared = Result { () throws(SignatureSpliceError) in
                    try insertingMetadataValue(MetadataSpliceKey(key), into: bytes, layout: layout,
                                               valueCapacity: 4) { $0.append(contentsOf: text) }
                }
                let plain = Result { () throws(SignatureSpliceError) in
                    try text.withUnsafeBufferPointer { (utf8) throws(SignatureSpliceError) in
                        try insertingMetadataValue(key: key, stringValueUTF8: utf8, into: bytes, layout: layout)
                    }
                }
                switch (prepared, plain) {
                case (.success(let a), .success(let b)): #expect(a == b, "key \(key), value \(value)")
                case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
                default: Issue.record("one splice failed, the other did not: \(prepared) vs \(plain)")
                }
            }
        }
    }

    /// A value declared base64 is not scanned for escapes; every base64 value splices as it
    /// does when scanned.
    @Test(arguments: JSONSpliceLayoutTests.lines)
    func base64ValueSplicesAsAScannedValue(_ line: String) throws {
        let bytes = Array(line.utf8)
        let (_, layout) = try JSONParser().parseForSplicing(bytes)
        let key = MetadataSpliceKey("HKDigitalSignature")
        for value in ["MIIB+/=", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/==", "QQ=="] {
            let text = Array(value.utf8)
            let declared = Result { () throws(SignatureSpliceError) in
                try insertingMetadataValue(key, into: bytes, layout: layout, valueCapacity: 4,
                                           valueIsBase64: true) { $0.append(contentsOf: text) }
            }
            let scanned = Result { () throws(SignatureSpliceError) in
                try insertingMetadataValue(key, into: bytes, layout: layout, valueCapacity: 4) { $0.append(contentsOf: text) }
            }
            switch (declared, scanned) {
            case (.success(let a), .success(let b)): #expect(a == b, "value \(value)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
            default: Issue.record("one splice failed, the other did not: \(declared) vs \(scanned)")
            }
        }
    }

    @Test func preparedKeyNamesTheEntriesItsStoredNameNames() {
        let names = MetadataKey.all.flatMap { [$0.constantName, $0.storedName] } + ["custom", "", "HKMetadataKey", "hkdigitalsignature"]
        for key in names + ["HKMetadataKeyTimeZone"] {
            let prepared = MetadataSpliceKey(key)
            for name in names {
                #expect(prepared.namesSameEntry(name) == (MetadataKey.storedName(for: name) == MetadataKey.storedName(for: key)),
                        "\(key) against \(name)")
            }
        }
    }
}
