/// Namespace of the strict DER reader and writer entry points.
public enum DER {
    /// Deepest nesting of constructed elements accepted. Real CMS/record structures stay below
    /// 15; the cap keeps work bounded for hostile input (swift-asn1 uses 50 as well).
    public static let maximumDepth = 50

    /// Parses exactly one DER element spanning all of `bytes` and validates its whole tree:
    /// every identifier, length and primitive/constructed flag, nesting depth, and that nothing
    /// follows the element. Typed values are checked when decoded from the returned node.
    public static func parse(_ bytes: [UInt8]) throws(DERError) -> DERNode {
        try parse(bytes[...])
    }

    /// Parses one element spanning all of `bytes`; offsets in errors and nodes are indices of
    /// `bytes` (so a slice of a larger buffer reports positions in that buffer).
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(DERError) -> DERNode {
        try parse(bytes, keepingTreeTo: .max)
    }

    /// Parses and validates one element spanning all of `bytes` exactly as ``parse(_:)-swift.type.method``
    /// does (the same checks, the same first error), but keeps only the nodes down to `keptDepth`
    /// (the root is 1): deeper elements are validated and dropped, so their nodes cost no
    /// allocation. For large containers whose elements are decoded one at a time later (a
    /// batch's 720 records), where building every element's tree up front costs more than
    /// everything else done with them.
    public static func parse(_ bytes: ArraySlice<UInt8>, keepingTreeTo keptDepth: Int) throws(DERError) -> DERNode {
        var cursor = bytes.startIndex
        let node = try parseElement(bytes, cursor: &cursor, depth: 1, keptDepth: keptDepth)
        guard cursor == bytes.endIndex else {
            throw DERError(.trailingBytes, at: cursor,
                           "\(bytes.endIndex - cursor) bytes follow the outermost element")
        }
        return node
    }

    /// Whether `bytes` are exactly one element that ``parse(_:)-swift.type.method`` accepts when it
    /// lies at nesting level `depth` (the root is 1) of a larger encoding: the same checks, the
    /// nesting limit counted from that level. For a reader that recognises the elements around
    /// it on their bytes and must still hold the element inside to the whole parse's rules.
    public static func isValidElement(_ bytes: ArraySlice<UInt8>, atDepth depth: Int) -> Bool {
        var cursor = bytes.startIndex
        do {
            try validateElement(bytes, cursor: &cursor, depth: depth)
        } catch {
            return false
        }
        return cursor == bytes.endIndex
    }

    /// Parses and decodes a value of type `T` from a complete DER encoding.
    public static func decode<T: DERParseable>(_ type: T.Type = T.self, from bytes: [UInt8]) throws -> T {
        try T(derNode: parse(bytes))
    }

    /// Encodes a value to DER.
    public static func encode(_ value: some DERSerializable) -> [UInt8] {
        var writer = DERWriter()
        value.serialize(into: &writer)
        return writer.bytes
    }

    /// The length octets at `cursor` (just after an identifier) when they are a definite length
    /// in the shortest form DER allows (X.690 10.1, checked here as for every parsed element),
    /// with `cursor` moved past them; `nil` otherwise. For readers that recognise a fixed layout
    /// on its bytes and leave everything else to ``parse(_:)-swift.type.method``.
    public static func definiteLength(in bytes: ArraySlice<UInt8>, at cursor: inout Int) -> Int? {
        var position = cursor
        guard let length = try? readLength(bytes, cursor: &position) else { return nil }
        cursor = position
        return length
    }

    // MARK: - TLV reading

    static func parseElement(_ bytes: ArraySlice<UInt8>, cursor: inout Int, depth: Int,
                             keptDepth: Int = .max) throws(DERError) -> DERNode {
        let start = cursor
        let tag = try readTag(bytes, cursor: &cursor)
        let length = try readLength(bytes, cursor: &cursor)
        // Compare against what is left before slicing so a claim of 4 GB costs nothing.
        guard length <= bytes.endIndex - cursor else {
            throw DERError(.truncated, at: start,
                           "\(tag) claims \(length) content bytes but only \(bytes.endIndex - cursor) remain")
        }
        let content = bytes[cursor..<(cursor + length)]
        cursor += length

        try checkForm(tag, at: start)

        var children: [DERNode] = []
        if tag.isConstructed {
            // `depth` counts this element (the root is 1), so exactly `maximumDepth` nested
            // constructed elements are accepted, as documented, and recursion stays bounded.
            guard depth <= maximumDepth else {
                throw DERError(.nestingTooDeep, at: start, "more than \(maximumDepth) nested elements")
            }
            var inner = content.startIndex
            if depth < keptDepth {
                // One allocation of the right size instead of growing by doubling: a SignedData
                // has some thirty constructed elements, parsed for every verified sample.
                children.reserveCapacity(childCount(content))
                while inner < content.endIndex {
                    children.append(try parseElement(content, cursor: &inner, depth: depth + 1, keptDepth: keptDepth))
                }
            } else {
                while inner < content.endIndex { try validateElement(content, cursor: &inner, depth: depth + 1) }
            }
        }
        return DERNode(tag: tag, encodedBytes: bytes[start..<cursor], content: content, children: children)
    }

    /// How many elements `content` holds, read from their identifiers and lengths alone: only a
    /// capacity to reserve, so malformed content just ends the count (``parseElement`` then
    /// reports the error, the same as without the count).
    static func childCount(_ content: ArraySlice<UInt8>) -> Int {
        var cursor = content.startIndex
        var count = 0
        while cursor < content.endIndex {
            count += 1
            guard (try? readTag(content, cursor: &cursor)) != nil,
                  let length = try? readLength(content, cursor: &cursor),
                  length <= content.endIndex - cursor else { return count }
            cursor += length
        }
        return count
    }

    /// ``parseElement(_:cursor:depth:keptDepth:)`` without building nodes: the same checks in the
    /// same order, so the same first error, for elements below the kept depth.
    static func validateElement(_ bytes: ArraySlice<UInt8>, cursor: inout Int, depth: Int) throws(DERError) {
        let start = cursor
        let tag = try readTag(bytes, cursor: &cursor)
        let length = try readLength(bytes, cursor: &cursor)
        guard length <= bytes.endIndex - cursor else {
            throw DERError(.truncated, at: start,
                           "\(tag) claims \(length) content bytes but only \(bytes.endIndex - cursor) remain")
        }
        let contentStart = cursor
        cursor += length
        try checkForm(tag, at: start)
        if tag.isConstructed {
            guard depth <= maximumDepth else {
                throw DERError(.nestingTooDeep, at: start, "more than \(maximumDepth) nested elements")
            }
            let content = bytes[contentStart..<cursor]
            var inner = content.startIndex
            while inner < content.endIndex { try validateElement(content, cursor: &inner, depth: depth + 1) }
        }
    }

    /// X.690 10.2: DER uses the primitive form for strings, and the other simple types are
    /// primitive in every encoding; SEQUENCE, SET and the types defined as one of them are
    /// constructed by definition (X.690 8.9.1, 8.11.1, 8.18.1). Every parsed element passes
    /// here, so the sets are looked up as bit masks, not hashed.
    @inline(__always)
    static func checkForm(_ tag: DERTag, at start: Int) throws(DERError) {
        guard tag.tagClass == .universal else { return }
        let primitiveOnly: Bool, constructedOnly: Bool
        if tag.number < 64 {
            let bit = UInt64(1) << UInt64(tag.number)
            (primitiveOnly, constructedOnly) = (primitiveOnlyMask & bit != 0, constructedOnlyMask & bit != 0)
        } else {
            (primitiveOnly, constructedOnly) = (DERTag.primitiveOnlyUniversalNumbers.contains(tag.number),
                                                DERTag.constructedOnlyUniversalNumbers.contains(tag.number))
        }
        if tag.isConstructed && primitiveOnly {
            throw DERError(.invalidConstructedFlag, at: start, "\(tag) must use the primitive form in DER")
        }
        if !tag.isConstructed && constructedOnly {
            throw DERError(.invalidConstructedFlag, at: start, "\(tag) must use the constructed form")
        }
    }

    private static let primitiveOnlyMask = mask(DERTag.primitiveOnlyUniversalNumbers)
    private static let constructedOnlyMask = mask(DERTag.constructedOnlyUniversalNumbers)

    private static func mask(_ numbers: Set<UInt32>) -> UInt64 {
        numbers.filter { $0 < 64 }.reduce(0) { $0 | UInt64(1) << UInt64($1) }
    }

    static func readTag(_ bytes: ArraySlice<UInt8>, cursor: inout Int) throws(DERError) -> DERTag {
        guard cursor < bytes.endIndex else {
            throw DERError(.truncated, at: cursor, "input ends where an identifier octet was expected")
        }
        let start = cursor
        let first = bytes[cursor]
        cursor += 1
        let tagClass = DERTag.TagClass(rawValue: first >> 6) ?? .private  // two bits: every value is a class
        let constructed = first & 0x20 != 0
        var number = UInt32(first & 0x1F)
        if number == 0x1F {
            // X.690 8.1.2.4: high-tag-number form, base 128, most significant first; 8.1.2.4.2 c
            // forbids a leading 0x80 octet and DER's minimality means numbers below 31 use the
            // low form.
            number = 0
            var octets = 0
            while true {
                guard cursor < bytes.endIndex else {
                    throw DERError(.truncated, at: start, "input ends inside a high-tag-number identifier")
                }
                let b = bytes[cursor]
                cursor += 1
                octets += 1
                if octets == 1 && b == 0x80 {
                    throw DERError(.nonMinimalTag, at: start, "high tag number starts with a 0x80 octet")
                }
                guard octets <= 4 else {
                    throw DERError(.tagTooLarge, at: start, "tag number needs more than 4 octets")
                }
                number = (number << 7) | UInt32(b & 0x7F)
                if b & 0x80 == 0 { break }
            }
            guard number >= 31 else {
                throw DERError(.nonMinimalTag, at: start, "tag number \(number) must use the low-tag-number form")
            }
        }
        if tagClass == .universal && number == 0 {
            throw DERError(.reservedTag, at: start, "universal tag 0 (end-of-contents) is not DER")
        }
        // X.680 8.6 (Table 1): universal 15 is reserved for future editions; no type has it.
        if tagClass == .universal && number == 15 {
            throw DERError(.reservedTag, at: start, "universal tag 15 is reserved (X.680 Table 1)")
        }
        return DERTag(tagClass, number: number, constructed: constructed)
    }

    static func readLength(_ bytes: ArraySlice<UInt8>, cursor: inout Int) throws(DERError) -> Int {
        let start = cursor
        guard cursor < bytes.endIndex else {
            throw DERError(.truncated, at: cursor, "input ends where a length octet was expected")
        }
        let first = bytes[cursor]
        cursor += 1
        if first < 0x80 { return Int(first) }
        if first == 0x80 {
            throw DERError(.indefiniteLength, at: start, "indefinite length is BER, not DER (X.690 10.1)")
        }
        let count = Int(first & 0x7F)
        guard count <= 4 else {
            throw DERError(.lengthTooLarge, at: start, "length of length \(count) octets exceeds 4")
        }
        guard count <= bytes.endIndex - cursor else {
            throw DERError(.truncated, at: start, "input ends inside a \(count)-octet length")
        }
        var value = 0
        for i in 0..<count { value = (value << 8) | Int(bytes[cursor + i]) }
        // X.690 10.1: the definite form uses the minimum number of octets, so a long form must
        // not start with 0x00 and must encode at least 128.
        if bytes[cursor] == 0 || value < 0x80 {
            throw DERError(.nonMinimalLength, at: start, "length \(value) is not in its shortest form")
        }
        cursor += count
        return value
    }
}
