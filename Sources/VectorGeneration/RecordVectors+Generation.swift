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
            "Signed records, format versions 1 and 2 (docs/FORMAT.md): `recordDer` is normative. An implementation that builds records must",
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
            "UnsignedMetadata": "Metadata format version 1 does not sign is not part of a record of version 1 (a Version1Signer test); a signer of version 2 signs every key the device supplied except the signature keys and the keys the phone adds (docs/FORMAT.md, \"Signed metadata\").",
            "Version1Signer": "The record a format-version-1 signer built: only the metadata keys version 1 signs are in m, so sample builds recordDer under version 1's rule; a signer today signs the other keys too and writes fv 2. Verifiers keep accepting such records.",
            "FormatVersion2": "The sample has a metadata key format version 1 does not sign (clinical context such as HKBloodGlucoseMealTime, HKWasUserEntered, a custom key), so the record signs it in m and has fv 2.",
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
                } ?? RecordBuilder.encodedRecord(for: sample, selecting: item.flags.contains(RecordVectorCases.version1Flag)
                                                   ? .version1Keys : .deviceKeys)
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
