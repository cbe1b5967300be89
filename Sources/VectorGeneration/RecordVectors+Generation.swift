import CMS
import CryptoBackend
import Foundation
import HealthSamples
import HealthSigKit
import SampleIO
import SampleSigning

/// How `RecordVectors` proposes its tests: the file's header and notes, and every case it builds.
extension RecordVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "Signed records, format version 1 (docs/FORMAT.md): `recordDer` is normative. An implementation that builds records must",
            "produce exactly `recordDer` from `sample`; one that reads them must decode `recordDer` to `decoded` (field names of the",
            "JSON sample format, dates in UTC, numbers exact). `signature` is a profile SignedData over `recordDer` by the group's TEST key.",
        ]
    }

    var notes: [String: String] {
        [
            "Quantity": "A quantity sample: v is REAL in canonical NR3, u the unit string as the sample has it.",
            "Category": "A category sample: v is an INTEGER, no u.",
            "Correlation": "A correlation: o holds its objects in order, each with t, v, u, and s/e only where they differ from the correlation's (inherited otherwise).",
            "Cumulative": "A cumulative quantity over an interval (start and end differ).",
            "Dietary": "A nutrition sample.",
            "FullDevice": "All eight device fields are set and signed.",
            "NoDevice": "The sample has no device, so the record has no d.",
            "OffsetDate": "Dates with a UTC offset: the record holds the instant in UTC; the offset is not signed.",
            "FractionalSeconds": "Dates with fractional seconds: GeneralizedTime keeps them without trailing zeros.",
            "SignedMetadata": "Metadata keys the format signs (HKDeviceSerialNumber, HKUDIDeviceIdentifier, HKUDIProductionIdentifier, HKExternalUUID, HKTimeZone) go into m.",
            "UnsignedMetadata": "Other metadata is not part of the record.",
            "SDKKeySpelling": "The sample spells metadata keys as SDK constants (HKMetadataKeyDeviceSerialNumber); the record uses the stored spelling (HKDeviceSerialNumber).",
            "Zero": "The value zero: a REAL with no content octets.",
            "Workout": "A workout: at is the HKWorkoutActivityType raw value, du the duration in seconds, te/td/ts/tf the totals as [value, unit], ev the events as [type, offset in seconds from s, duration?, signed metadata?]; decoded shows activityType and event types as raw values, event dates as UTC instants, durations in seconds.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let keys = context.keys
        let cases = RecordVectorCases.all.map { item in
            VectorCase(item.comment, flags: item.flags) {
                let sampleJSON = try VectorSampleJSON.parse(item.sample)
                let sample = try VectorSampleJSON.sample(sampleJSON)
                // A record a document spells out is used as written, so that this
                // implementation's builder is checked against it rather than copied.
                let record = try item.recordDer.map { hex in
                    guard let bytes = VectorHex.decode(hex) else { throw VectorInputError("recordDer of '\(item.comment)' is not hex") }
                    return bytes
                } ?? RecordBuilder.encodedRecord(for: sample)
                let signature = try CMSVectorBuilder(content: record, signer: try keys.signerA.get()).build()
                return [
                    ("sample", sampleJSON),
                    ("recordDer", .text(VectorHex.encode(record))),
                    ("signature", .text(Data(signature).base64EncodedString())),
                    ("decoded", try VectorSampleJSON.parse(item.decoded)),
                    ("result", .text("valid")),
                ]
            }
        }
        return [VectorGroupSpec(name: "trusted-key", members: { try VectorGroupKey.members(try keys.signerA.get().publicKey) },
                                cases: cases)]
    }
}
