import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Each decoding rule of the batch manifest (docs/BATCH.md, "Decoding rules") with its
/// negative test: hand-built manifests around a real compressed records field.
@Suite("Batch manifest decoding")
struct BatchManifestDecodingTests {
    static let identifier = [UInt8](repeating: 0x42, count: 12)

    /// Three heart-rate records, their DER SEQUENCE OF, and its zlib stream as `encoded()` wrote it.
    static func parts() throws -> (records: [[UInt8]], list: Int, stream: [UInt8]) {
        let records = try BatchFixtures.heartRateDay(count: 3, interval: 5).map { try SampleSigner().recordBytes(for: $0) }
        let encoded = BatchManifest(batchIdentifier: identifier, records: records).encoded()
        let root = try DER.parse(encoded)
        let length = try #require(try DERInteger(derNode: root.children[3], withTag: .integer).intValue)
        return (records, length, Array(root.children[4].content))
    }

    static func manifest(type: [UInt8] = BatchManifest.contentTypeOctets, id: [UInt8] = identifier,
                         count: Int = 3, length: Int? = nil, stream: [UInt8]? = nil,
                         extra: Bool = false) throws -> [UInt8] {
        let p = try parts()
        var w = DERWriter()
        w.appendConstructed(.sequence) { w in
            w.appendPrimitive(.objectIdentifier, content: type)
            w.append(DEROctetString(id))
            w.append(DERInteger(count))
            w.append(DERInteger(length ?? p.list))
            w.append(DEROctetString(stream ?? p.stream))
            if extra { w.append(DERInteger(0)) }
        }
        return w.bytes
    }

    static func code(_ bytes: [UInt8]) -> String? {
        do {
            _ = try BatchManifest(derEncoded: bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a manifest round-trips: identifier and every record octet for octet")
    func roundTrip() throws {
        let p = try Self.parts()
        let decoded = try BatchManifest(derEncoded: try Self.manifest())
        #expect(decoded.batchIdentifier == Self.identifier)
        #expect(decoded.records.map(Array.init) == p.records)
        #expect(decoded.compressedLength == p.stream.count)
    }

    @Test("another content type, or a per-sample record, is not a batch manifest")
    func contentType() throws {
        #expect(Self.code(try Self.manifest(type: [0x2A, 0x03])) == "content-type")
        #expect(Self.code(try SampleSigner().recordBytes(for: try Fixtures.heartRate())) == "content-type")
    }

    @Test("batchId must be 12 octets", arguments: [0, 11, 13])
    func batchIdentifierLength(octets: Int) throws {
        #expect(Self.code(try Self.manifest(id: [UInt8](repeating: 1, count: octets))) == "batch-id")
    }

    @Test("count must be 1...65535", arguments: [0, -1, 65_536])
    func count(value: Int) throws {
        #expect(Self.code(try Self.manifest(count: value)) == "count")
    }

    @Test("recordsLength must be 1...64 MiB, refused before anything is allocated", arguments: [0, -5, (64 << 20) + 1, Int.max])
    func recordsLength(value: Int) throws {
        #expect(Self.code(try Self.manifest(length: value)) == "records-length")
    }

    @Test("records must inflate to exactly recordsLength octets and end with the zlib stream")
    func compression() throws {
        let p = try Self.parts()
        #expect(Self.code(try Self.manifest(stream: [0x78, 0xDA, 0x01, 0x02])) == "compression")
        #expect(Self.code(try Self.manifest(stream: Array(p.stream.dropLast(4)))) == "compression")
        #expect(Self.code(try Self.manifest(length: p.list + 1)) == "compression")
        #expect(Self.code(try Self.manifest(length: p.list - 1)) == "compression")
        #expect(Self.code(try Self.manifest(stream: p.stream + [0]) ) == "compression")
    }

    @Test("the inflated records must be count records")
    func recordCount() throws {
        #expect(Self.code(try Self.manifest(count: 2)) == "records")
        #expect(Self.code(try Self.manifest(count: 4)) == "records")
    }

    @Test("records beyond count are refused once counted, before a node is kept for each of a million tiny elements")
    func recordsCountedBeforeParsing() throws {
        let tiny = BatchManifest(batchIdentifier: Self.identifier, records: Array(repeating: [0x30, 0x00], count: 1_000_000))
        let root = try DER.parse(tiny.encoded())
        let length = try #require(try DERInteger(derNode: root.children[3], withTag: .integer).intValue)
        let bytes = try Self.manifest(count: 2, length: length, stream: Array(root.children[4].content))
        #expect(throws: BatchManifestError.records("more than 2 records, count says 2")) {
            try BatchManifest(derEncoded: bytes)
        }
    }

    @Test("strict DER: no field after records, minimal lengths")
    func strictDER() throws {
        #expect(Self.code(try Self.manifest(extra: true)) == "der-unexpectedField")
        var longForm = try Self.manifest()
        // Outer SEQUENCE length in a long form although it fits in the short one is refused;
        // build one by re-encoding the header of a short manifest.
        let root = try DER.parse(longForm)
        if root.content.count < 128 {
            longForm = [0x30, 0x81, UInt8(root.content.count)] + Array(root.content)
            #expect(Self.code(longForm) == "der-nonMinimalLength")
        } else {
            longForm = [0x30, 0x83, 0x00] + Array(longForm[2...])
            #expect(Self.code(longForm) != nil)
        }
    }
}
