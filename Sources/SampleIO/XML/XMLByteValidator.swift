import OwnedMemory

/// Checks the raw bytes of an XML stream as they arrive, chunk by chunk: well-formed UTF-8
/// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) and no NUL byte, which
/// no XML document may hold (XML 1.0 §2.2 `Char`).
///
/// Bytes are never replaced: a reader that turned them into U+FFFD before comparing fields
/// would verify text the file does not hold. Other characters XML forbids (C0 controls such as
/// the U+000B iOS 16 writes in values) pass; the tokenizer keeps them as they are.
///
/// A sequence cut by a chunk boundary is held back (at most 3 bytes) until the next chunk
/// completes it, so what ``accept(_:)`` passes on always ends on a character boundary.
struct XMLByteValidator {
    /// Why the bytes cannot be XML text.
    enum Problem: Equatable {
        case notUTF8
        case nulByte
    }

    /// What ``accept(_:)`` found in one chunk.
    struct Checked {
        /// Held-back bytes of the previous chunk that this chunk completes, to be passed on
        /// before `chunk[validPrefix]`.
        var completedCarry: [UInt8] = []
        /// The chunk's bytes that may be passed on: all of them up to the first problem or the
        /// start of an incomplete final sequence.
        var validPrefix: Range<Int> = 0..<0
        /// The first problem, if any, and its offset from the start of the stream.
        var problem: (Problem, byteOffset: Int)?
    }

    /// Offset in the stream of the next byte ``accept(_:)`` will see (held-back bytes excluded).
    private var streamOffset = 0
    /// The start of a multi-byte sequence cut by the end of the last chunk.
    private var carry: [UInt8] = []

    /// Checks `chunk`, the next bytes of the stream.
    mutating func accept(_ chunk: [UInt8]) -> Checked {
        accept(chunk[...])
    }

    /// Checks `chunk`, the next bytes of the stream; ``Checked/validPrefix`` counts from the
    /// slice's first byte.
    mutating func accept(_ chunk: ArraySlice<UInt8>) -> Checked {
        chunk.withUnsafeBufferPointer { accept(bytes: $0) }
    }

    private mutating func accept(bytes chunk: UnsafeBufferPointer<UInt8>) -> Checked {
        var checked = Checked()
        let chunkOffset = streamOffset
        streamOffset += chunk.count
        var start = 0
        if !carry.isEmpty {
            let carryOffset = chunkOffset - carry.count
            let needed = Self.sequenceLength(lead: carry[0])
            let taken = min(needed - carry.count, chunk.count)
            let candidate = carry + chunk[0..<taken]
            guard Self.isValidPrefix(candidate) else {
                checked.problem = (.notUTF8, carryOffset)
                return checked
            }
            guard candidate.count == needed else {
                carry = candidate  // still incomplete: the chunk was tiny
                return checked
            }
            checked.completedCarry = candidate
            carry = []
            start = taken
        }
        let end = Self.completeEnd(of: chunk, from: start)
        if let (problem, index) = Self.firstProblem(in: chunk, from: start, to: end) {
            checked.validPrefix = start..<index
            checked.problem = (problem, chunkOffset + index)
            return checked
        }
        checked.validPrefix = start..<end
        if end < chunk.count {
            let tail = Array(chunk[end...])
            guard Self.isValidPrefix(tail) else {
                checked.problem = (.notUTF8, chunkOffset + end)
                return checked
            }
            carry = tail
        }
        return checked
    }

    /// Called at the end of the stream: a sequence still incomplete is a problem.
    func finish() -> (Problem, byteOffset: Int)? {
        carry.isEmpty ? nil : (.notUTF8, streamOffset - carry.count)
    }

    /// Where the last complete character of `chunk[from...]` ends: before a lead byte, within
    /// the last three bytes, whose sequence runs past the end.
    private static func completeEnd(of chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = chunk.count - 1
        let lowest = max(start, chunk.count - 3)
        while index >= lowest {
            let byte = chunk[index]
            if byte & 0xC0 != 0x80 {  // not a continuation byte
                if byte >= 0xC0, index + sequenceLength(lead: byte) > chunk.count { return index }
                return chunk.count
            }
            index -= 1
        }
        return chunk.count
    }

    /// The first NUL byte or ill-formed sequence in `chunk[start..<end]`, and its index. Runs of
    /// ASCII, nearly all of an export, are skipped sixteen bytes at a time (``ByteScan``); each
    /// multi-byte sequence is then checked where it starts. The standard library's validating
    /// decoder, used before, stepped through every byte and was a tenth of `verify`'s time on an
    /// export.
    private static func firstProblem(in chunk: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Problem, Int)? {
        guard end > start else { return nil }
        let scanned = UnsafeBufferPointer(rebasing: chunk[..<end])
        var index = start
        while true {
            index = ByteScan.firstIndex(of: .nulOrNonASCII, in: scanned, from: index)
            if index >= end { return nil }
            if scanned[index] == 0 { return (.nulByte, index) }
            guard let length = UTF8Validation.sequenceLength(in: scanned, at: index) else { return (.notUTF8, index) }
            index += length
        }
    }

    /// The length a lead byte announces (1 for anything that cannot lead a longer sequence;
    /// those are refused by the full check).
    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// Whether `bytes` (one sequence, complete or not) can still become well-formed UTF-8.
    private static func isValidPrefix(_ bytes: [UInt8]) -> Bool {
        let needed = sequenceLength(lead: bytes[0])
        guard needed > 1 || bytes[0] < 0x80 else { return false }
        // Pad with a continuation byte every lead accepts in the positions that are missing.
        var padded = bytes
        while padded.count < needed { padded.append(0x80) }
        // E0 needs A0…BF and F0 needs 90…BF second: check these with a neutral value instead.
        if bytes.count == 1 && bytes[0] == 0xE0 { padded[1] = 0xA0 }
        if bytes.count == 1 && bytes[0] == 0xF0 { padded[1] = 0x90 }
        return padded.withUnsafeBufferPointer { UTF8Validation.sequenceLength(in: $0, at: 0) == needed }
    }
}
