import CryptoBackend
import Testing

/// Project Wycheproof's ECDSA P-256 / SHA-256 vectors: edge-case keys and signatures, BER
/// encodings that strict DER must refuse, arithmetic corner cases.
@Suite("Wycheproof ECDSA P-256 / SHA-256")
struct WycheproofTests {
    struct Vector {
        let id: Int
        let valid: Bool
        let message: [UInt8]
        let signature: [UInt8]
    }

    struct Group {
        let spki: [UInt8]
        let point: [UInt8]
        var vectors: [Vector]
    }

    static func groups() -> [Group] {
        var groups: [Group] = []
        for line in WycheproofECDSAP256.records.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.first == "K", fields.count == 3 {
                groups.append(Group(spki: TestHex.decode(fields[1]), point: TestHex.decode(fields[2]), vectors: []))
            } else if fields.count == 4, let id = Int(fields[0]), !groups.isEmpty {
                let bytes = { (field: String) in field == "-" ? [UInt8]() : TestHex.decode(field) }
                // No vector in this file is "acceptable"; treat such a result as invalid.
                groups[groups.count - 1].vectors.append(Vector(id: id, valid: fields[1] == "v",
                                                               message: bytes(fields[2]), signature: bytes(fields[3])))
            }
        }
        return groups
    }

    @Test func allVectors() throws {
        let groups = Self.groups()
        #expect(groups.reduce(0) { $0 + $1.vectors.count } == WycheproofECDSAP256.numberOfTests)
        var failures: [Int] = []
        for group in groups {
            let key = try P256PublicKey(spkiDER: group.spki)
            #expect(key.x963 == group.point)
            #expect(try P256PublicKey(x963: group.point) == key)
            for vector in group.vectors where key.isValidSignature(vector.signature, forMessage: vector.message) != vector.valid {
                failures.append(vector.id)
            }
        }
        #expect(failures.isEmpty, "tcIds with the wrong result: \(failures)")
    }
}
