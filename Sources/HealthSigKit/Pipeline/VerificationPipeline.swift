import HealthSamples
import Foundation
import SampleIO
import SampleSigning

/// `verify` as a pipeline: the input is read once, in order, on the calling thread (source);
/// each item is decided by one of `jobs` worker threads (``VerificationWork/decide(_:)``); the
/// events go to the sinks in input order as soon as each is decided (ordered sinks), through a
/// bounded reorder window (``OrderedParallelMap``). Nothing grows with the input but the
/// bounded ``CorrelationMemberCopyLedger``, so memory is flat however many samples there are,
/// and the sinks see the same events in the same order for every `jobs`.
public struct VerificationPipeline {
    /// The verifier every worker uses.
    public let verifier: SampleVerifier
    /// Worker threads (1: everything on the calling thread).
    public let jobs: Int
    /// Told about bytes read and samples decided, on the calling thread.
    public var progress: (any PipelineProgress)?
    /// Which samples are reported and counted (`--type`, `--from`, `--to`, `--source`); nil: all.
    public var filter: SampleFilter? {
        get { selection }
        // An empty filter selects everything: none is applied (and none counted as left out).
        set { selection = newValue.flatMap { $0.isEmpty ? nil : $0 } }
    }
    private var selection: SampleFilter?
    /// Runs whenever the input would keep the pipeline waiting (a live pipe with no whole line
    /// yet), after every event decided so far has reached the sinks and each sink has handed on
    /// what it held back (``VerificationSink/flush()``): the caller flushes the
    /// report there, so a reader following it gets each verdict before the next sample arrives.
    /// `nil` (a report file, written when complete): never called.
    public var whenInputWaits: (() throws(ToolError) -> Void)?

    /// Whether an unsigned export.xml Record may reach the sinks counted, not mapped, when every
    /// sink only counts unsigned samples and no filter is set (``UnsignedRecordUse``); `false`:
    /// every record is mapped and decided, the reference the counting path is held to.
    @_spi(FastPathReference)
    public var unsignedRecordCounting = true

    /// Most items the batch stage holds behind members waiting for their carrier
    /// (docs/BATCH.md, "Streaming and memory").
    var batchHoldLimit = BatchSampleVerifier<Int>.defaultPendingLimit

    /// Bytes of export.xml a piece holds before the splitter cuts it when `jobs` is more than 1
    /// (tests make it tiny, so that every item starts a piece).
    // Perf: 1.05 GB export, `verify --jobs 2`, table report, four pieces a job in flight, each
    // worker re-aiming one reader (`--jobs 1` 4.21 s), runs alternating on an idle machine:
    // 128 KiB pieces 2.49-2.58 s wall, 4.9-5.1 s CPU, peak RSS 41-42 MB; 256 KiB 2.50-2.57 s,
    // 46-47 MB, half the context switches; 64 KiB 2.55-2.64 s, 37-38 MB, twice them; 512 KiB
    // 2.55-2.60 s, 54-62 MB. Memory is bounded by the pieces in flight, not by the file. When
    // each piece made a new reader, 32 KiB pieces were slower than `--jobs 1`.
    var exportPieceSize = 128 << 10

    /// Creates a pipeline.
    public init(verifier: SampleVerifier, jobs: Int, progress: (any PipelineProgress)? = nil) {
        self.verifier = verifier
        self.jobs = max(1, jobs)
        self.progress = progress
    }

    /// Verifies every item of `inputPath` (`-`: standard input; JSON Lines, a JSON array,
    /// export.xml or export.zip) and hands the events to `sinks`, then the totals. Input that
    /// cannot be read as samples is an `unreadable` event; only I/O errors throw.
    @discardableResult
    public func run(inputPath: String, sinks: [any VerificationSink]) throws(ToolError) -> VerificationTotals {
        // Perf: ≈ 9,600 instructions a record of export.xml verify with a table report (35.7 %),
        // callgrind of `verify --jobs 1` on a 20 MB tools/make_export.py export; counting unsigned
        // records, table 26,939 → 17,356, --summary 25,874 → 16,156 (37.6 %)
        // (docs/PERFORMANCE.md, "Counting unsigned export records").
        let counts = unsignedRecordCounting && selection == nil && !sinks.isEmpty
            && sinks.allSatisfy { $0.unsignedRecordUse != .wholeSample }
        let input = try VerificationInput.open(inputPath, progress: progress, counting: counts ? .verification : nil)
        defer { input.close() }
        // A counted record a sink needs whole is mapped and decided here, in input order, as the
        // reference path maps and decides it on a worker.
        var countedRecordMapper = ExportSampleMapper()
        // Whether a sink may still need a counted record whole; a sink's use only narrows
        // (``UnsignedRecordUse``), so once none does it is no longer asked.
        var countedRecordsNeedDetails = counts
        var totals = VerificationTotals()
        var tally = VerdictTally()
        var ledger = CorrelationMemberCopyLedger()
        let verifier = self.verifier
        // Batch-signed samples (docs/BATCH.md) are decided here, in input order, by one batch
        // verifier: a batch's signature is on its last sample, so its members wait for it.
        var batches = BatchVerdictOrdering<PipelineEvent>(verifier: verifier, holdLimit: batchHoldLimit,
                                                          setVerdict: Self.replacingVerdict)
        if VerificationInput.isRegularFile(inputPath) {
            batches.carrierScan = { register in BatchCarrierScan.run(inputPath, register: register) }
        }
        func deliver(_ event: PipelineEvent) throws(ToolError) {
                var event = event
                if countedRecordsNeedDetails, case .decided(let counted) = event, counted.isCountedRecord,
                   let item = counted.exportItem {
                    countedRecordsNeedDetails = sinks.contains { $0.unsignedRecordUse != .count }
                    if countedRecordsNeedDetails, let whole = VerificationWork.decide(countedRecordMapper.map(item), verifier) {
                        event = whole
                    }
                }
                switch event {
                case .decided(let decided):
                    // A sample the filter leaves out is neither counted nor reported, and its
                    // correlation bookkeeping is skipped with it.
                    if let filter, !filter.includes(decided) {
                        totals.leftOut += 1
                        return
                    }
                    if let filter, !filter.sources.isEmpty, let name = decided.exportItem?.sourceName,
                       totals.matchedSources[name] != nil || totals.matchedSources.count < VerificationTotals.matchedSourceLimit {
                        totals.matchedSources[name, default: 0] += 1
                    }
                    tally.count(decided.entry.verdict.kind)
                    if let timestamp = decided.entry.verdict.timestamp { totals.timestamps.count(timestamp) }
                    switch decided.correlationRole {
                    case .none: break
                    case .correlation(let keys): ledger.addMembers(keys)
                    case .unsignedMemberTypeRecord(let key): if let key { ledger.addCandidate(key) }
                    }
                case .unreadable:
                    totals.unreadable += 1
                }
                progress?.decided(tally.samples + totals.unreadable)
                for sink in sinks { try sink.receive(event) }
        }
        func consume(_ event: PipelineEvent?) throws(ToolError) {
            guard let event else { return }
            let straight: Bool = if case .decided(let decided) = event {
                batches.passesStraightThrough(involvingBatch: decided.involvesBatch)
            } else {
                batches.passesStraightThrough(involvingBatch: false)
            }
            if straight { return try deliver(event) }
            let ready = if let input = Self.batchInput(event) {
                batches.add(event, sample: input.sample, member: input.member, storedForm: input.form)
            } else {
                batches.addUnreadable(event)
            }
            for event in ready { try deliver(event) }
        }
        if jobs > 1, let splitter = input.exportSplitter(pieceSize: exportPieceSize) {
            if let readItems = try readExportInPieces(splitter, counting: counts ? .verification : nil, consume: consume) {
                input.resumeExport(skipping: readItems)
            } else {
                input.endExport()
            }
        }
        try OrderedParallelMap<VerificationWork, PipelineEvent?>(jobs: jobs).run(
            produce: { () throws(ToolError) in try input.next() },
            transform: { work in work.decide(verifier) },
            consume: consume,
            streaming: whenInputWaits.map { idle in
                .init(inputReady: { () throws(ToolError) in try input.nextIsReady() }, idle: { () throws(ToolError) in
                    for sink in sinks { try sink.flush() }
                    try idle()
                })
            })
        for ready in batches.finish() { try deliver(ready) }
        totals.counts = tally.counts
        totals.batches = batches.statuses
        totals.correlationMemberCopies = ledger.copies
        totals.correlationMemberCopiesIncomplete = ledger.overflowed
        totals.counts[.unsigned, default: 0] -= totals.correlationMemberCopies
        progress?.finished()
        for sink in sinks { try sink.finish(totals) }
        return totals
    }

    /// export.xml in parallel: the calling thread cuts the file into pieces at top-level item
    /// boundaries (``ExportXMLSplitter``), workers parse and decide the pieces, and their
    /// events reach `consume` in file order. Returns nil when every item was read so; else the
    /// number of items handed to `consume`, after which the file is to be read on sequentially
    /// (a piece that did not read as the sequential reader reads it, or a pre-scan that could
    /// not go on): whatever the file holds, the events are the sequential reader's.
    private func readExportInPieces(_ splitter: ExportXMLSplitter<AnyByteChunkSource>, counting: ExportRecordCounting?,
                                    consume: (PipelineEvent?) throws(ToolError) -> Void) throws(ToolError) -> Int? {
        var splitter = splitter
        let verifier = self.verifier
        var splitterStopped: Int?
        var pieceFailed: Int?
        // Perf: four 128 KiB pieces a job in flight (see exportPieceSize); eight a job, or two of
        // 512 KiB, were no faster; sixteen helped only when each 32 KiB piece made a new reader.
        // The events of pieces consumed go back to the worker that made them and are freed
        // there: freed here, they were a quarter of this thread's time, which bounds the
        // speed-up of --jobs; freed by the other worker, its allocator's.
        try OrderedParallelMap<ExportXMLPiece, ExportPieceEvents>(jobs: jobs, chunkSize: 1, window: 4 * jobs,
                                                                  outputsFreedByWorkers: true).run(
            produce: { () throws(ToolError) in
                guard pieceFailed == nil, splitterStopped == nil else { return nil }
                switch splitter.next() {
                case .piece(let piece): return piece
                case .end: return nil
                case .unsure(let itemsBefore):
                    splitterStopped = itemsBefore
                    return nil
                }
            },
            context: { ExportPieceReader() },
            transform: { reader, piece in ExportPieceEvents(piece, verifier, reader: reader, counting: counting) },
            consume: { (piece) throws(ToolError) in
                guard pieceFailed == nil else { return }
                guard let events = piece.events else {
                    pieceFailed = piece.itemsBefore
                    return
                }
                for event in events { try consume(event) }
            })
        // Pieces are consumed in order, so a failed piece comes before wherever the splitter stopped.
        return pieceFailed ?? splitterStopped
    }

    /// The sample of a decided event and the stored form its reader named, for the batch verifier;
    /// `nil` for an unreadable event, which has neither.
    static func batchInput(_ event: PipelineEvent) -> (sample: Sample?, member: BatchMemberItem?, form: StoredForm)? {
        guard case .decided(let decided) = event else { return nil }
        return (decided.sample, decided.batchMember, decided.storedForm)
    }

    /// The event with the batch verifier's verdict.
    static func replacingVerdict(_ event: inout PipelineEvent, _ verdict: SampleVerdict) {
        guard case .decided(let decided) = event else { return }
        event = .decided(decided.replacingVerdict(verdict))
    }
}
