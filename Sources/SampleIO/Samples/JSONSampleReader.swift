#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HealthSamples

/// The two JSON layouts ``JSONSampleReader`` accepts.
public enum JSONSampleFormat: String, Sendable, Hashable {
    /// JSON Lines: one sample object per line.
    case jsonLines
    /// One JSON array of sample objects (a `.json` file).
    case jsonArray
}

/// Reads samples in our JSON format (``JSONSampleDecoder``) from JSON Lines or a JSON array,
/// returning for every item either a ``StoredSample`` (with its exact text, for splicing a
/// signature in) or the ``SampleInputError`` that item has — so a caller can skip invalid
/// items (`--skip-invalid`) or stop at the first.
///
/// The layout is detected from the first byte that is not whitespace: `[` means a JSON array,
/// anything else JSON Lines (so is input whose first ``maximumLeadingWhitespace`` bytes are all
/// whitespace). A UTF-8 byte order mark at the very start is skipped.
///
/// - JSON Lines are streamed: memory holds one line (at most ``maximumLineLength`` bytes; a
///   longer line is skipped without being stored and reported as
///   ``SampleInputError/Reason/lineTooLong(limit:)``). Skipping reads at most
///   ``maximumUnendingLineLength`` bytes: a line still without an end then (an endless source
///   such as `/dev/zero`) is reported as ``SampleInputError/Reason/unendingLine(limit:)`` and
///   reading stops. Blank lines are skipped (they do not count as positions, but do count as
///   lines); a trailing `\r` (CRLF files) is removed.
/// - A JSON array is read whole (at most ``maximumArrayFileSize`` bytes) and parsed once; a
///   syntax error anywhere makes it one failure, since no element can be trusted then. Use
///   JSON Lines for large inputs.
public final class JSONSampleReader<Source: ByteChunkSource> {
    /// Default for the longest accepted JSON Lines line: 16 MiB (a signed sample is about 1 KB).
    public static var defaultMaximumLineLength: Int { 16 * 1024 * 1024 }
    /// Largest accepted JSON array file: 256 MiB.
    public static var maximumArrayFileSize: Int { 256 * 1024 * 1024 }
    /// Most whitespace read while looking for the first byte that tells the layout: 4 MiB.
    /// Beyond it the input is read as JSON Lines, so whitespace alone cannot fill memory.
    public static var maximumLeadingWhitespace: Int { 4 * 1024 * 1024 }

    /// The detected layout, once the first item has been requested.
    public private(set) var format: JSONSampleFormat?
    /// The longest JSON Lines line accepted, in bytes.
    public let maximumLineLength: Int
    /// How far a line too long to hold is read while looking for its end: 16 times
    /// ``maximumLineLength`` (256 MiB by default). Past it the input is given up on.
    public var maximumUnendingLineLength: Int { maximumLineLength * 16 }

    private var source: Source
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Where the search for the next line feed resumes: bytes before it were already searched,
    /// so a long line arriving in many chunks is scanned once, not once per chunk.
    private var searchedUpTo = 0
    private var sourceEnded = false
    private var finished = false
    private var lineNumber = 0
    private var position = 0

    // JSON array state.
    private var arrayBytes: [UInt8] = []
    private var arrayElements: [JSONNode] = []
    private var arrayIndex = 0
    private var lineCountOffset = 0
    private var lineCountLine = 1
    /// Set when the array file as a whole is unusable (syntax error, too large).
    private var arrayFailure: SampleInputError?

    /// Creates a reader over `source`.
    public init(source: Source, maximumLineLength: Int = JSONSampleReader.defaultMaximumLineLength) {
        self.source = source
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// The next item: a sample or the error that item has; `nil` at the end.
    ///
    /// - Throws: only errors of the source (I/O); problems with the input are returned as
    ///   `.failure`.
    public func next() throws -> Result<StoredSample, SampleInputError>? {
        try nextItem().map { $0.decoded() }
    }

    /// The next item, a JSON Lines line not yet parsed: splitting lines is sequential, parsing
    /// and decoding them (``JSONSampleItem/decoded(keepingText:)``) can run on other threads.
    /// `nil` at the end.
    ///
    /// - Throws: only errors of the source (I/O).
    public func nextItem() throws -> JSONSampleItem? {
        guard !finished else { return nil }
        if format == nil { try detectFormat() }
        switch format {
        case .jsonArray: return nextArrayElement().map { .read($0) }
        default: return try nextLine()
        }
    }

    /// Whether ``nextItem()`` would return without waiting for the source: a whole line (or the
    /// end) is buffered, or, when the source has bytes ready, reading them (which cannot wait)
    /// completes one. A streaming caller flushes what it has written before calling
    /// ``nextItem()`` when this is `false`, so the reader of a live pipe is never kept waiting
    /// for lines already signed. `false` is also the answer whenever it is not sure (the layout
    /// not detected yet, a line longer than ``maximumLineLength`` being skipped).
    ///
    /// - Throws: only errors of the source (I/O).
    public func nextItemIsReady() throws -> Bool {
        if finished || sourceEnded { return true }
        guard let format else { return false }
        if format == .jsonArray { return true }
        while true {
            if let newline = findNewline() {
                // Found again (at once) by the next `nextLine()`.
                searchedUpTo = newline
                return true
            }
            if pending.count - pendingStart > maximumLineLength || !source.chunkIsReady() { return false }
            if !(try readChunk()) {
                sourceEnded = true
                return true
            }
        }
    }

    // MARK: - Layout detection

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func detectFormat() throws {
        var skippedBOM = false
        // Bytes before `scanned` are known whitespace, so each chunk is scanned once.
        var scanned = 0
        while true {
            if !skippedBOM, pending.count - pendingStart >= 3 || sourceEnded {
                skippedBOM = true
                if pending.count - pendingStart >= 3, pending[pendingStart] == 0xEF, pending[pendingStart + 1] == 0xBB,
                   pending[pendingStart + 2] == 0xBF {
                    pendingStart += 3
                }
            }
            if skippedBOM {
                var index = max(pendingStart, scanned)
                while index < pending.count, Self.isWhitespace(pending[index]) { index += 1 }
                scanned = index
                if index < pending.count {
                    format = pending[index] == UInt8(ascii: "[") ? .jsonArray : .jsonLines
                    break
                }
                // Nothing but whitespace so far: at the end, or past what any real file has,
                // settle for JSON Lines, whose reader holds one (bounded) line at a time.
                if sourceEnded || pending.count - pendingStart > Self.maximumLeadingWhitespace {
                    format = .jsonLines
                    return
                }
            }
            if !(try readChunk()) { sourceEnded = true }
        }
        if format == .jsonArray { try loadArray() }
    }

    // MARK: - JSON Lines

    private func nextLine() throws -> JSONSampleItem? {
        while true {
            if let newline = findNewline() {
                let line = Array(pending[pendingStart..<newline])
                pendingStart = newline + 1
                lineNumber += 1
                if let result = handleLine(line) { return result }
                continue
            }
            if sourceEnded {
                if pendingStart < pending.count {
                    let line = Array(pending[pendingStart...])
                    pendingStart = pending.count
                    lineNumber += 1
                    if let result = handleLine(line) { return result }
                }
                finished = true
                return nil
            }
            if pending.count - pendingStart > maximumLineLength {
                let ended = try skipRestOfLine()
                lineNumber += 1
                position += 1
                guard ended else {
                    finished = true
                    return .read(.failure(SampleInputError(line: lineNumber, field: "", reason: .unendingLine(limit: maximumUnendingLineLength))))
                }
                return .read(.failure(SampleInputError(line: lineNumber, field: "", reason: .lineTooLong(limit: maximumLineLength))))
            }
            if !(try readChunk()) { sourceEnded = true }
        }
    }

    /// The line as an item to decode; `nil` for a blank line.
    private func handleLine(_ raw: [UInt8]) -> JSONSampleItem? {
        var bytes = raw
        if bytes.last == 0x0D { bytes.removeLast() }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        position += 1
        return .line(JSONSampleLine(bytes: bytes, line: lineNumber, position: position))
    }

    private func findNewline() -> Int? {
        let from = max(pendingStart, searchedUpTo)
        guard from < pending.count else { return nil }
        let found = pending.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base + from, 0x0A, buffer.count - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        searchedUpTo = found.map { $0 + 1 } ?? pending.count
        return found
    }

    /// Drops input up to and including the next line feed without storing it; `false` when
    /// the line has no end within ``maximumUnendingLineLength`` bytes (counted from its start).
    private func skipRestOfLine() throws -> Bool {
        var skipped = pending.count - pendingStart
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        searchedUpTo = 0
        while skipped <= maximumUnendingLineLength, try readChunk() {
            if let newline = findNewline() {
                pendingStart = newline + 1
                return true
            }
            skipped += pending.count
            pending.removeAll(keepingCapacity: true)
            searchedUpTo = 0
        }
        guard skipped <= maximumUnendingLineLength else { return false }
        sourceEnded = true
        return true
    }

    /// Appends the next chunk after dropping consumed bytes; `false` at the end of the source.
    private func readChunk() throws -> Bool {
        guard !sourceEnded, let chunk = try source.nextChunk() else { return false }
        if pendingStart > 0 {
            pending.removeSubrange(0..<pendingStart)
            searchedUpTo = max(0, searchedUpTo - pendingStart)
            pendingStart = 0
        }
        pending.append(contentsOf: chunk)
        return true
    }

    // MARK: - JSON array

    private func loadArray() throws {
        arrayBytes = Array(pending[pendingStart...])
        pending = []
        pendingStart = 0
        while !sourceEnded {
            guard let chunk = try source.nextChunk() else {
                sourceEnded = true
                break
            }
            arrayBytes.append(contentsOf: chunk)
            if arrayBytes.count > Self.maximumArrayFileSize {
                arrayBytes = []
                arrayFailure = SampleInputError(line: 1, field: "", reason: .fileTooLarge(limit: Self.maximumArrayFileSize))
                return
            }
        }
        do {
            let root = try JSONParser().parseNode(arrayBytes)
            if case .array(let elements) = root.content { arrayElements = elements }
        } catch {
            arrayFailure = SampleInputError(line: error.line, field: "", reason: .invalidJSON(error))
        }
    }

    private func nextArrayElement() -> Result<StoredSample, SampleInputError>? {
        if let failure = arrayFailure {
            finished = true
            return .failure(failure)
        }
        guard arrayIndex < arrayElements.count else {
            finished = true
            return nil
        }
        let element = arrayElements[arrayIndex]
        arrayIndex += 1
        // Lines are counted incrementally: elements come in increasing offset order.
        while lineCountOffset < element.span.lowerBound {
            if arrayBytes[lineCountOffset] == 0x0A { lineCountLine += 1 }
            lineCountOffset += 1
        }
        let line = lineCountLine
        do {
            let sample = try JSONSampleDecoder.decodeStored(element.value, line: line)
            let text = String(decoding: arrayBytes[element.span], as: UTF8.self)
            return .success(StoredSample(sample: sample, position: arrayIndex, line: line, source: .json,
                                         precision: .exact, rawText: text))
        } catch {
            var error = error
            error.position = arrayIndex
            return .failure(error)
        }
    }
}

extension JSONSampleReader where Source == FileChunkSource {
    /// Creates a reader over the file at `path` (`-` for standard input).
    public convenience init(path: String) throws {
        self.init(source: try FileChunkSource(path: path))
    }
}
