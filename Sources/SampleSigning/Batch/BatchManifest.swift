import DER

/// The signed content of a batch signature (docs/BATCH.md, module `HealthSigBatch-2026`): the
/// batch's identifier and the DER records (docs/FORMAT.md) of its samples in index order,
/// zlib-compressed. A batch of similar readings compresses to about 9 octets a record, which is
/// what keeps a batch-signed day within a tenth of per-sample signatures while every sample's
/// whole signed record stays recoverable for the field-by-field comparison.
public struct BatchManifest: Sendable, Hashable {
    /// Content octets of `id-healthsig-batch-manifest-v1`, 2.25.105007975088375222680850362073043249763
    /// (a UUID-derived arc, X.667). Compared as octets: the arc exceeds the 64 bits DERObjectIdentifier
    /// decodes, and equality with these valid octets is also the strict-DER check.
    public static let contentTypeOctets: [UInt8] = [
        0x69, 0x81, 0x9D, 0xFF, 0xE6, 0xB9, 0x91, 0x9C, 0xDA, 0xA5,
        0xFD, 0xA7, 0xEA, 0xCD, 0xB3, 0xED, 0xAC, 0xD4, 0xD4, 0x63,
    ]
    /// Dotted form of the content type.
    public static let contentTypeDotted = "2.25.105007975088375222680850362073043249763"
    /// Octets in a batch identifier.
    public static let batchIdentifierLength = 12
    /// Most records one batch may hold.
    public static let maximumCount = 65_535
    /// Most octets the inflated records may declare (64 MiB): the bound on what a verifier allocates.
    public static let maximumRecordsLength = 64 << 20
    /// Most octets a batch signature (the DER SignedData) may have (8 MiB), checked before it is
    /// decoded: far above a full batch of real readings (65,535 fully described heart rates
    /// compress to about 0.6 MiB), far below what decoding an arbitrary line would cost.
    public static let maximumSignatureLength = 8 << 20

    /// The batch identifier (12 random octets chosen by the signer).
    public let batchIdentifier: [UInt8]
    /// The DER record of each sample, index 0 first.
    public let records: [ArraySlice<UInt8>]
    /// The compressed `records` field as signed (kept so `inspect` can show its size).
    public let compressedLength: Int

    /// A manifest over `records` (each the DER of one record).
    public init(batchIdentifier: [UInt8], records: [[UInt8]]) {
        self.batchIdentifier = batchIdentifier
        self.records = records.map { $0[...] }
        self.compressedLength = 0
    }

    /// The DER of the manifest: what the batch's SignedData encapsulates.
    public func encoded() -> [UInt8] {
        var list = DERWriter(capacity: records.reduce(16) { $0 + $1.count })
        list.appendConstructed(.sequence) { w in
            for record in records { w.appendEncoded(record) }
        }
        let compressed = RecordCompression.compress(list.bytes)
        var writer = DERWriter(capacity: compressed.count + 64)
        writer.appendConstructed(.sequence) { w in
            w.appendPrimitive(.objectIdentifier, content: Self.contentTypeOctets)
            w.append(DEROctetString(batchIdentifier))
            w.append(DERInteger(records.count))
            w.append(DERInteger(list.bytes.count))
            w.append(DEROctetString(compressed))
        }
        return writer.bytes
    }

    /// Decodes a manifest strictly, bounds its declared sizes before allocating, and inflates
    /// its records (docs/BATCH.md, "Decoding rules").
    public init(derEncoded bytes: [UInt8]) throws(BatchManifestError) {
        do {
            let root = try DER.parse(bytes)
            // A per-sample record (a SET) or any other content is named as such, not as a DER fault.
            guard root.tag == .sequence, let type = root.children.first, type.tag == .objectIdentifier,
                  Array(type.content) == Self.contentTypeOctets
            else { throw BatchManifestError.notABatchManifest(offset: root.children.first?.offset ?? 0) }
            var fields = DERFieldReader(root)
            _ = try fields.read(.objectIdentifier, "contentType")
            let id = try DEROctetString(derNode: try fields.read(.octetString, "batchId"), withTag: .octetString)
            let idNode = root.children[1]
            guard id.bytes.count == Self.batchIdentifierLength else {
                throw BatchManifestError.batchIdentifierLength(id.bytes.count, offset: idNode.offset)
            }
            let countNode = try fields.read(.integer, "count")
            let count = try DERInteger(derNode: countNode, withTag: .integer)
            guard let n = count.intValue, (1...Self.maximumCount).contains(n) else {
                throw BatchManifestError.count(count.description, offset: countNode.offset)
            }
            let lengthNode = try fields.read(.integer, "recordsLength")
            let length = try DERInteger(derNode: lengthNode, withTag: .integer)
            guard let total = length.intValue, (1...Self.maximumRecordsLength).contains(total) else {
                throw BatchManifestError.recordsLength(length.description, offset: lengthNode.offset)
            }
            let compressedNode = try fields.read(.octetString, "records")
            let compressed = try DEROctetString(derNode: compressedNode, withTag: .octetString)
            try fields.finish()
            let inflated: [UInt8]
            do {
                inflated = try RecordCompression.decompress(compressed.bytes, length: total)
            } catch {
                throw BatchManifestError.compression(Self.describe(error), offset: compressedNode.offset)
            }
            // Counted before the strict parse keeps a node for each: inflated octets of tiny
            // elements (`30 00` repeated) would otherwise cost a node per two octets.
            if let elements = Self.elementCount(ofSequence: inflated, atMost: n), elements > n {
                throw BatchManifestError.records("more than \(n) records, count says \(n)")
            }
            let list: DERNode
            do {
                // Every record is validated as strict DER here, but only the list's own nodes
                // are kept: each record is decoded when a sample refers to it.
                list = try DER.parse(inflated[...], keepingTreeTo: 2)
            } catch {
                throw BatchManifestError.records("not strict DER: \(error)")
            }
            guard list.tag == .sequence else { throw BatchManifestError.records("not a SEQUENCE OF Record") }
            guard list.children.count == n else {
                throw BatchManifestError.records("\(list.children.count) records, count says \(n)")
            }
            batchIdentifier = Array(id.bytes)
            records = list.children.map(\.encodedBytes)
            compressedLength = compressed.bytes.count
        } catch let error as BatchManifestError {
            throw error
        } catch let error as DERError {
            throw .der(error)
        } catch {
            throw .records("\(error)")
        }
    }

    /// The number of elements in the SEQUENCE `bytes` holds, counted on their identifier and
    /// length octets only, stopping at `limit + 1`; `nil` when the octets do not even frame
    /// elements (the strict parse then says why). Only a count: strict DER is checked by the
    /// parser, which sees every octet counted here.
    static func elementCount(ofSequence bytes: [UInt8], atMost limit: Int) -> Int? {
        var cursor = 0
        guard let end = frame(bytes, &cursor), end == bytes.count else { return nil }
        var count = 0
        while cursor < end {
            guard let next = frame(bytes, &cursor), next <= end else { return nil }
            cursor = next
            count += 1
            if count > limit { return count }
        }
        return count
    }

    /// Reads an identifier and length at `cursor`, leaves `cursor` at the contents and returns
    /// where the element ends; `nil` when they are cut short or the length exceeds what fits.
    private static func frame(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
        guard cursor < bytes.count else { return nil }
        if bytes[cursor] & 0x1F == 0x1F {
            cursor += 1
            while cursor < bytes.count, bytes[cursor] & 0x80 != 0 { cursor += 1 }
        }
        cursor += 1
        guard cursor < bytes.count else { return nil }
        let first = bytes[cursor]
        cursor += 1
        var length = Int(first)
        if first & 0x80 != 0 {
            let octets = Int(first & 0x7F)
            guard (1...4).contains(octets), cursor + octets <= bytes.count else { return nil }
            length = bytes[cursor..<(cursor + octets)].reduce(0) { $0 << 8 | Int($1) }
            cursor += octets
        }
        guard length <= bytes.count - cursor else { return nil }
        return cursor + length
    }

    private static func describe(_ failure: RecordCompression.Failure) -> String {
        switch failure {
        case .damaged(let reason): return reason
        case .lengthDiffers(let declared, let actual): return "inflates to \(actual) octets, recordsLength says \(declared)"
        case .trailingOctets(let n): return "\(n) octets follow the end of the zlib stream"
        }
    }
}
