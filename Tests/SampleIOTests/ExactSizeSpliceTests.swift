import HealthSamples
import Testing
@testable import SampleIO

/// The splice that writes the signed line at its exact size, the value written in place, gives
/// the bytes of the growing splice followed by the line break, for every shape of line.
@Suite struct ExactSizeSpliceTests {
    @Test(arguments: JSONSpliceLayoutTests.lines)
    func exactSizeSpliceIsTheGrowingSplice(_ line: String) throws {
        let bytes = Array(line.utf8)
        let (_, layout) = try JSONParser().parseForSplicing(bytes)
        for key in ["HKDigitalSignature", "HKMetadataKeyDigitalSignature", "k"].map(MetadataSpliceKey.init) {
            for value in ["MIIB+/=", "", "QQ=="] {
                let text = Array(value.utf8)
                for lineBreak in [false, true] {
                    let exact = Result { () throws(SignatureSpliceError) in
                        try insertingMetadataValue(key, into: bytes, layout: layout, plainValueLength: text.count,
                                                   lineBreak: lineBreak) { room in
                            text.withUnsafeBytes { room.copyMemory(from: $0) }
                        }
                    }
                    let growing = Result { () throws(SignatureSpliceError) in
                        try insertingMetadataValue(key, into: bytes, layout: layout, valueCapacity: 4,
                                                   valueIsBase64: true) { $0.append(contentsOf: text) }
                            + (lineBreak ? [UInt8(ascii: "\n")] : [])
                    }
                    switch (exact, growing) {
                    case (.success(let a), .success(let b)): #expect(a == b, "key \(key.key), value \(value)")
                    case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
                    default: Issue.record("one splice failed, the other did not: \(exact) vs \(growing)")
                    }
                }
            }
        }
    }
}
