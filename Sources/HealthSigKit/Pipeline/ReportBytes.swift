/// Bytes of a report being written: a growing buffer that the JSON report appends a dozen
/// pieces a line to, one line per sample.
///
/// Not an `[UInt8]`: every `append(contentsOf:)` of an array checks that its storage is unique,
/// reserves room and calls through the generic copy, some 90 instructions for a two-byte piece,
/// which added up to more than the rest of writing a line. Here an append is a bounds check and
/// a copy. Noncopyable, so the memory has exactly one owner, which frees it.
struct ReportBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends the bytes `bytes` points to.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends fixed ASCII text. Inlined, so the copy of a piece whose length is known where
    /// it is written (a dozen a line) is a few moves rather than a call.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the bytes `write` writes in place, at most `maximumCount` of them; it returns how
    /// many it wrote. Lets a formatter (a date, a number) write straight into the report.
    mutating func appendWritten(maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + maximumCount > capacity { grow(toHold: count + maximumCount) }
        let written = write(base + count)
        precondition(written >= 0 && written <= maximumCount, "wrote past the room asked for")
        count += written
    }

    /// Appends a copy of bytes already written.
    mutating func append(copyOf range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "not written yet")
        if count + range.count > capacity { grow(toHold: count + range.count) }
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Appends the bytes of an array (the few pieces written by helpers that produce one).
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Calls `body` with the bytes written, where they lie.
    func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes written, as an array.
    var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Out of line: the appends that call it stay small enough to inline.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }
}
