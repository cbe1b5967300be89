import SampleIO
import SampleSigning

extension ExportXMLPiece {
    /// ``read(_:)`` with the counting reader: a usual unsigned record is handed out unmapped
    /// (``ExportSampleReader/next(counting:)``); everything else, and whether the piece reads
    /// as the file does, as ``read(_:)`` answers.
    func read(counting: ExportRecordCounting, _ body: (ExportCountingOutcome) -> Void) -> Bool {
        let reader = ExportSampleReader(source: MemoryChunkSource(document, chunkSize: max(1, document.count)),
                                        firstLine: firstLine, itemsBefore: itemsBefore)
        do {
            while let outcome = try reader.next(counting: counting) {
                guard reader.items.itemCount <= itemsBefore + items else { return false }
                body(outcome)
            }
        } catch {
            return false
        }
        return reader.items.itemCount == itemsBefore + items
    }
}

extension ExportPieceEvents {
    /// Reads `piece` and decides each item with `verifier`, usual unsigned records counted when
    /// `counting` is given (``VerificationPipeline/unsignedRecordCounting``).
    init(_ piece: ExportXMLPiece, _ verifier: SampleVerifier, counting: ExportRecordCounting?) {
        guard let counting else {
            self.init(piece, verifier)
            return
        }
        var events: [PipelineEvent?] = []
        events.reserveCapacity(piece.items)
        let read = piece.read(counting: counting) { outcome in events.append(VerificationWork.decide(outcome, verifier)) }
        self.init(events: read ? events : nil, itemsBefore: piece.itemsBefore)
    }
}
