import HealthSamples
import SampleSigning

/// What an Observation takes from the context its signature covers (docs/FHIR.md): the time zone
/// its effective time is written in, and whether a glucose reading was measured in capillary
/// blood. A stored key the signature does not cover changes neither.
struct SignedObservationContext {
    /// The signed `HKTimeZone`, when this system knows the zone.
    var zone: ReportZone?
    /// The signed `BloodGlucoseSpecimen` is `capillary blood`.
    var capillary = false

    /// The metadata key a glucose meter signs to say its specimen (docs/FHIR.md, "Capillary
    /// glucose"); HealthKit defines none. Any key a device supplies is signed (format version 2).
    static let specimenKey = "BloodGlucoseSpecimen"
    static let capillaryBlood = "capillary blood"

    init() {}

    init(_ presented: SignedReading.Presented, verdict: SampleVerdict, unsignedKeys: [String]) {
        zone = SignedContext.text(MetadataKey.timeZone, of: presented, verdict: verdict, unsignedKeys: unsignedKeys)
            .flatMap(ReportZone.named)
        capillary = SignedContext.text(Self.specimenKey, of: presented, verdict: verdict, unsignedKeys: unsignedKeys)
            == Self.capillaryBlood
    }
}
