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

/// ``insertingMetadataValue(_:into:layout:valueCapacity:valueIsBase64:writeValue:)`` for a value of
/// exactly `valueLength` characters that need no JSON escape (the base64 of a signature), which
/// `writeValue` writes into the room it is lent; with `lineBreak`, the line ends with `\n`. The
/// signed line is allocated once at its exact size.
///
/// - Throws: ``SignatureSpliceError``.
public func insertingMetadataValue(_ key: MetadataSpliceKey, into bytes: [UInt8], layout: JSONSpliceLayout,
                                   plainValueLength valueLength: Int, lineBreak: Bool,
                                   writeValue: (UnsafeMutableRawBufferPointer) -> Void) throws(SignatureSpliceError) -> [UInt8] {
    // Perf: one allocation at the exact size, every part written in place: growing the line as it
    // was appended to cost more than the copying, for every signed reading (not measured).
    let plan = try MetadataSplicePlan(layout: layout, namesSameEntry: { key.namesSameEntry($0) })
    // `"key":"value"`, wrapped in `"metadata":{…}` when the object has none, a comma before it
    // when it follows a member.
    let entryLength = key.literal.count + 3 + valueLength
    let inserted = (plan.comma ? 1 : 0) + (plan.wrapsInMetadata ? MetadataSplicePlan.metadataOpening.count + 1 : 0)
        + entryLength
    let removed = plan.edit.count + plan.removals.reduce(0) { $0 + $1.count }
    let total = bytes.count - removed + inserted + (lineBreak ? 1 : 0)
    // Written straight into the array's storage: assembled in temporary storage and appended to
    // an array reserved at its size, every line was written twice (and a long one allocated
    // and freed a second time for its temporary storage).
    return [UInt8](unsafeUninitializedCapacity: total) { line, initialized in
        let target = UnsafeMutableRawBufferPointer(line)
        bytes.withUnsafeBytes { source in
            // A cursor value rather than local functions over a captured offset: captured, the
            // offset was boxed and every write to it checked for exclusive access at run time.
            var out = SpliceCursor(source: source, target: target)
            out.copy(0..<plan.edit.lowerBound)
            if plan.comma { out.put(UInt8(ascii: ",")) }
            if plan.wrapsInMetadata { out.put(MetadataSplicePlan.metadataOpening) }
            out.put(key.literal)
            out.put(UInt8(ascii: ":"))
            out.put(UInt8(ascii: "\""))
            writeValue(UnsafeMutableRawBufferPointer(rebasing: target[out.at..<(out.at + valueLength)]))
            out.at += valueLength
            out.put(UInt8(ascii: "\""))
            if plan.wrapsInMetadata { out.put(UInt8(ascii: "}")) }
            var copied = plan.edit.upperBound
            for removal in plan.removals {
                out.copy(copied..<removal.lowerBound)
                copied = removal.upperBound
            }
            out.copy(copied..<bytes.count)
            if lineBreak { out.put(UInt8(ascii: "\n")) }
            precondition(out.at == total, "spliced line size computed wrongly")
        }
        initialized = total
    }
}

/// Where a metadata entry goes in a JSON object's text: the range it replaces, whether a comma
/// precedes it, whether it is wrapped in a new `"metadata":{…}` member, and the later duplicates
/// of its key to remove, in ascending order and not overlapping.
struct MetadataSplicePlan {
    var edit: Range<Int>
    var comma: Bool
    var wrapsInMetadata: Bool
    var removals: [Range<Int>] = []

    /// `"metadata":{`, written before the entry when the object has no metadata.
    static let metadataOpening: [UInt8] = {
        var opening: [UInt8] = []
        JSONWriter.writeString("metadata", into: &opening)
        opening.append(UInt8(ascii: ":"))
        opening.append(UInt8(ascii: "{"))
        return opening
    }()

    // Perf: `layout` is borrowed: an initializer takes its arguments owned, and the layout was
    // copied for every line to be handed over (not measured).
    /// `namesSameEntry` tells whether a metadata key names the entry being written. Duplicates
    /// are rare, so the usual line allocates nothing for them.
    init(layout: borrowing JSONSpliceLayout, namesSameEntry: (String) -> Bool) throws(SignatureSpliceError) {
        guard layout.rootKind == "object" else { throw .topLevelNotAnObject(found: layout.rootKind) }
        let topMembers = layout.members
        // A `metadata` object with members: its member need not be looked for (comparing every
        // top-level key with "metadata" was a third of the splice), since only an empty
        // object's closing brace is found through it.
        enum MetadataMember {
            case absent
            case withMembers
            /// Found by the search: where its value ends.
            case found(valueEnd: Int)
        }
        let metadata: MetadataMember
        if layout.metadataKind == "object", !layout.metadataMembers.isEmpty {
            metadata = .withMembers
        } else if let member = topMembers.first(where: { $0.key == "metadata" }) {
            metadata = .found(valueEnd: member.valueSpan.upperBound)
        } else {
            metadata = .absent
        }
        if case .absent = metadata {
            if let last = topMembers.last {
                let position = last.valueSpan.upperBound
                edit = position..<position
                comma = true
            } else {
                let position = layout.rootSpan.upperBound - 1
                edit = position..<position
                comma = false
            }
            wrapsInMetadata = true
        } else {
            guard layout.metadataKind == "object" else {
                throw .metadataNotAnObject(found: layout.metadataKind ?? "null")
            }
            wrapsInMetadata = false
            let members = layout.metadataMembers
            if let first = members.indices.first(where: { namesSameEntry(members[$0].key) }) {
                // Replace `"oldKey":oldValue` by the new entry, keeping the bytes around it.
                edit = members[first].keySpan.lowerBound..<members[first].valueSpan.upperBound
                comma = false
                // Remove later duplicates with the separator before them: from the end of the
                // previous member's value to the end of this member's value.
                for index in members.indices.dropFirst(first + 1) where namesSameEntry(members[index].key) {
                    removals.append(members[index - 1].valueSpan.upperBound..<members[index].valueSpan.upperBound)
                }
            } else if let last = members.last {
                let position = last.valueSpan.upperBound
                edit = position..<position
                comma = true
            } else if case .found(let valueEnd) = metadata {
                // Empty object: insert right before its closing brace.
                let position = valueEnd - 1
                edit = position..<position
                comma = false
            } else {
                preconditionFailure("a metadata object with members has a last member")
            }
        }
    }
}

/// The splice both forms share: `namesSameEntry` tells whether a metadata key names the entry
/// being written, `writeEntry` appends `"key":value`.
private func splicingMetadataEntry(into bytes: [UInt8], layout: JSONSpliceLayout, extraCapacity: Int,
                                   namesSameEntry: (String) -> Bool,
                                   writeEntry: (inout [UInt8]) -> Void) throws(SignatureSpliceError) -> [UInt8] {
    let plan = try MetadataSplicePlan(layout: layout, namesSameEntry: namesSameEntry)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + extraCapacity + 24)
    output.append(contentsOf: bytes[..<plan.edit.lowerBound])
    if plan.comma { output.append(UInt8(ascii: ",")) }
    if plan.wrapsInMetadata { output.append(contentsOf: MetadataSplicePlan.metadataOpening) }
    writeEntry(&output)
    if plan.wrapsInMetadata { output.append(UInt8(ascii: "}")) }
    var copied = plan.edit.upperBound
    for removal in plan.removals {
        output.append(contentsOf: bytes[copied..<removal.lowerBound])
        copied = removal.upperBound
    }
    output.append(contentsOf: bytes[copied...])
    return output
}

/// Writes a spliced line front to back into storage of its exact size: ranges of the original
/// line, single bytes and prepared literals.
private struct SpliceCursor {
    let source: UnsafeRawBufferPointer
    let target: UnsafeMutableRawBufferPointer
    var at = 0

    mutating func copy(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        (target.baseAddress! + at).copyMemory(from: source.baseAddress! + range.lowerBound, byteCount: range.count)
        at += range.count
    }

    mutating func put(_ byte: UInt8) {
        target[at] = byte
        at += 1
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            (target.baseAddress! + at).copyMemory(from: base, byteCount: bytes.count)
            at += bytes.count
        }
    }
}
