import DER

/// DER encoding and strict decoding of the record's plist structure (docs/FORMAT.md).
enum RecordCoding {
    static func serialize(_ dictionary: RecordDictionary, into writer: inout DERWriter) {
        // Dictionary ::= SET OF Entry, written in DER order by the writer (X.690 11.6).
        writer.appendSetOf { set in
            for entry in dictionary.entries {
                set.appendConstructed(.sequence) { seq in
                    seq.append(DERUTF8String(entry.key))
                    serialize(entry.value, into: &seq)
                }
            }
        }
    }

    static func serialize(_ value: RecordValue, into writer: inout DERWriter) {
        switch value {
        case .string(let s): writer.append(DERUTF8String(s))
        case .integer(let i): writer.append(i)
        case .real(let r): writer.append(r)
        case .boolean(let b): writer.append(b)
        case .date(let d): writer.append(d)
        case .data(let bytes): writer.append(DEROctetString(bytes))
        case .array(let items):
            writer.appendConstructed(.sequence) { seq in
                for item in items { serialize(item, into: &seq) }
            }
        case .dictionary(let dict): serialize(dict, into: &writer)
        }
    }

    /// Decodes a `Dictionary`; `path` is the key path of the dictionary (`""` for the record,
    /// `m.` for its metadata) so that errors name the entry. Paths are built only for an error:
    /// every verified sample decodes a record, and joining a path per entry cost more than the
    /// decoding.
    static func decodeDictionary(_ node: DERNode, path: @autoclosure () -> String = "") throws -> RecordDictionary {
        // SET OF order checked by DER.setOf; unique keys are a record rule checked below, since
        // two entries with one key but different values have different encodings.
        // Keys of a small dictionary (every real record) are compared linearly; past
        // `linearKeyScanLimit` they are tracked in a set, so a hostile record with many entries
        // does not cost a quadratic key search.
        let elements = try DER.setOf(node, "Dictionary")
        var entries: [RecordDictionary.Entry] = []
        entries.reserveCapacity(elements.count)
        var seenKeys = Set<String>()
        for element in elements {
            let entry = try DER.sequence(element, "Entry") { fields in
                let key = try DERUTF8String(derNode: try fields.read(.utf8String, "Entry.key")).value
                let value = try decodeValue(try fields.read("Entry.value"), path: path() + key)
                return RecordDictionary.Entry(key: key, value: value)
            }
            let duplicate: Bool
            if entries.count < linearKeyScanLimit {
                duplicate = entries.contains { $0.key == entry.key }
            } else {
                if entries.count == linearKeyScanLimit { seenKeys = Set(entries.map(\.key)) }
                duplicate = !seenKeys.insert(entry.key).inserted
            }
            guard !duplicate else {
                throw RecordError.duplicateKey(path() + entry.key, offset: element.offset)
            }
            entries.append(entry)
        }
        return RecordDictionary(uniqueEntries: entries)
    }

    /// Entries up to which duplicate keys are found by a linear scan.
    static let linearKeyScanLimit = 16

    static func decodeValue(_ node: DERNode, path: @autoclosure () -> String) throws -> RecordValue {
        switch node.tag {
        case .utf8String: return .string(try DERUTF8String(derNode: node).value)
        case .integer: return .integer(try DERInteger(derNode: node))
        case .real:
            // docs/FORMAT.md: REAL is base-10 NR3 wherever it occurs. The X.690 special values
            // (infinities, NaN, minus zero) are valid DER but no decimal, so no reading or
            // metadata value can be one; refusing them only in `v` would let them ride elsewhere.
            let real = try DERReal(derNode: node)
            if real.specialValue != nil {
                throw RecordError.nonDecimalReal(key: path(), value: real.decimalText, offset: node.offset)
            }
            return .real(real)
        case .boolean: return .boolean(try Bool(derNode: node))
        case .generalizedTime: return .date(try GeneralizedTime(derNode: node))
        case .octetString: return .data(Array(try DEROctetString(derNode: node).bytes))
        case .sequence:
            var items: [RecordValue] = []
            items.reserveCapacity(node.children.count)
            for (index, child) in node.children.enumerated() {
                items.append(try decodeValue(child, path: "\(path())[\(index)]"))
            }
            return .array(items)
        case .set: return .dictionary(try decodeDictionary(node, path: path() + "."))
        default:
            throw RecordError.unsupportedValue(tag: node.tag.description, offset: node.offset)
        }
    }
}
