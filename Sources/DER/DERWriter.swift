/// Builds DER into one growing buffer.
///
/// Constructed elements are written in place: identifier, a one-octet length placeholder, then
/// the content; if the content turns out to need a long-form length the content is shifted once
/// (the swift-asn1 / cryptobyte approach), so no child buffers are concatenated.
public struct DERWriter: Sendable {
    /// The encoding written so far.
    public private(set) var bytes: [UInt8]
    @usableFromInline var depth = 0
    /// The depth whose elements the innermost open SET OF collects; -1 outside any.
    private var setElementDepth = -1
    // Perf: one stack for all levels, so a SET OF allocates nothing once the writer has warmed up.
    /// Start offsets of the elements of every open SET OF, innermost last.
    private var setElementStarts: [Int] = []

    /// Creates an empty writer.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the writer for another encoding, keeping the storage it has grown.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        depth = 0
        setElementDepth = -1
        setElementStarts.removeAll(keepingCapacity: true)
    }

    /// How many bytes the writer holds without growing.
    public var capacity: Int { bytes.capacity }

    // Perf: reading ``bytes`` to hand it on retains and releases the array.
    /// Lends `body` the encoding written so far, in place.
    @inlinable
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // `Array.withUnsafeBytes` rethrows untyped; the outcome carries the typed error out.
        let outcome: Swift.Result<Result, Failure> = bytes.withUnsafeBytes { buffer in
            do throws(Failure) { return .success(try body(buffer)) } catch { return .failure(error) }
        }
        return try outcome.get()
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

    /// Appends a primitive element whose content `body` appends to the end of `buffer`, which
    /// already holds everything written before it. `body` must only append.
    public mutating func appendPrimitiveInPlace(_ tag: DERTag, _ body: (_ buffer: inout [UInt8]) -> Void) {
        // Perf: every record's times, REALs and INTEGERs are written in place; a content array of
        // their own cost an allocation each (not measured).
        markElementStart()
        appendTag(tag)
        let lengthIndex = bytes.count
        bytes.append(0)
        body(&bytes)
        fixLength(at: lengthIndex)
    }

    /// Appends a constructed element; `body` writes its children into this same writer.
    ///
    /// Inlinable, with the work in the non-generic steps it calls: a caller in another module
    /// (the record writer, the CMS encoders) otherwise goes through the unspecialized generic
    /// for every element, which cost more than writing the element.
    @inlinable
    public mutating func appendConstructed<E: Error>(_ tag: DERTag, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        let lengthIndex = beginConstructed(tag)
        do {
            try body(&self)
        } catch {
            depth -= 1
            throw error
        }
        depth -= 1
        fixLength(at: lengthIndex)
    }

    /// Writes the identifier and a length placeholder of a constructed element and enters it;
    /// returns where the length goes.
    @usableFromInline
    mutating func beginConstructed(_ tag: DERTag) -> Int {
        markElementStart()
        appendTag(tag)
        let lengthIndex = bytes.count
        bytes.append(0)
        depth += 1
        return lengthIndex
    }

    /// Appends a SET OF whose elements `body` writes; the elements are then put into DER order
    /// (X.690 11.6) by their encodings.
    ///
    /// The elements are written in place, their starts noted, and reordered within the SET's
    /// content only when they are out of order; if `body` throws, nothing of the SET is kept.
    /// Inlinable for the reason ``appendConstructed(_:_:)`` is.
    @inlinable
    public mutating func appendSetOf<E: Error>(_ tag: DERTag = .set, _ body: (inout DERWriter) throws(E) -> Void) throws(E) {
        let set = beginSetOf(tag)
        do {
            try body(&self)
        } catch {
            abandonSetOf(set)
            throw error
        }
        endSetOf(set)
    }

    /// Where an open SET OF starts and what it changed in the writer's state.
    @usableFromInline
    struct OpenSetOf {
        let start: Int
        let enclosingSetDepth: Int
        let firstElement: Int
        let lengthIndex: Int
    }

    @usableFromInline
    mutating func beginSetOf(_ tag: DERTag) -> OpenSetOf {
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
        return OpenSetOf(start: start, enclosingSetDepth: enclosingSetDepth, firstElement: firstElement,
                         lengthIndex: lengthIndex)
    }

    /// Drops everything of a SET OF whose body threw.
    @usableFromInline
    mutating func abandonSetOf(_ set: OpenSetOf) {
        depth -= 1
        setElementDepth = set.enclosingSetDepth
        setElementStarts.removeSubrange(set.firstElement...)
        if setElementStarts.last == set.start { setElementStarts.removeLast() }
        bytes.removeSubrange(set.start...)
    }

    @usableFromInline
    mutating func endSetOf(_ set: OpenSetOf) {
        depth -= 1
        setElementDepth = set.enclosingSetDepth
        sortElements(startingAt: set.firstElement)
        setElementStarts.removeSubrange(set.firstElement...)
        fixLength(at: set.lengthIndex)
    }

    /// Puts the elements whose starts are `setElementStarts[first...]`, which run to the end of
    /// `bytes`, into X.690 11.6 order.
    ///
    /// Each element is first compared by its first eight octets, zero-padded as 11.6 pads the
    /// shorter encoding, read as one big-endian word: a record's entries (`SEQUENCE { key, … }`)
    /// differ there almost always, so the byte-wise comparison runs only on ties. Every signed
    /// reading sorts three SETs or more, and comparing byte by byte was most of their cost.
    private mutating func sortElements(startingAt first: Int) {
        let count = setElementStarts.count - first
        guard count > 1 else { return }
        let end = bytes.count
        // Keys, order and the reordered copy live in temporary storage (on the stack when
        // small): a writer is made for each record, and buffers kept in it were allocated anew
        // for each one.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { keys in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                let inOrder: Bool = bytes.withUnsafeBufferPointer { buffer in
                    setElementStarts.withUnsafeBufferPointer { allStarts in
                        let starts = UnsafeBufferPointer(rebasing: allStarts[first...])
                        func range(_ element: Int) -> Range<Int> {
                            starts[element]..<(element + 1 < count ? starts[element + 1] : end)
                        }
                        for element in 0..<count {
                            keys.initializeElement(at: element, to: Self.prefixKey(buffer, range(element)))
                            order.initializeElement(at: element, to: element)
                        }
                        func precedes(_ a: Int, _ b: Int) -> Bool {
                            if keys[a] != keys[b] { return keys[a] < keys[b] }
                            return DER.compareSetOfEncodings(buffer, range(a), range(b)) < 0
                        }
                        if (1..<count).allSatisfy({ !precedes($0, $0 - 1) }) { return true }
                        // Insertion sort, stable: a SET OF here has a handful of elements.
                        for position in 1..<count {
                            let element = order[position]
                            var slot = position
                            while slot > 0, precedes(element, order[slot - 1]) {
                                order[slot] = order[slot - 1]
                                slot -= 1
                            }
                            order[slot] = element
                        }
                        return false
                    }
                }
                if inOrder { return }
                // Only the span from the first element that moves to the last is rewritten: the
                // elements around it stay where they are, and a record written in nearly DER
                // order (``RecordWriter``) moves two or three short entries.
                var low = 0
                while order[low] == low { low += 1 }
                var high = count - 1
                while order[high] == high { high -= 1 }
                let (spanStart, spanEnd) = setElementStarts.withUnsafeBufferPointer { allStarts in
                    (allStarts[first + low], high + 1 < count ? allStarts[first + high + 1] : end)
                }
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: spanEnd - spanStart) { ordered in
                    var filled = 0
                    bytes.withUnsafeBufferPointer { buffer in
                        setElementStarts.withUnsafeBufferPointer { allStarts in
                            let starts = UnsafeBufferPointer(rebasing: allStarts[first...])
                            for position in low...high {
                                let element = order[position]
                                let range = starts[element]..<(element + 1 < count ? starts[element + 1] : end)
                                _ = UnsafeMutableBufferPointer(rebasing: ordered[filled..<(filled + range.count)])
                                    .initialize(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
                                filled += range.count
                            }
                        }
                    }
                    // The elements keep their total length: the reordered copy goes back over them.
                    bytes.withUnsafeMutableBufferPointer { buffer in
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[spanStart..<spanEnd])
                            .update(fromContentsOf: UnsafeBufferPointer(ordered))
                    }
                }
            }
        }
    }

    /// The first eight octets of `range` in `buffer` as a big-endian word, zeros past its end.
    private static func prefixKey(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        // One unaligned load when the element has eight octets (nearly every one does).
        if range.count >= 8, let base = buffer.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
        }
        var key: UInt64 = 0
        for offset in 0..<8 {
            let index = range.lowerBound + offset
            key = key << 8 | UInt64(index < range.upperBound ? buffer[index] : 0)
        }
        return key
    }

    /// Appends an already encoded element unchanged (e.g. bytes kept from a parsed node).
    public mutating func appendEncoded(_ element: some Collection<UInt8>) {
        markElementStart()
        bytes.append(contentsOf: element)
    }

    /// ``appendEncoded(_:)-(Collection<UInt8>)`` for an array, compiled here for its concrete
    /// type: a caller in another module would otherwise copy through the unspecialized generic.
    public mutating func appendEncoded(_ element: [UInt8]) {
        markElementStart()
        // Through a buffer pointer: `append(contentsOf:)` takes its argument owned, so passing
        // the array itself retained and released it (several entries of every record).
        element.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// Appends `SEQUENCE { first, text }`: `first` already encoded, `text` the UTF-8 content of
    /// a primitive element under `tag`, both lengths known up front so the SEQUENCE's header is
    /// written directly (a record's string entries: key and value).
    public mutating func appendSequence(encoded first: [UInt8], primitive tag: DERTag, utf8 text: String) {
        guard tag.number < 31, !tag.isConstructed else {
            appendConstructed(.sequence) { sequence in
                sequence.appendEncoded(first)
                sequence.appendPrimitive(tag, utf8: text)
            }
            return
        }
        markElementStart()
        // `withUTF8` needs a mutable copy of `text` (a retain and release per entry), only ever
        // used for a string that is not contiguous UTF-8; a native string is read in place.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { content in
            appendSequence(encoded: first, primitive: tag, content: content)
        }
        if written == nil {
            var text = text
            text.withUTF8 { appendSequence(encoded: first, primitive: tag, content: $0) }
        }
    }

    /// ``appendSequence(encoded:primitive:utf8:)`` once the text's UTF-8 is at hand, for a tag
    /// with a one-octet identifier.
    private mutating func appendSequence(encoded first: [UInt8], primitive tag: DERTag,
                                         content: UnsafeBufferPointer<UInt8>) {
        let sequenceLength = first.count + DERWriter.elementSize(contentLength: content.count)
        if sequenceLength < 0x80 {
            // Both lengths short (every record entry): the element assembled on the stack
            // and appended in one go, where three appends and four header octets written
            // one by one cost more than the octets.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 + sequenceLength) { element in
                element.initializeElement(at: 0, to: DERWriter.identifierOctet(.sequence))
                element.initializeElement(at: 1, to: UInt8(sequenceLength))
                _ = UnsafeMutableBufferPointer(rebasing: element[2..<(2 + first.count)]).initialize(fromContentsOf: first)
                element.initializeElement(at: 2 + first.count, to: DERWriter.identifierOctet(tag))
                element.initializeElement(at: 3 + first.count, to: UInt8(content.count))
                _ = UnsafeMutableBufferPointer(rebasing: element[(4 + first.count)...]).initialize(fromContentsOf: content)
                bytes.append(contentsOf: UnsafeBufferPointer(element))
            }
            return
        }
        appendTag(.sequence)
        appendLength(first.count + DERWriter.elementSize(contentLength: content.count))
        bytes.append(contentsOf: first)
        appendTag(tag)
        appendLength(content.count)
        bytes.append(contentsOf: content)
    }

    // Perf: copied through the stack, so the buffer is never shared while it grows: a slice of it
    // would be, and appending that copied the whole buffer.
    /// Appends a copy of an element already written at `range` of ``bytes`` (a value a
    /// structure repeats).
    public mutating func appendEncodedCopy(of range: Range<Int>) {
        markElementStart()
        // The range comes from the caller's own writing, never from input.
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the bytes written")
        guard !range.isEmpty else { return }
        // Two copies of a few dozen octets: appending them one by one checked capacity and
        // uniqueness for each.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { copy in
            bytes.withUnsafeBufferPointer { buffer in
                _ = copy.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
            }
            bytes.append(contentsOf: UnsafeBufferPointer(copy))
        }
    }

    /// Appends a value with its default tag.
    @inlinable
    public mutating func append(_ value: some DERSerializable) {
        value.serialize(into: &self)
    }

    /// Appends a value under an implicit tag that replaces its own.
    @inlinable
    public mutating func append<T: DERImplicitlyTaggable>(_ value: T, implicitTag tag: DERTag) {
        value.serialize(into: &self, withTag: tag)
    }

    /// Appends `value` wrapped in an explicit `[number]` tag.
    public mutating func append(_ value: some DERSerializable, explicitTag number: UInt32) {
        appendConstructed(.contextSpecific(number, constructed: true)) { $0.append(value) }
    }

    /// The identifier octets, written in place.
    private mutating func appendTag(_ tag: DERTag) {
        if tag.number < 31 {
            bytes.append(DERWriter.identifierOctet(tag))
        } else {
            bytes.append(contentsOf: tag.encoded)
        }
    }

    /// The single identifier octet of a tag whose number is below 31.
    private static func identifierOctet(_ tag: DERTag) -> UInt8 {
        (tag.tagClass.rawValue << 6) | (tag.isConstructed ? 0x20 : 0) | UInt8(tag.number)
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

    @usableFromInline
    mutating func fixLength(at index: Int) {
        let length = bytes.count - index - 1
        if length < 0x80 {
            bytes[index] = UInt8(length)
        } else {
            let octetCount = DERWriter.lengthOctetCount(length)
            let contentStart = index + 1
            // Room made at the end and the content moved up in one move: inserting a
            // repeated zero went through the generic range replacement (every record's SET
            // OF is longer than 127 octets).
            for _ in 0..<octetCount { bytes.append(0) }
            bytes.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                // A memmove: the two ranges overlap.
                UnsafeMutableRawPointer(base + contentStart + octetCount)
                    .copyMemory(from: UnsafeRawPointer(base + contentStart), byteCount: length)
                base[index] = 0x80 | UInt8(octetCount)
                for position in 0..<octetCount {
                    base[contentStart + position] = UInt8(truncatingIfNeeded: length >> (8 * (octetCount - 1 - position)))
                }
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
