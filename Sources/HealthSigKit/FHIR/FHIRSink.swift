import HealthSamples
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
        /// Unsigned, not checkable, or altered with no signed value to show, left out because
        /// unverified readings were not asked for (``FHIRSink/includeUnverified``).
        public var unverifiedNotExported = 0
        /// Readings met again with the same id (the same signed record, or the same unverified
        /// stored reading): exported once.
        public var repeated = 0
    }

    /// Device ids remembered so that each Device is written once; past this many distinct
    /// devices a device is written again when seen again (same id, same content), so memory
    /// stays bounded.
    static let rememberedDeviceLimit = 100_000

    private let writer: any FHIRResourceWriter
    private let builder: FHIRResourceBuilder
    private var seenDevices: Set<String> = []
    private var writtenObservations: Set<String> = []
    public private(set) var counts = Counts()
    /// Whether unverified readings are exported (`--include-unverified`), as `preliminary`
    /// (or `entered-in-error`) Observations; otherwise they are counted and left out.
    let includeUnverified: Bool

    init(writer: any FHIRResourceWriter, checkedAt: String, verifierName: String, includeUnverified: Bool = false,
         patient: PatientIdentity? = nil) throws(ToolError) {
        self.writer = writer
        self.includeUnverified = includeUnverified
        var builder = FHIRResourceBuilder(ids: FHIRResourceIDs(bundled: writer.bundled), checkedAt: checkedAt, verifierName: verifierName)
        if let patient {
            let id = FHIRResourceIDs.patient(patient)
            builder.patientID = id
            try writer.write(.patient, id: id, json: FHIRJSON.text(builder.patient(patient, id: id)))
        }
        self.builder = builder
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
        let verdict = decided.entry.verdict
        // What a receiver reading only `status`, `code` and `value[x]` gets (docs/FHIR.md,
        // "Unverified readings"): an authentic reading, or an altered one at its signed values,
        // as `final`; anything else only when asked for, and then never `final`.
        let sample: Sample
        let status: String
        let presented = SignedReading.presented(stored: decided.sample, verdict: verdict)
        switch presented {
        case .authentic(let authentic):
            (sample, status) = (authentic, "final")
        case .altered(let signed, _):
            (sample, status) = (signed, "final")
        case .alteredWithoutSignedValue(let stored):
            guard let stored else { counts.notSamples += 1; return }
            guard includeUnverified else { counts.unverifiedNotExported += 1; return }
            // The stored values are known to differ from what was signed and nothing shows
            // what was: the receiver is told not to use them.
            (sample, status) = (stored, "entered-in-error")
        case .unverified(let stored):
            guard let stored else { counts.notSamples += 1; return }
            guard includeUnverified else { counts.unverifiedNotExported += 1; return }
            (sample, status) = (stored, "preliminary")
        }
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
        // The signing key's gateway Device, for a signature that verified with a trusted key.
        var gatewayID: String?
        if status == "final", let signer = verdict.signer {
            let id = FHIRResourceIDs.gateway(keyIdentifier: signer.keyIdentifier)
            gatewayID = id
            if !seenDevices.contains(id) {
                if seenDevices.count < Self.rememberedDeviceLimit { seenDevices.insert(id) }
                try writer.write(.device, id: id, json: FHIRJSON.text(builder.gatewayDevice(signer, id: id)))
                counts.devices += 1
            }
        }
        let observationID = FHIRResourceIDs.observation(presented: sample, stored: decided.sample, verdict: verdict)
        if writtenObservations.contains(observationID) {
            // The same reading again (the same signed record, the same alteration): one
            // Observation, as a server keeps one.
            counts.repeated += 1
            return
        }
        if writtenObservations.count < Self.rememberedDeviceLimit { writtenObservations.insert(observationID) }
        // Stored keys the signature does not cover are named in a note, never exported as signed data.
        let contextRecord = verdict.kind == .contentMismatch ? verdict.record : nil
        let unsignedKeys = verdict.unsignedContext(of: decided.sample)
        let context = unsignedKeys.map { TableCellText.contextKey($0, record: contextRecord) }
        let signed = SignedObservationContext(presented, verdict: verdict, unsignedKeys: unsignedKeys)
        let enteredByHand = status == "preliminary" && SignedReading.isEnteredByHand(sample)
        try writer.write(.observation, id: observationID,
                         json: FHIRJSON.text(builder.observation(sample, id: observationID, verdict: verdict, status: status,
                                                                 deviceID: deviceID, unsignedContext: context,
                                                                 enteredByHand: enteredByHand, signed: signed, gatewayID: gatewayID)))
        counts.observations += 1
        if verdict.kind != .unsigned {
            let stored = decided.sample
            let batch = stored.flatMap { Self.storedText($0, key: BatchReference.metadataKey) }.flatMap { BatchReference(text: $0) }
            // A batch member carries its batch's signature only on the carrier: the others'
            // Provenance names the batch, whose signature the carrier's Provenance holds.
            let signature = stored.flatMap { SampleVerifier.signatureText(of: $0) }
                ?? stored.flatMap { Self.storedText($0, key: BatchReference.signatureMetadataKey) }
            let id = FHIRResourceIDs.provenance(observationID: observationID)
            try writer.write(.provenance, id: id, json: FHIRJSON.text(builder.provenance(
                id: id, observationID: observationID, sample: sample, verdict: verdict, signatureText: signature,
                batch: batch, deviceID: deviceID, gatewayID: gatewayID)))
            counts.provenances += 1
        }
    }

    /// The text stored under `key` in the sample's metadata.
    static func storedText(_ sample: Sample, key: String) -> String? {
        for entry in sample.metadata.entries where entry.key == key {
            if case .string(let text) = entry.value { return text }
        }
        return nil
    }

    public func finish(_ totals: VerificationTotals) throws(ToolError) {}
}
