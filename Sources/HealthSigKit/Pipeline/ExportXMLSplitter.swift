import OwnedMemory
import SampleIO

/// Cuts an export.xml stream into pieces at top-level item boundaries, so that workers can
/// parse the pieces at the same time (``ExportXMLPiece``).
///
/// A cheap sequential pre-scan, not a parser: it follows markup (tags, each ending at the last
/// `>` before the next `<`; comments, CDATA sections, processing instructions, the DOCTYPE) only
/// far enough to know the element depth, counts the top-level `Record`, `Correlation` and `Workout`
/// start tags and the lines, and cuts before a start tag in the root element's content once a
/// piece has reached its size. It never decides what the document means: each piece is parsed
/// with the full strictness of `ExportSampleReader`, and a piece that is not well-formed on
/// its own, or holds another number of items than the pre-scan counted, makes the caller read
/// the file again sequentially (docs/PERFORMANCE.md, "export.xml in parallel"). So a pre-scan
/// misled by unusual markup costs time, never a different report.
///
/// Memory is bounded: at most ``heldLimit`` bytes are held without a cut; beyond that the
/// splitter answers ``Piece/unsure(itemsBefore:)``.
@_spi(FastPathReference)
public struct ExportXMLSplitter<Source: ByteChunkSource> {
    /// What ``next()`` hands out.
    public enum Piece {
        /// The next piece.
        case piece(ExportXMLPiece)
        /// The document has been handed out whole.
        case end
        /// Nothing more is cut (a read error, or too many bytes without a place to cut); the
        /// pieces handed out so far hold `itemsBefore` items, and the caller reads on from there
        /// sequentially.
        case unsure(itemsBefore: Int)
    }

    /// Bytes a piece reaches before the splitter looks for a place to cut it.
    public let pieceSize: Int
    /// Most bytes held without a place to cut.
    public let heldLimit: Int

    private var source: Source
    /// The bytes read and not yet handed out, from `start` on; what is before `start` is
    /// dropped when the next chunk is read (once a chunk, not once a piece).
    private var pending: [UInt8] = []
    /// Windows replaced by a later one, oldest first, kept to be filled again.
    private var retiredWindows: [[UInt8]] = []
    /// Windows kept: more than the pieces usually in flight (four a job).
    private static var retiredWindowLimit: Int { 12 }
    private var start = 0
    /// How far the pre-scan has run in `pending`, and the top-level items it counted there.
    private var scanned = 0
    private var itemsScanned = 0
    private var state = State.prolog
    private var rootName: [UInt8] = []
    /// The root element's start and end tags, made once and shared by every piece.
    private var rootTags: (start: [UInt8], end: [UInt8]) = ([], [])
    /// Line of `pending[start]`, and the items in the pieces handed out.
    private var line = 1
    private var itemsBefore = 0
    private var isFirst = true
    private var sourceEnded = false
    private var finished = false

    private enum State {
        /// Before the root element's start tag.
        case prolog
        /// Inside the root element; `depth` 1 is the root's own content.
        case content(depth: Int)
        /// No place to cut from here on: after the root element, or past markup the pre-scan
        /// does not follow (the parser refuses it).
        case rest
    }

    /// Creates a splitter over `source`; `pieceSize` is at least 1 byte (tests cut at every
    /// item). `heldLimit` defaults to 64 MiB (the reader's bound on one item's attribute text),
    /// or four pieces if that is more.
    public init(source: Source, pieceSize: Int, heldLimit: Int? = nil) {
        self.source = source
        self.pieceSize = max(1, pieceSize)
        self.heldLimit = heldLimit ?? max(4 * self.pieceSize, 64 * 1024 * 1024)
    }

    /// The next piece, ``Piece/end`` after the last one, or ``Piece/unsure(itemsBefore:)``.
    public mutating func next() -> Piece {
        if finished { return .end }
        while true {
            if let cut = scan() {
                return .piece(takePiece(upTo: cut, last: false))
            }
            if sourceEnded {
                finished = true
                return .piece(takePiece(upTo: pending.count, last: true))
            }
            let chunk: [UInt8]?
            do {
                chunk = try source.nextChunk()
            } catch {
                // The sequential reader meets the same error at the same place and reports it.
                finished = true
                return .unsure(itemsBefore: itemsBefore)
            }
            guard let chunk else {
                sourceEnded = true
                continue
            }
            // Perf: another window rather than the old one changed in place, whose storage the
            // pieces handed out share (that would copy it whole first): one that was retired
            // a few chunks ago, whose pieces have been read by now, so that its pages are not
            // fresh ones (a fresh window a chunk was 88 % of the run's 64,000 page faults, 1.05 GB
            // export, `verify --jobs 2`). Were one still shared, emptying it would only allocate.
            var window: [UInt8] = []
            if retiredWindows.count >= Self.retiredWindowLimit {
                window = retiredWindows.removeFirst()
                window.removeAll(keepingCapacity: true)
            }
            // A power of two, so that a retired window nearly always holds the next one's bytes.
            let needed = pending.count - start + chunk.count
            if window.capacity < needed { window.reserveCapacity(1 << (Int.bitWidth - (needed - 1).leadingZeroBitCount)) }
            window.append(contentsOf: pending[start...])
            window.append(contentsOf: chunk)
            retiredWindows.append(pending)
            pending = window
            scanned -= start
            start = 0
            if pending.count > heldLimit {
                finished = true
                return .unsure(itemsBefore: itemsBefore)
            }
        }
    }

    /// Hands out `pending[start..<cut]` as a piece: the root's tags around it where the file has
    /// them elsewhere.
    private mutating func takePiece(upTo cut: Int, last: Bool) -> ExportXMLPiece {
        if rootTags.start.isEmpty, !rootName.isEmpty {
            rootTags = ([UInt8(ascii: "<")] + rootName + [UInt8(ascii: ">")], [UInt8(ascii: "<"), UInt8(ascii: "/")] + rootName + [UInt8(ascii: ">")])
        }
        // The piece shares `pending`'s storage, which is therefore never changed in place again
        // (``next()`` makes a new window for the next chunk).
        let piece = ExportXMLPiece(rootStart: isFirst ? [] : rootTags.start, bytes: pending[start..<cut],
                                   rootEnd: last ? [] : rootTags.end, firstLine: line, itemsBefore: itemsBefore, items: itemsScanned)
        let first = start
        line += pending.withUnsafeBytes { PreScan.lineFeeds(in: UnsafeRawBufferPointer(rebasing: $0[first..<cut])) }
        itemsBefore += itemsScanned
        itemsScanned = 0
        start = cut
        isFirst = false
        return piece
    }

    /// Runs the pre-scan from `scanned`: the offset of a start tag to cut before, or nil when it
    /// needs more bytes (or will cut no more).
    private mutating func scan() -> Int? {
        if case .rest = state { return nil }
        var position = scanned
        var state = self.state
        var items = itemsScanned
        var rootName = self.rootName
        let pieceEnd = start + pieceSize
        let cut: Int? = pending.withUnsafeBytes { bytes -> Int? in
            let count = bytes.count
            while true {
                let open = ByteScan.firstIndex(of: .lessThan, in: bytes, from: position)
                guard open + 1 < count else {
                    position = min(open, count)
                    return nil
                }
                switch bytes[open + 1] {
                case UInt8(ascii: "?"):
                    guard let end = PreScan.end(of: "?>", in: bytes, from: open + 2) else {
                        position = open
                        return nil
                    }
                    position = end
                case UInt8(ascii: "!"):
                    if PreScan.matches("<!--", in: bytes, at: open) {
                        guard let end = PreScan.end(of: "-->", in: bytes, from: open + 4) else {
                            position = open
                            return nil
                        }
                        position = end
                    } else if case .content = state, PreScan.matches("<![CDATA[", in: bytes, at: open) {
                        guard let end = PreScan.end(of: "]]>", in: bytes, from: open + 9) else {
                            position = open
                            return nil
                        }
                        position = end
                    } else if case .prolog = state, PreScan.matches("<!DOCTYPE", in: bytes, at: open) {
                        guard let end = PreScan.endOfDoctype(in: bytes, from: open + 9) else {
                            position = open
                            return nil
                        }
                        position = end
                    } else if open + 9 > count {
                        // Too few bytes to tell which markup this is.
                        position = open
                        return nil
                    } else {
                        state = .rest
                        return nil
                    }
                case UInt8(ascii: "/"):
                    guard case .content(let depth) = state else {
                        state = .rest
                        return nil
                    }
                    guard let end = PreScan.end(of: ">", in: bytes, from: open + 2) else {
                        position = open
                        return nil
                    }
                    position = end
                    if depth == 1 {
                        state = .rest
                        return nil
                    }
                    state = .content(depth: depth - 1)
                default:
                    if case .content(depth: 1) = state, open >= pieceEnd { return open }
                    guard let (end, next) = PreScan.endOfStartTag(in: bytes, from: open) else {
                        position = open
                        return nil
                    }
                    position = next
                    let selfClosing = bytes[end - 2] == UInt8(ascii: "/")
                    switch state {
                    case .prolog:
                        guard !selfClosing else {
                            state = .rest
                            return nil
                        }
                        rootName = Array(bytes[(open + 1)..<PreScan.nameEnd(in: bytes, from: open + 1, before: end)])
                        state = .content(depth: 1)
                    case .content(let depth):
                        if depth == 1, PreScan.isItemName(bytes, from: open + 1, before: end) { items += 1 }
                        if !selfClosing { state = .content(depth: depth + 1) }
                    case .rest:
                        return nil
                    }
                }
            }
        }
        scanned = position
        self.state = state
        itemsScanned = items
        self.rootName = rootName
        return cut
    }
}

/// The pre-scan's byte searches, outside the generic splitter so that each is compiled once,
/// with its byte classes known.
private enum PreScan {
    /// The line feeds in `bytes`, sixteen bytes at a time.
    static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        let newline = SIMD16<UInt8>(repeating: 0x0A)
        while index + 16 <= bytes.count {
            var sums = SIMD16<UInt8>(repeating: 0)
            // At most 255 rounds before the byte counters are added up.
            let rounds = min(255, (bytes.count - index) / 16)
            for _ in 0..<rounds {
                let chunk = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                sums &+= SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: chunk .== newline)
                index += 16
            }
            count += Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    /// Whether `bytes` holds `text` at `offset`.
    static func matches(_ text: StaticString, in bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        for index in 0..<length where bytes[offset + index] != text.utf8Start[index] { return false }
        return true
    }

    /// The offset just past the first `terminator` (which ends in `>`) that starts at or after
    /// `start`, or nil if the bytes end first.
    static func end(of terminator: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let length = terminator.utf8CodeUnitCount
        var search = start + length - 1
        while true {
            let close = ByteScan.firstIndex(of: .greaterThan, in: bytes, from: search)
            guard close < bytes.count else { return nil }
            if matches(terminator, in: bytes, at: close + 1 - length) { return close + 1 }
            search = close + 1
        }
    }

    /// The end of the start tag at `open` (the offset just past its `>`) and the offset of the
    /// next `<`, or nil if the bytes end before that `<`.
    ///
    /// In a well-formed document no `<` comes between a tag's `<` and its `>` (attribute
    /// values cannot hold one), so the tag ends at the last `>` before the next `<`: in an
    /// export, where only whitespace separates the tags, the byte before that whitespace. One
    /// search a tag instead of one a quote; character data holding `>` may mislead it, which
    /// costs a piece that does not read (and the sequential reader), never another report.
    // Perf: following the quotes of every attribute value was about a third of the thread
    // that cuts the file (1.05 GB export, `verify --jobs 2`).
    static func endOfStartTag(in bytes: UnsafeRawBufferPointer, from open: Int) -> (end: Int, next: Int)? {
        let next = ByteScan.firstIndex(of: .lessThan, in: bytes, from: open + 1)
        guard next < bytes.count else { return nil }
        var close = next - 1
        while close > open, isWhitespace(bytes[close]) { close -= 1 }
        while close > open, bytes[close] != UInt8(ascii: ">") { close -= 1 }
        // No `>` at all: the tag is cut by the next `<`, which the parser refuses; `open + 1`
        // is no self-closing tag's end.
        return (max(close + 1, open + 2), next)
    }

    /// The offset just past a DOCTYPE declaration whose keyword ends at `start`, as the
    /// tokenizer reads it: quoted literals before an internal subset, which ends at `]`,
    /// optional whitespace and `>` outside comments; nil if the bytes end first.
    static func endOfDoctype(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        var quote: UInt8 = 0
        while true {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "[") {
                break
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") {
                var next = index + 1
                while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                guard next < bytes.count else { return nil }
                if bytes[next] == UInt8(ascii: ">") { return next + 1 }
                index += 1
            } else if matches("<!--", in: bytes, at: index) {
                guard let end = end(of: "-->", in: bytes, from: index + 4) else { return nil }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Where the name that starts at `start` ends: at whitespace, `/` or `>`.
    static func nameEnd(in bytes: UnsafeRawBufferPointer, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end, !isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">") {
            index += 1
        }
        return index
    }

    /// Whether the tag whose name starts at `start` is one `ExportXMLReader` hands out as an item.
    static func isItemName(_ bytes: UnsafeRawBufferPointer, from start: Int, before end: Int) -> Bool {
        let length = nameEnd(in: bytes, from: start, before: end) - start
        switch length {
        case 6: return matches("Record", in: bytes, at: start)
        case 7: return matches("Workout", in: bytes, at: start)
        case 11: return matches("Correlation", in: bytes, at: start)
        default: return false
        }
    }
}
