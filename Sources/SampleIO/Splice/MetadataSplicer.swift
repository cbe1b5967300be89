import HealthSamples

/// Returns `line` (one JSON object, e.g. a JSON Lines record) with the string metadata entry
/// `"key":"stringValue"` added to its top-level `metadata` object, leaving every other byte
/// exactly as it was.
///
/// - If `metadata` exists, the entry is appended after its last member (or inside `{}` when it
///   is empty). An existing entry with the same key, or with the other spelling of the same
///   predefined key (``HealthSamples/MetadataKey``: `HKMetadataKeyDigitalSignature` and
///   `HKDigitalSignature` name one entry), is replaced in place instead; further such entries
///   are removed together with their preceding comma.
/// - If `metadata` is absent, `,"metadata":{"key":"value"}` is appended after the object's last
///   member (no comma when the object is empty).
///
/// Edits are made at byte offsets taken from ``JSONParser``'s spans, so whitespace, key order,
/// number spellings and escapes elsewhere in the line are untouched. Key and value are written
/// with minimal escaping (``JSONWriter/writeString(_:into:)``).
///
/// - Throws: ``SignatureSpliceError``.
public func insertingMetadataValue(key: String, stringValue: String, into line: String) throws(SignatureSpliceError) -> String {
    let bytes = Array(line.utf8)
    let root: JSONNode
    do {
        root = try JSONParser().parseNode(bytes)
    } catch {
        throw .invalidJSON(error)
    }
    return String(decoding: try insertingMetadataValue(key: key, stringValue: stringValue, into: bytes, root: root),
                  as: UTF8.self)
}

/// ``insertingMetadataValue(key:stringValue:into:)`` on the line's bytes and the node
/// ``JSONParser/parseNode(_:)-([UInt8])`` made of them, for a caller that has parsed the line
/// already (signing parses each line once).
///
/// - Throws: ``SignatureSpliceError``.
public func insertingMetadataValue(key: String, stringValue: String, into bytes: [UInt8],
                                   root: JSONNode) throws(SignatureSpliceError) -> [UInt8] {
    guard let topMembers = root.objectMembers else { throw .topLevelNotAnObject(found: root.value.kindName) }

    var entry: [UInt8] = []
    JSONWriter.writeString(key, into: &entry)
    entry.append(UInt8(ascii: ":"))
    JSONWriter.writeString(stringValue, into: &entry)

    // Edits as (range to replace, replacement), applied from the end so offsets stay valid.
    var edits: [(range: Range<Int>, replacement: [UInt8])] = []

    if let metadata = topMembers.first(where: { $0.key == "metadata" }) {
        guard let members = metadata.value.objectMembers else {
            throw .metadataNotAnObject(found: metadata.value.value.kindName)
        }
        // Same entry = same stored spelling (SDK constant name and stored name are aliases).
        let storedKey = MetadataKey.storedName(for: key)
        let matches = members.indices.filter { MetadataKey.storedName(for: members[$0].key) == storedKey }
        if let first = matches.first {
            // Replace `"oldKey":oldValue` by the new entry, keeping the bytes around it.
            edits.append((members[first].keySpan.lowerBound..<members[first].value.span.upperBound, entry))
            // Remove later duplicates with the separator before them: from the end of the
            // previous member's value to the end of this member's value.
            for index in matches.dropFirst() {
                edits.append((members[index - 1].value.span.upperBound..<members[index].value.span.upperBound, []))
            }
        } else if let last = members.last {
            let position = last.value.span.upperBound
            edits.append((position..<position, [UInt8(ascii: ",")] + entry))
        } else {
            // Empty object: insert right before its closing brace.
            let position = metadata.value.span.upperBound - 1
            edits.append((position..<position, entry))
        }
    } else {
        var addition: [UInt8] = []
        JSONWriter.writeString("metadata", into: &addition)
        addition.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: "{")] + entry + [UInt8(ascii: "}")])
        if let last = topMembers.last {
            let position = last.value.span.upperBound
            edits.append((position..<position, [UInt8(ascii: ",")] + addition))
        } else {
            let position = root.span.upperBound - 1
            edits.append((position..<position, addition))
        }
    }

    var output = bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        output.replaceSubrange(edit.range, with: edit.replacement)
    }
    return output
}
