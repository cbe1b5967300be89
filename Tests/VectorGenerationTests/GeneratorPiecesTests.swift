import CryptoBackend
import DER
import Foundation
import SampleIO
import Testing
import VectorTestSupport
@testable import HealthSigKit
@testable import VectorGeneration

/// The building blocks of the vector generator.
@Suite("Vector generator: pieces")
struct GeneratorPiecesTests {
    @Test("the writer lays JSON out as JSONSerialization does with prettyPrinted, sortedKeys, withoutEscapingSlashes")
    func writerMatchesJSONSerializationLayout() throws {
        let text = #"{"b":[1,"x/y",{"z":true,"a":null}],"a":{"c":"é\n\"q\""},"e":[],"d":-12}"#
        let foundation = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)),
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let ours = VectorJSONWriter.prettyPrinted(try JSONParser().parse(text))
        // JSONSerialization writes no final newline and an empty array as "[\n\n]" on some
        // platforms; compare the non-empty structure line by line.
        let expected = String(decoding: foundation, as: UTF8.self).replacingOccurrences(of: "[\n\n  ]", with: "[]")
        #expect(ours == expected + "\n")
    }

    @Test("the writer keeps number literals exactly")
    func writerKeepsNumbers() throws {
        let value = try JSONParser().parse(#"{"v":36.60,"w":1e-9,"x":12345678901234567890}"#)
        #expect(VectorJSONWriter.prettyPrinted(value) == "{\n  \"v\" : 36.60,\n  \"w\" : 1e-9,\n  \"x\" : 12345678901234567890\n}\n")
    }

    @Test("high-S keeps a signature valid; a flipped bit of r or s breaks it")
    func signatureTweaks() throws {
        let key = try P256PrivateKey.generate()
        let digest = Digest.sha256(Array("vector".utf8))
        let signature = try key.signature(forDigest: digest)
        let high = try ECDSASignatureTweaks.highS(signature)
        let s = try ECDSASignatureTweaks.parse(high).s
        let half = ECDSASignatureTweaks.order.map { $0 } // n
        #expect(s.count == 32 && !s.lexicographicallyPrecedes(halve(half)))
        #expect(key.publicKey.isValidSignature(high, forDigest: digest))
        #expect(!key.publicKey.isValidSignature(try ECDSASignatureTweaks.flipLowBit(ofS: false)(signature), forDigest: digest))
        #expect(!key.publicKey.isValidSignature(try ECDSASignatureTweaks.flipLowBit(ofS: true)(signature), forDigest: digest))
        #expect(try ECDSASignatureTweaks.rawRS(signature).count == 64)
    }

    @Test("the generator builds exactly the families the checker runs, in the same order")
    func generatorAndCheckerFamiliesAgree() {
        #expect(VectorSuiteGenerator.families.map(\.family) == VectorSuite.families.map(\.family))
        #expect(VectorSuite.families.map(\.fileName) == VectorTestSupport.fileNames)
    }

    @Test("the schema is valid JSON naming every DER error code")
    func schema() throws {
        let value = try JSONParser().parse(VectorSchema.source)
        #expect(value.objectValue?["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        for code in DERError.Code.allCases {
            #expect(VectorSchema.text.contains("\"\(code.rawValue)\""))
        }
        let committed = try String(contentsOf: VectorTestSupport.committedDirectory.appendingPathComponent("vectors.schema.json"),
                                   encoding: .utf8)
        #expect(committed == VectorSchema.text)
    }

    /// n / 2, big-endian, for the high-S check.
    private func halve(_ value: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: value.count)
        var carry: UInt8 = 0
        for (i, byte) in value.enumerated() {
            out[i] = (byte >> 1) | (carry << 7)
            carry = byte & 1
        }
        return out
    }
}
