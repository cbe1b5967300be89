import CryptoBackend
import DER
import Foundation
import SampleIO
import Testing
@testable import HealthSigKit

/// The building blocks of the vector suite.
@Suite("Vector suite: pieces")
struct VectorPiecesTests {
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
}
