/// Reads the children of a constructed element one field at a time, in schema order.
///
/// A schema decoder takes each field with `read`, optional fields with `readOptional` (which
/// consumes the next child only when its tag matches), and ends with `finish()`, which rejects
/// elements the schema does not know about.
public struct DERFieldReader: Sendable {
    /// The constructed element being read.
    public let parent: DERNode
    private var index = 0

    /// Starts reading the children of `parent`.
    public init(_ parent: DERNode) {
        self.parent = parent
    }

    /// Whether every child has been consumed.
    public var isAtEnd: Bool { index >= parent.children.count }

    /// The tag of the next child, if any, without consuming it.
    public var nextTag: DERTag? { isAtEnd ? nil : parent.children[index].tag }

    /// Consumes the next child, whatever its tag.
    public mutating func read(_ field: @autoclosure () -> String = "field") throws(DERError) -> DERNode {
        guard index < parent.children.count else {
            throw DERError(.missingField, at: parent.encodedBytes.endIndex,
                           "\(parent.tag) ends before \(field())")
        }
        defer { index += 1 }
        return parent.children[index]
    }

    /// Consumes the next child, which must carry `tag`.
    public mutating func read(_ tag: DERTag, _ field: @autoclosure () -> String = "field") throws(DERError) -> DERNode {
        let node = try read(field())
        try node.expect(tag, field())
        return node
    }

    /// Consumes the next child only if it carries `tag`.
    public mutating func readOptional(_ tag: DERTag) -> DERNode? {
        guard nextTag == tag else { return nil }
        defer { index += 1 }
        return parent.children[index]
    }

    /// Consumes an explicitly tagged `[number]` field if present and returns the single element
    /// inside it.
    public mutating func readOptionalExplicit(_ number: UInt32) throws(DERError) -> DERNode? {
        guard let wrapper = readOptional(.contextSpecific(number, constructed: true)) else { return nil }
        guard wrapper.children.count == 1 else {
            throw DERError(.invalidValue, at: wrapper.offset,
                           "explicit tag [\(number)] must wrap exactly one element, found \(wrapper.children.count)")
        }
        return wrapper.children[0]
    }

    /// Throws `unexpectedField` if children remain.
    public func finish() throws(DERError) {
        guard isAtEnd else {
            let extra = parent.children[index]
            throw DERError(.unexpectedField, at: extra.offset,
                           "\(parent.tag) has an unexpected \(extra.tag) after its last field")
        }
    }
}

extension DER {
    /// Decodes a SEQUENCE (or another constructed element with `tag`) field by field; the body
    /// must consume every child.
    public static func sequence<T>(
        _ node: DERNode, tag: DERTag = .sequence, _ what: @autoclosure () -> String = "",
        _ body: (inout DERFieldReader) throws -> T
    ) throws -> T {
        try node.expect(tag, what())
        var reader = DERFieldReader(node)
        let result = try body(&reader)
        try reader.finish()
        return result
    }

    /// Returns the elements of a SET OF after checking DER order (X.690 11.6): ascending
    /// encodings, the shorter one compared as if padded with trailing zero octets. With
    /// `unique`, equal encodings are refused too.
    public static func setOf(
        _ node: DERNode, tag: DERTag = .set, unique: Bool = false, _ what: @autoclosure () -> String = ""
    ) throws(DERError) -> [DERNode] {
        try node.expect(tag, what())
        let elements = node.children
        for i in elements.indices.dropFirst() {
            let order = compareSetOfEncodings(elements[i - 1].encodedBytes, elements[i].encodedBytes)
            if order > 0 {
                throw DERError(.unsortedSet, at: elements[i].offset,
                               "SET OF element \(i) sorts before element \(i - 1) (X.690 11.6)")
            }
            if order == 0 && unique {
                throw DERError(.duplicateSetElement, at: elements[i].offset,
                               "SET OF element \(i) repeats element \(i - 1)")
            }
        }
        return elements
    }

    /// X.690 11.6 ordering: octet-wise comparison with the shorter encoding padded with zeros.
    /// Returns -1, 0 or 1. Two different DER encodings never compare equal except when one is
    /// the other plus trailing zeros, which cannot happen for complete TLVs of equal tag.
    public static func compareSetOfEncodings(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        let n = max(a.count, b.count)
        var ia = a.startIndex
        var ib = b.startIndex
        for _ in 0..<n {
            let x: UInt8 = ia < a.endIndex ? a[ia] : 0
            let y: UInt8 = ib < b.endIndex ? b[ib] : 0
            if x != y { return x < y ? -1 : 1 }
            ia += 1
            ib += 1
        }
        return 0
    }

    /// ``compareSetOfEncodings(_:_:)`` on two ranges of one buffer (the writer's SET OF sort).
    static func compareSetOfEncodings(_ buffer: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        let common = min(a.count, b.count)
        for offset in 0..<common {
            let x = buffer[a.lowerBound + offset], y = buffer[b.lowerBound + offset]
            if x != y { return x < y ? -1 : 1 }
        }
        // The longer one compares with zeros padding the shorter.
        let (longer, sign) = a.count > b.count ? (a, 1) : (b, -1)
        for index in (longer.lowerBound + common)..<longer.upperBound where buffer[index] != 0 { return sign }
        return 0
    }
}
