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
    let layout = JSONSpliceLayout(root: root)
    return try Array(stringValue.utf8).withUnsafeBufferPointer { (utf8) throws(SignatureSpliceError) in
        try insertingMetadataValue(key: key, stringValueUTF8: utf8, into: bytes, layout: layout)
    }
}

/// ``insertingMetadataValue(key:stringValue:into:root:)`` with the value given as its UTF-8
/// bytes (the base64 text a signer has just written) and the line's layout
/// (``JSONParser/parseForSplicing(_:)`` notes it while parsing), the result built in one buffer.
///
/// - Throws: ``SignatureSpliceError``.
public func insertingMetadataValue(key: String, stringValueUTF8 value: UnsafeBufferPointer<UInt8>, into bytes: [UInt8],
                                   layout: JSONSpliceLayout) throws(SignatureSpliceError) -> [UInt8] {
    // Same entry = same stored spelling (SDK constant name and stored name are aliases).
    let storedKey = MetadataKey.storedName(for: key)
    return try splicingMetadataEntry(into: bytes, layout: layout, extraCapacity: key.utf8.count + value.count,
                                     namesSameEntry: { MetadataKey.storedName(for: $0) == storedKey },
                                     writeEntry: { output in
                                         JSONWriter.writeString(key, into: &output)
                                         output.append(UInt8(ascii: ":"))
                                         JSONWriter.writeString(utf8: value, into: &output)
                                     })
}

/// ``insertingMetadataValue(key:stringValueUTF8:into:layout:)`` with the key prepared once
/// (``MetadataSpliceKey``) and the value's text written by `writeValue` straight into the line
/// (`sign` writes the base64 of each signature there, with no buffer of its own).
/// `valueCapacity` is room to reserve for it. A value that needs JSON escapes is escaped, unless
/// `valueIsBase64`: the caller writes only base64 characters (RFC 4648 §4's alphabet and `=`),
/// none of which a JSON string escapes, so the value is not scanned for them.
///
/// - Throws: ``SignatureSpliceError``.
public func insertingMetadataValue(_ key: MetadataSpliceKey, into bytes: [UInt8], layout: JSONSpliceLayout,
                                   valueCapacity: Int, valueIsBase64: Bool = false,
                                   writeValue: (inout [UInt8]) -> Void) throws(SignatureSpliceError) -> [UInt8] {
    try splicingMetadataEntry(into: bytes, layout: layout, extraCapacity: key.literal.count + valueCapacity,
                              // A closure, not the method `key.namesSameEntry`: a method reference is
                              // an escaping closure, whose copy of the key was a heap allocation and
                              // three retains on every signed line.
                              namesSameEntry: { key.namesSameEntry($0) },
                              writeEntry: { output in
                                  output.append(contentsOf: key.literal)
                                  output.append(UInt8(ascii: ":"))
                                  output.append(UInt8(ascii: "\""))
                                  let start = output.count
                                  writeValue(&output)
                                  let escape = !valueIsBase64 && output.withUnsafeBufferPointer {
                                      JSONWriter.needsEscape(UnsafeBufferPointer(rebasing: $0[start...]))
                                  }
                                  if escape {
                                      let text = Array(output[start...])
                                      output.removeSubrange((start - 1)...)
                                      text.withUnsafeBufferPointer { JSONWriter.writeString(utf8: $0, into: &output) }
                                  } else {
                                      output.append(UInt8(ascii: "\""))
                                  }
                              })
}

/// The splice both forms share: `namesSameEntry` tells whether a metadata key names the entry
/// being written, `writeEntry` appends `"key":value`.
private func splicingMetadataEntry(into bytes: [UInt8], layout: JSONSpliceLayout, extraCapacity: Int,
                                   namesSameEntry: (String) -> Bool,
                                   writeEntry: (inout [UInt8]) -> Void) throws(SignatureSpliceError) -> [UInt8] {
    guard layout.rootKind == "object" else { throw .topLevelNotAnObject(found: layout.rootKind) }
    let topMembers = layout.members

    // The edit that writes the entry, then the later duplicates to remove: in ascending order
    // and not overlapping. Duplicates are rare, so the usual line allocates nothing for them
    // (a list of every edit was an allocation per signed line).
    enum Replacement {
        case entry(comma: Bool)
        case metadataMember(comma: Bool)
    }
    let edit: (range: Range<Int>, replacement: Replacement)
    var removals: [Range<Int>] = []

    if let metadata = topMembers.first(where: { $0.key == "metadata" }) {
        guard layout.metadataKind == "object" else {
            throw .metadataNotAnObject(found: layout.metadataKind ?? "null")
        }
        let members = layout.metadataMembers
        if let first = members.indices.first(where: { namesSameEntry(members[$0].key) }) {
            // Replace `"oldKey":oldValue` by the new entry, keeping the bytes around it.
            edit = (members[first].keySpan.lowerBound..<members[first].valueSpan.upperBound, .entry(comma: false))
            // Remove later duplicates with the separator before them: from the end of the
            // previous member's value to the end of this member's value.
            for index in members.indices.dropFirst(first + 1) where namesSameEntry(members[index].key) {
                removals.append(members[index - 1].valueSpan.upperBound..<members[index].valueSpan.upperBound)
            }
        } else if let last = members.last {
            let position = last.valueSpan.upperBound
            edit = (position..<position, .entry(comma: true))
        } else {
            // Empty object: insert right before its closing brace.
            let position = metadata.valueSpan.upperBound - 1
            edit = (position..<position, .entry(comma: false))
        }
    } else if let last = topMembers.last {
        let position = last.valueSpan.upperBound
        edit = (position..<position, .metadataMember(comma: true))
    } else {
        let position = layout.rootSpan.upperBound - 1
        edit = (position..<position, .metadataMember(comma: false))
    }

    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + extraCapacity + 24)
    output.append(contentsOf: bytes[..<edit.range.lowerBound])
    switch edit.replacement {
    case .entry(let comma):
        if comma { output.append(UInt8(ascii: ",")) }
        writeEntry(&output)
    case .metadataMember(let comma):
        if comma { output.append(UInt8(ascii: ",")) }
        JSONWriter.writeString("metadata", into: &output)
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: "{"))
        writeEntry(&output)
        output.append(UInt8(ascii: "}"))
    }
    var copied = edit.range.upperBound
    for removal in removals {
        output.append(contentsOf: bytes[copied..<removal.lowerBound])
        copied = removal.upperBound
    }
    output.append(contentsOf: bytes[copied...])
    return output
}
