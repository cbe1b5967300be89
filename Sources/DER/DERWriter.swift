/// Builds DER into one growing buffer.
///
/// Constructed elements are written in place: identifier, a one-octet length placeholder, then
/// the content; if the content turns out to need a long-form length the content is shifted once
/// (the swift-asn1 / cryptobyte approach), so no child buffers are concatenated.
public struct DERWriter: Sendable {
    /// The encoding written so far.
    public private(set) var bytes: [UInt8]
    private var depth = 0
    /// The depth whose elements the innermost open SET OF collects; -1 outside any.
    private var setElementDepth = -1
    /// Start offsets of the elements of every open SET OF, innermost last: one stack for all
    /// levels, so that writing a SET OF allocates nothing once the writer has warmed up.
    private var setElementStarts: [Int] = []
    /// Reused buffers for putting the elements of a SET OF in order.
    private var reorderBuffer: [UInt8] = []
    private var sortOrder: [Int] = []

    /// Creates an empty writer.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    private mutating func markElementStart() {
        if depth == setElementDepth { setElementStarts.append(bytes.count) }
    }

    /// Appends a primitive element with the given content octets.
    public mutating func appendPrimitive(_ tag: DERTag, content: some Collection<UInt8>) {
        markElementStart()
        appendTag(tag)
        appendLength(content.count)
        bytes.append(contentsOf: content)
    }

    /// Appends a primitive element whose content is the UTF-8 of `text`, copied from the
    /// string's contiguous storage in one go.
    public mutating func appendPrimitive(_ tag: DERTag, utf8 text: String) {
        var text = text
        text.withUTF8 { appendPrimitive(tag, content: $0) }
    }

    /// Appends a primitive element whose content the closure writes into the buffer.
    public mutating func appendPrimitive(_ tag: DERTag, _ body: (inout [UInt8]) -> Void) {
        var content: [UInt8] = []
        body(&content)
        appendPrimitive(tag, content: content)
    }

    /// Appends a constructed element; `body` writes its children into this same writer.
    public mutating func appendConstructed<E: Error>(_ tag: DERTag, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        markElementStart()
        appendTag(tag)
        let lengthIndex = bytes.count
        bytes.append(0)
        depth += 1
        defer { depth -= 1 }
        try body(&self)
        fixLength(at: lengthIndex)
    }

    /// Appends a SET OF whose elements `body` writes; the elements are then put into DER order
    /// (X.690 11.6) by their encodings.
    ///
    /// The elements are written in place, their starts noted, and reordered within the SET's
    /// content only when they are out of order; if `body` throws, nothing of the SET is kept.
    public mutating func appendSetOf<E: Error>(_ tag: DERTag = .set, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        let start = bytes.count
        // Room for the starts of a record's sets at once, not grown from one.
        if setElementStarts.capacity == 0 { setElementStarts.reserveCapacity(32) }
        markElementStart()
        let enclosingSetDepth = setElementDepth
        let firstElement = setElementStarts.count
        appendTag(tag)
        let lengthIndex = bytes.count
        bytes.append(0)
        depth += 1
        setElementDepth = depth
        do {
            try body(&self)
        } catch {
            depth -= 1
            setElementDepth = enclosingSetDepth
            setElementStarts.removeSubrange(firstElement...)
            if setElementStarts.last == start { setElementStarts.removeLast() }
            bytes.removeSubrange(start...)
            throw error
        }
        depth -= 1
        setElementDepth = enclosingSetDepth
        sortElements(startingAt: firstElement)
        setElementStarts.removeSubrange(firstElement...)
        fixLength(at: lengthIndex)
    }

    /// Puts the elements whose starts are `setElementStarts[first...]`, which run to the end of
    /// `bytes`, into X.690 11.6 order.
    private mutating func sortElements(startingAt first: Int) {
        let count = setElementStarts.count - first
        guard count > 1 else { return }
        let end = bytes.count
        let starts = setElementStarts
        func range(_ element: Int) -> Range<Int> {
            starts[first + element]..<(element + 1 < count ? starts[first + element + 1] : end)
        }
        let inOrder: Bool = bytes.withUnsafeBufferPointer { buffer in
            (1..<count).allSatisfy { DER.compareSetOfEncodings(buffer, range($0 - 1), range($0)) <= 0 }
        }
        if inOrder { return }
        sortOrder.removeAll(keepingCapacity: true)
        sortOrder.reserveCapacity(max(count, 16))
        sortOrder.append(contentsOf: 0..<count)
        reorderBuffer.removeAll(keepingCapacity: true)
        reorderBuffer.reserveCapacity(max(end - starts[first], 256))
        bytes.withUnsafeBufferPointer { buffer in
            // Insertion sort: a SET OF here has a handful of elements.
            for position in 1..<count {
                let element = sortOrder[position]
                var slot = position
                while slot > 0, DER.compareSetOfEncodings(buffer, range(element), range(sortOrder[slot - 1])) < 0 {
                    sortOrder[slot] = sortOrder[slot - 1]
                    slot -= 1
                }
                sortOrder[slot] = element
            }
            for element in sortOrder { reorderBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range(element)])) }
        }
        // The elements keep their total length: the reordered copy goes back over them.
        let contentStart = starts[first]
        reorderBuffer.withUnsafeBufferPointer { ordered in
            bytes.withUnsafeMutableBufferPointer { buffer in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[contentStart..<end]).update(fromContentsOf: ordered)
            }
        }
    }

    /// Appends an already encoded element unchanged (e.g. bytes kept from a parsed node).
    public mutating func appendEncoded(_ element: some Collection<UInt8>) {
        markElementStart()
        bytes.append(contentsOf: element)
    }

    /// Appends a value with its default tag.
    public mutating func append(_ value: some DERSerializable) {
        value.serialize(into: &self)
    }

    /// Appends a value under an implicit tag that replaces its own.
    public mutating func append<T: DERImplicitlyTaggable>(_ value: T, implicitTag tag: DERTag) {
        value.serialize(into: &self, withTag: tag)
    }

    /// Appends `value` wrapped in an explicit `[number]` tag.
    public mutating func append(_ value: some DERSerializable, explicitTag number: UInt32) {
        appendConstructed(.contextSpecific(number, constructed: true)) { $0.append(value) }
    }

    /// The identifier octets, written in place: a low tag number (every tag of this project's
    /// structures) costs no allocation.
    private mutating func appendTag(_ tag: DERTag) {
        if tag.number < 31 {
            bytes.append((tag.tagClass.rawValue << 6) | (tag.isConstructed ? 0x20 : 0) | UInt8(tag.number))
        } else {
            bytes.append(contentsOf: tag.encoded)
        }
    }

    private mutating func appendLength(_ length: Int) {
        if length < 0x80 {
            bytes.append(UInt8(length))
        } else {
            let octetCount = DERWriter.lengthOctetCount(length)
            bytes.append(0x80 | UInt8(octetCount))
            for position in 0..<octetCount {
                bytes.append(UInt8(truncatingIfNeeded: length >> (8 * (octetCount - 1 - position))))
            }
        }
    }

    private mutating func fixLength(at index: Int) {
        let length = bytes.count - index - 1
        if length < 0x80 {
            bytes[index] = UInt8(length)
        } else {
            let octetCount = DERWriter.lengthOctetCount(length)
            bytes[index] = 0x80 | UInt8(octetCount)
            bytes.insert(contentsOf: repeatElement(0, count: octetCount), at: index + 1)
            for position in 0..<octetCount {
                bytes[index + 1 + position] = UInt8(truncatingIfNeeded: length >> (8 * (octetCount - 1 - position)))
            }
        }
    }

    /// How many octets the long form of `length` needs after its first octet.
    private static func lengthOctetCount(_ length: Int) -> Int {
        (Int.bitWidth - length.leadingZeroBitCount + 7) / 8
    }

    /// The size of an element with a one-octet identifier and `length` content octets: what a
    /// caller writing nested elements by hand needs to know before writing their headers.
    public static func elementSize(contentLength length: Int) -> Int {
        1 + (length < 0x80 ? 1 : 1 + lengthOctetCount(length)) + length
    }

    /// Appends the length octets of ``lengthOctets(_:)`` to `bytes` without a buffer of their own.
    public static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        if length < 0x80 {
            bytes.append(UInt8(length))
            return
        }
        let octetCount = lengthOctetCount(length)
        bytes.append(0x80 | UInt8(octetCount))
        for position in 0..<octetCount {
            bytes.append(UInt8(truncatingIfNeeded: length >> (8 * (octetCount - 1 - position))))
        }
    }

    /// The length octets of a definite-length encoding of `length` content octets, in the
    /// shortest form (X.690 10.1).
    public static func lengthOctets(_ length: Int) -> [UInt8] {
        if length < 0x80 { return [UInt8(length)] }
        var digits: [UInt8] = []
        var n = length
        while n > 0 {
            digits.append(UInt8(n & 0xFF))
            n >>= 8
        }
        return [0x80 | UInt8(digits.count)] + digits.reversed()
    }
}
