import FuzzSupport
import HealthSamples
@_spi(FastPathReference) import SampleIO
import SampleSigning

/// JSON Lines / JSON array sample reader: any input, seeded with the example readings and the
/// suite's stored samples. Invariants: reading in 1–64-byte chunks gives the same items as
/// reading in one piece; reported lines and item texts lie inside the input; a sample read back
/// after writing it with `JSONSampleWriter` is the same sample; splicing a signature into an
/// item's text keeps it a sample carrying that signature; the record written directly is the
/// encoded record dictionary; whenever the fast line decoder answers, its answer is the general
/// decoder's.
@main
enum JSONLinesFuzzer {
    static func main() { FuzzerDriver.run(fuzzJSONLines) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let lines = ChunkedReading.lineCount(input)
    let whole = readAll(input, lines: lines, chunkSize: max(1, input.count), checkingItems: true)
    let chunked = readAll(input, lines: lines, chunkSize: ChunkedReading.smallChunkSize(for: input))
    Invariant.require(whole == chunked, "chunk boundaries change what is read:\n\(whole)\n---\n\(chunked)")
    checkFastPaths(input)
    return 0
}

/// Each line through `JSONSampleFastDecoder` and the general decoder (`JSONParser` and
/// `JSONSampleDecoder`): where the fast decoder answers, it must give the general decoder's
/// sample, with the same notation and record, and layout.
private func checkFastPaths(_ input: [UInt8]) {
    for (index, bytes) in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
        let line = JSONSampleLine(bytes: Array(bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes),
                                  line: index + 1, position: index + 1)
        let fast = line.fastDecoded()
        guard fast.sample != nil || fast.withLayout != nil else { continue }
        let reference = line.decodedForSplicingWithoutFastDecoder()
        guard case .success(let sample) = reference.sample else {
            Invariant.require(false, "the fast decoder accepts a line the general decoder refuses: \(reference.sample)")
            continue
        }
        Invariant.require(fast.sample == sample, "the fast decoder's sample differs:\n\(String(describing: fast.sample))\n\(sample)")
        Invariant.require(fast.sample.map(\.notationForComparison) == sample.notationForComparison,
                          "the fast decoder's notation differs: \(String(describing: fast.sample.map(\.notationForComparison))) against \(sample.notationForComparison)")
        let fastRecord = fast.sample.map { try? RecordBuilder.encodedRecord(for: $0) }
        Invariant.require(fastRecord == .some(try? RecordBuilder.encodedRecord(for: sample)),
                          "the fast decoder's sample has another record:\n\(sample)")
        Invariant.require(fast.withLayout?.sample == sample && fast.withLayout?.layout == reference.layout,
                          "the fast decoder's sample and layout differ:\n\(String(describing: fast.withLayout))\n\(reference)")
    }
}


/// What the reader made of one item. Compared as values: formatting every item as text through
/// reflection, and every error's message with its "did you mean" search, was most of an execution.
private enum ReadItem: Equatable {
    case sample(StoredSample)
    case error(SampleInputError)
}

/// Every item, checking each one's lines and text on the way. `checkingItems`: also checks each
/// sample's writer round trip and splice and builds each error's message (which users see, so
/// its code runs too); one pass is enough, since the other must read the same items.
private func readAll(_ input: [UInt8], lines: Int, chunkSize: Int, checkingItems: Bool = false) -> [ReadItem] {
    let reader = JSONSampleReader(source: MemoryChunkSource(input, chunkSize: chunkSize))
    var items: [ReadItem] = []
    while true {
        let next: Result<StoredSample, SampleInputError>?
        do {
            next = try reader.next()
        } catch {
            Invariant.require(false, "an in-memory source cannot fail, yet the reader threw \(error)")
            return items
        }
        switch next {
        case nil:
            return items
        case .success(let stored)?:
            Invariant.require(stored.line >= 1 && stored.line <= lines, "sample line \(stored.line) outside \(lines) lines")
            Invariant.require(stored.position == items.count + 1, "position \(stored.position) for item \(items.count + 1)")
            Invariant.require((stored.rawText?.utf8.count ?? 0) <= input.count, "item text longer than the input")
            if checkingItems {
                checkWriterRoundTrip(stored.sample)
                checkRecordWriter(stored.sample)
                if let text = stored.rawText { checkSplice(into: text, sample: stored.sample) }
            }
            items.append(.sample(stored))
        case .failure(let error)?:
            Invariant.require(error.line >= 1 && error.line <= lines, "error line \(error.line) outside \(lines) lines")
            if checkingItems { _ = error.description }
            items.append(.error(error))
        }
    }
}

private func checkWriterRoundTrip(_ sample: Sample) {
    let line = JSONSampleWriter.line(for: sample)
    do {
        let again = try JSONSampleDecoder.decode(line)
        Invariant.require(again == sample, "written and read back, the sample changed:\n\(sample)\n\(again)")
    } catch {
        Invariant.require(false, "the writer's line for an accepted sample is refused: \(error)\n\(line)")
    }
}

/// The record written directly (`RecordWriter`, behind `encodedRecord(for:)`) is the encoded
/// record dictionary, its reference.
private func checkRecordWriter(_ sample: Sample) {
    let direct = try? RecordBuilder.encodedRecord(for: sample)
    let reference = try? RecordBuilder.encode(RecordBuilder.record(for: sample))
    Invariant.require(direct == reference, "the record written directly differs from the encoded dictionary:\n\(sample)")
}

private func checkSplice(into text: String, sample: Sample) {
    guard let spliced = try? insertingMetadataValue(key: "HKDigitalSignature", stringValue: "c2lnbmF0dXJl", into: text) else {
        return
    }
    do {
        let again = try JSONSampleDecoder.decode(spliced)
        Invariant.require(again.metadata[MetadataKey.digitalSignature] == .string("c2lnbmF0dXJl"),
                          "spliced signature not read back: \(spliced)")
    } catch {
        Invariant.require(false, "splicing a signature into an accepted sample made it unreadable: \(error)\n\(spliced)")
    }
}
