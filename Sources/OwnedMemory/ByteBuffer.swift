/// A growable run of bytes with exactly one owner: the report being written, the window over a
/// stream being read, the bytes waiting to go to a file.
///
/// The memory is allocated, grown, moved and freed here and nowhere else; users append, read
/// through ``withUnsafeBytes(_:)`` and drop what they have consumed. Noncopyable, so there is
/// no sharing to check on each append and the owner's end frees the storage.
public struct ByteBuffer: ~Copyable {
    // Not an `[UInt8]`: an array's append checks uniqueness, reserves and goes through the
    // generic copy on every call, which cost more than the rest of writing a report line.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var storedCapacity: Int
    @usableFromInline var storedCount = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    @inlinable
    public init(capacity: Int = 1024) {
        storedCapacity = max(capacity, 16)
        base = .allocate(capacity: storedCapacity)
    }

    @inlinable
    deinit {
        base.deallocate()
    }

    /// The bytes held.
    @inlinable public var count: Int { storedCount }

    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// How many bytes fit before the storage grows.
    @inlinable public var capacity: Int { storedCapacity }

    /// The byte at `index`, which must be below ``count``.
    @inlinable
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < storedCount, "ByteBuffer index out of range")
        return base[index]
    }

    /// Makes room for `additional` more bytes, so that appending them does not grow the storage.
    @inlinable
    public mutating func reserve(_ additional: Int) {
        if additional > storedCapacity &- storedCount { grow(toHold: storedCount + additional) }
    }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        if storedCount == storedCapacity { grow(toHold: storedCount + 1) }
        base[storedCount] = byte
        storedCount &+= 1
    }

    /// Appends the bytes `bytes` points to.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + storedCount).copyMemory(from: source, byteCount: bytes.count)
        storedCount &+= bytes.count
    }

    /// Appends the bytes `bytes` points to.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Appends fixed ASCII text. Inlined: a piece whose length is known where it is written
    /// becomes a few moves.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the bytes of a collection (an array, a slice), in place when they are contiguous.
    @inlinable
    public mutating func append(_ bytes: some Collection<UInt8>) {
        let appended: Void? = bytes.withContiguousStorageIfAvailable { append($0) }
        guard appended == nil else { return }
        reserve(bytes.count)
        for byte in bytes { append(byte) }
    }

    /// Appends a copy of bytes already held, `range` of them.
    @inlinable
    public mutating func append(copyOf range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storedCount, "ByteBuffer range not held")
        reserve(range.count)
        (base + storedCount).update(from: base + range.lowerBound, count: range.count)
        storedCount &+= range.count
    }

    /// Appends what `write` writes in place, at most `maximumCount` bytes, for a formatter (a
    /// date, a number) that writes straight into the buffer; `write` returns how many it wrote.
    @inlinable
    public mutating func appendWritten<Failure: Error>(
        maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) throws(Failure) -> Int
    ) throws(Failure) {
        reserve(maximumCount)
        let written = try write(base + storedCount)
        precondition(written >= 0 && written <= maximumCount, "wrote past the room asked for")
        storedCount &+= written
    }

    /// Calls `body` with the bytes held, where they lie (valid only during the call).
    @inlinable
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: storedCount))
    }

    /// The bytes held, as an array.
    @inlinable
    public var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: storedCount))
    }

    /// Forgets every byte, keeping the storage.
    @inlinable
    public mutating func removeAll() {
        storedCount = 0
    }

    /// Drops the first `length` bytes (those a stream reader has consumed), moving the rest to
    /// the front; the storage is kept.
    @inlinable
    public mutating func removeFirst(_ length: Int) {
        precondition(length >= 0 && length <= storedCount, "ByteBuffer prefix longer than its bytes")
        guard length > 0 else { return }
        let kept = storedCount - length
        if kept > 0 { UnsafeMutableRawPointer(base).copyMemory(from: base + length, byteCount: kept) }
        storedCount = kept
    }

    /// The address of the first byte, for a reader that walks the bytes with pointer arithmetic
    /// (the XML tokenizer): valid until the next call that appends, reserves or removes, which
    /// may move the storage.
    @inlinable
    public var unsafeBaseAddress: UnsafePointer<UInt8> { UnsafePointer(base) }

    /// Calls `body` with the bytes of `bytes` where they lie, or a copy of them when the
    /// collection is not contiguous. The base address is never nil, even for no bytes: C
    /// functions (OpenSSL's) treat a null pointer specially whatever the length.
    @inlinable
    public static func withContiguousBytes<Result, Failure: Error>(
        of bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // `withContiguousStorageIfAvailable` rethrows untyped errors; the Result keeps the type.
        let lent = bytes.withContiguousStorageIfAvailable { typed -> Swift.Result<Result, Failure> in
            lendNonNull(UnsafeRawBufferPointer(typed), body)
        }
        if let lent { return try lent.get() }
        var copy = ByteBuffer(capacity: bytes.count)
        copy.append(bytes)
        return try copy.withUnsafeBytes { raw throws(Failure) in try lendNonNull(raw, body).get() }
    }

    @usableFromInline
    static func lendNonNull<Result, Failure: Error>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) -> Swift.Result<Result, Failure> {
        if bytes.baseAddress != nil { return Swift.Result { () throws(Failure) in try body(bytes) } }
        return Swift.withUnsafeBytes(of: UInt8(0)) { dummy in
            Swift.Result { () throws(Failure) in try body(UnsafeRawBufferPointer(start: dummy.baseAddress, count: 0)) }
        }
    }

    // Out of line, so that the appends that call it stay small enough to inline.
    @usableFromInline @inline(never)
    mutating func grow(toHold needed: Int) {
        var newCapacity = storedCapacity
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: storedCount)
        base.deallocate()
        base = larger
        storedCapacity = newCapacity
    }
}
