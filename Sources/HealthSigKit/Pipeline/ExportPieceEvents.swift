import SampleIO
import SampleSigning

/// The events of one export.xml piece, decided on a worker.
struct ExportPieceEvents: Sendable {
    /// Each item's event in file order; nil when the piece did not read as the sequential reader
    /// reads it (``ExportXMLPiece/read(_:)``).
    let events: [PipelineEvent?]?
    /// Top-level items in the file before the piece.
    let itemsBefore: Int

    init(events: [PipelineEvent?]?, itemsBefore: Int) { (self.events, self.itemsBefore) = (events, itemsBefore) }

    /// Reads `piece` and decides each item with `verifier`.
    init(_ piece: ExportXMLPiece, _ verifier: SampleVerifier) {
        var events: [PipelineEvent?] = []
        events.reserveCapacity(piece.items)
        let read = piece.read { outcome in events.append(VerificationWork.decide(outcome, verifier)) }
        self.events = read ? events : nil
        itemsBefore = piece.itemsBefore
    }
}
