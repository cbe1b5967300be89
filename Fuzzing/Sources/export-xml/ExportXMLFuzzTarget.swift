import FuzzSupport
@_spi(FastPathReference) import HealthSigKit
@_spi(FastPathReference) import SampleIO

/// export.xml reader (tokenizer, item reader, sample mapping): any input, seeded with small
/// exports. Invariants: reading in 1–64-byte chunks gives the same items and the same error as
/// reading in one piece; the record shortcut gives what the general tokenizer walk (its
/// reference) gives; every line reported lies inside the input; item positions count up by
/// one; the pieces `verify --jobs N` parses on its own (``ExportXMLSplitter``) give the items the
/// sequential reader gives, lines and positions included, up to the first piece that does not
/// read (where `verify` goes back to the sequential reader), and all of them when every piece reads;
/// an unsigned record the counting reader hands out unmapped is, to a sink that only counts,
/// the event the full path decides for it (``UnsignedRecordCountingCheck``).
@main
enum ExportXMLFuzzer {
    static func main() { FuzzerDriver.run(fuzzExportXML) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExportXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let lines = ChunkedReading.lineCount(input)
    let whole = readAll(input, lines: lines, chunkSize: max(1, input.count), describingErrors: true)
    let chunked = readAll(input, lines: lines, chunkSize: ChunkedReading.smallChunkSize(for: input))
    Invariant.require(whole == chunked, "chunk boundaries change what is read:\n\(whole)\n---\n\(chunked)")
    let reference = readAll(input, lines: lines, chunkSize: max(1, input.count), recordShortcut: false)
    Invariant.require(whole == reference, "the record shortcut reads differently:\n\(whole)\n---\n\(reference)")
    checkPieces(input, whole: whole)
    let counting = UnsignedRecordCountingCheck.difference(input, chunkSize: ChunkedReading.smallChunkSize(for: input))
    Invariant.require(counting == nil, "an unsigned record counted is not what the full path decides: \(counting ?? "")")
    return 0
}

/// Splits `input` into pieces as `verify --jobs N` does, small ones so that most items start
/// one, and reads each on its own, with one reader re-aimed at each as a worker does.
private func checkPieces(_ input: [UInt8], whole: [ReadItem]) {
    let sequential = whole.compactMap { item -> ExportSampleOutcome? in
        if case .outcome(let outcome) = item { return outcome }
        return nil
    }
    let sequentialEnded = sequential.count == whole.count
    var splitter = ExportXMLSplitter(source: MemoryChunkSource(input, chunkSize: ChunkedReading.smallChunkSize(for: input)),
                                     pieceSize: 1 + input.count % 97)
    var read: [ExportSampleOutcome] = []
    let reader = ExportPieceReader()
    while true {
        switch splitter.next() {
        case .end:
            Invariant.require(sequentialEnded && read == sequential,
                              "every piece read, but not as the sequential reader reads the file:\n\(read)\n---\n\(whole)")
            return
        case .unsure(let itemsBefore):
            Invariant.require(itemsBefore == read.count, "the splitter stopped after \(itemsBefore) items, \(read.count) read")
            return
        case .piece(let piece):
            Invariant.require(piece.itemsBefore == read.count, "a piece after \(piece.itemsBefore) items, \(read.count) read")
            var outcomes: [ExportSampleOutcome] = []
            guard piece.read(with: reader, { outcomes.append($0) }) else { return }
            read += outcomes
            Invariant.require(read.count <= sequential.count && Array(sequential.prefix(read.count)) == read,
                              "pieces read other items than the sequential reader:\n\(read)\n---\n\(whole)")
        }
    }
}

/// What the reader made of one item, or the error that ended reading. Compared as values:
/// formatting every item as text through reflection was three quarters of an execution.
private enum ReadItem: Equatable {
    case outcome(ExportSampleOutcome)
    case xmlError(XMLError)
    case exportError(ExportXMLError)
    /// Any other error, by its message (none is expected from an in-memory source).
    case otherError(String)
}

/// Every item, checking each one on the way. `describingErrors`: builds the messages of errors,
/// which users see, so that their code runs too (once per input is enough).
private func readAll(_ input: [UInt8], lines: Int, chunkSize: Int, describingErrors: Bool = false,
                     recordShortcut: Bool = true) -> [ReadItem] {
    let reader = ExportSampleReader(source: MemoryChunkSource(input, chunkSize: chunkSize), recordShortcut: recordShortcut)
    var items: [ReadItem] = []
    // An item needs at least `<Record/>`, so more items than input bytes would be invented ones.
    while items.count <= input.count {
        let outcome: ExportSampleOutcome?
        do {
            outcome = try reader.next()
        } catch {
            let line = (error as? XMLError)?.line ?? (error as? ExportXMLError)?.line
            if let line {
                Invariant.require(line >= 1 && line <= lines, "error line \(line) outside \(lines) lines")
            }
            if describingErrors { _ = "\(error)" }
            switch error {
            case let error as XMLError: items.append(.xmlError(error))
            case let error as ExportXMLError: items.append(.exportError(error))
            default: items.append(.otherError("\(error)"))
            }
            return items
        }
        guard let outcome else { return items }
        let item: ExportXMLItem
        switch outcome {
        case .sample(let stored):
            Invariant.require(stored.line >= 1 && stored.line <= lines, "sample line \(stored.line) outside \(lines) lines")
            guard let exportItem = stored.exportItem else {
                Invariant.require(false, "an export.xml sample without its raw item")
                return items
            }
            item = exportItem
        case .unsupported(let unsupported):
            item = unsupported
        case .invalid(let invalid, let error):
            Invariant.require(error.line >= 1 && error.line <= lines, "error line \(error.line) outside \(lines) lines")
            if describingErrors { _ = error.description }
            item = invalid
        }
        Invariant.require(item.line >= 1 && item.line <= lines, "item line \(item.line) outside \(lines) lines")
        Invariant.require(item.position == items.count + 1, "position \(item.position) for item \(items.count + 1)")
        for entry in item.metadata {
            Invariant.require(entry.line >= item.line && entry.line <= lines, "metadata line \(entry.line) outside the item")
        }
        items.append(.outcome(outcome))
    }
    Invariant.require(false, "more items than input bytes")
    return items
}
