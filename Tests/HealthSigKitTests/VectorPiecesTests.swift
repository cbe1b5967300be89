import CryptoBackend
import DER
import Foundation
import SampleIO
import Testing
@testable import HealthSigKit

/// The building blocks of the vector suite.
@Suite("Vector suite: pieces")
struct VectorPiecesTests {
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

    @Test("INTEGER text of any width", arguments: [
        ("00", "0"), ("7f", "127"), ("0080", "128"), ("ff", "-1"), ("80", "-128"), ("ff7f", "-129"),
        ("00ffffffffffffffff", "18446744073709551615"), ("ff0000000000000000", "-18446744073709551616"),
        ("0080000000000000000000000000000000", "170141183460469231731687303715884105728"),
    ])
    func integerText(hex: String, text: String) throws {
        let integer = try DERInteger(minimalBytes: try #require(VectorHex.decode(hex)))
        #expect(DERValueText.integer(integer) == text)
    }

    @Test("BIT STRING text lists the bits without padding")
    func bitText() {
        #expect(DERValueText.bits(DERBitString(bytes: [0xA0], paddingBits: 5)) == "101")
        #expect(DERValueText.bits(DERBitString(bytes: [], paddingBits: 0)) == "")
        #expect(DERValueText.bits(DERBitString(bytes: [0xFF, 0x80], paddingBits: 7)) == "111111111")
    }

    @Test("type names parse and print back", arguments: [
        "INTEGER", "OBJECT IDENTIFIER", "SEQUENCE OF INTEGER", "SET OF OCTET STRING", "[0] EXPLICIT INTEGER",
        "[200] IMPLICIT INTEGER", "ANY",
    ])
    func typeNames(name: String) throws {
        #expect(try #require(DERVectorType(name)).name == name)
    }

    @Test("type names outside the grammar are refused", arguments: ["SEQUENCE", "[1] IMPLICIT SET OF INTEGER", "[x] EXPLICIT NULL", ""])
    func badTypeNames(name: String) {
        #expect(DERVectorType(name) == nil)
    }

    @Test("hex decoding refuses odd lengths and other characters")
    func hex() {
        #expect(VectorHex.decode("00ffA0") == [0x00, 0xFF, 0xA0])
        #expect(VectorHex.decode("0") == nil)
        #expect(VectorHex.decode("0g") == nil)
        #expect(VectorHex.encode([0xDE, 0xAD]) == "dead")
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
