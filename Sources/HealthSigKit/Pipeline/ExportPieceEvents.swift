import SampleIO
import SampleSigning

/// The events of one export.xml piece, decided on a worker.
struct ExportPieceEvents: Sendable {
    /// Each item's event in file order; nil when the piece did not read as the sequential reader
    /// reads it (``ExportXMLPiece/read(_:)``).
    let events: [PipelineEvent?]?
    /// Top-level items in the file before the piece.
    let itemsBefore: Int

    /// Reads `piece` with `reader` (the worker's own) and decides each item with `verifier`,
    /// usual unsigned records counted when `counting` is given
    /// (``VerificationPipeline/unsignedRecordCounting``).
    init(_ piece: ExportXMLPiece, _ verifier: SampleVerifier, reader: ExportPieceReader, counting: ExportRecordCounting?) {
        var events: [PipelineEvent?] = []
        events.reserveCapacity(piece.items)
        let read = if let counting {
            piece.read(with: reader, counting: counting) { outcome in events.append(VerificationWork.decide(outcome, verifier)) }
        } else {
            piece.read(with: reader) { outcome in events.append(VerificationWork.decide(outcome, verifier)) }
        }
        self.events = read ? events : nil
        itemsBefore = piece.itemsBefore
    }
}
