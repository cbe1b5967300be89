import SampleSigning

/// The FHIR writer as a sink of the verification pipeline: for each decided sample its
/// Observation, its Device the first time the device is seen, and for a signed sample its
/// Provenance, written as the sample is decided.
///
/// Not exported (and counted in ``Counts``): stored items that are not valid samples (no
/// Observation can be built; `verify` reports them) and unsigned top-level export.xml Records
/// that may be copies of correlation members (exporting them would duplicate the blood-pressure
/// and food readings the correlations already carry).
public final class FHIRSink: VerificationSink {
    /// What was written and what was left out.
    public struct Counts: Sendable, Hashable {
        public var observations = 0
        public var devices = 0
        public var provenances = 0
        /// Stored items that are not valid samples.
        public var notSamples = 0
        /// Unsigned Records that may be copies of correlation members.
        public var possibleMemberCopies = 0
        /// Unreadable input.
        public var unreadable = 0
    }

    /// Device ids remembered so that each Device is written once; past this many distinct
    /// devices a device is written again when seen again (same id, same content), so memory
    /// stays bounded.
    static let rememberedDeviceLimit = 100_000

    private let writer: any FHIRResourceWriter
    private let builder: FHIRResourceBuilder
    private var seenDevices: Set<String> = []
    public private(set) var counts = Counts()

    init(writer: any FHIRResourceWriter, checkedAt: String, verifierName: String) {
        self.writer = writer
        builder = FHIRResourceBuilder(ids: FHIRResourceIDs(bundled: writer.bundled), checkedAt: checkedAt, verifierName: verifierName)
    }

    public func receive(_ event: PipelineEvent) throws(ToolError) {
        guard case .decided(let decided) = event else {
            counts.unreadable += 1
            return
        }
        if decided.mayBeCorrelationMemberCopy {
            counts.possibleMemberCopies += 1
            return
        }
        guard let sample = decided.sample else {
            counts.notSamples += 1
            return
        }
        let verdict = decided.entry.verdict
        var deviceID: String?
        if let device = sample.device, !device.isEmpty {
            let id = FHIRResourceIDs.device(device)
            deviceID = id
            if !seenDevices.contains(id) {
                if seenDevices.count < Self.rememberedDeviceLimit { seenDevices.insert(id) }
                try writer.write(.device, id: id, json: FHIRJSON.text(builder.device(device, id: id)))
                counts.devices += 1
            }
        }
        let observationID = FHIRResourceIDs.observation(position: decided.entry.position, sample: sample)
        try writer.write(.observation, id: observationID,
                         json: FHIRJSON.text(builder.observation(sample, id: observationID, verdict: verdict, deviceID: deviceID)))
        counts.observations += 1
        if verdict.kind != .unsigned, let signature = SampleVerifier.signatureText(of: sample) {
            let id = FHIRResourceIDs.provenance(observationID: observationID)
            try writer.write(.provenance, id: id, json: FHIRJSON.text(builder.provenance(
                id: id, observationID: observationID, sample: sample, verdict: verdict, signatureText: signature, deviceID: deviceID)))
            counts.provenances += 1
        }
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {}
}
