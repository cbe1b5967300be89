import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import HealthSigKit
import SampleIO
import SampleSigning

/// How `SampleVectors` proposes its tests: the file's header and notes, and every case it builds.
extension SampleVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "Stored samples with their HKDigitalSignature, verified as docs/VERIFY.md describes: CMS first, then the record, then every",
            "signed field against the stored sample. Trust exactly the group's key. `fields` lists the mismatching field paths, sorted.",
            "Signatures are by the TEST keys of test-keys/: never trust them.",
        ]
    }

    var notes: [String: String] {
        [
            "AsSigned": "The stored sample is the signed reading, unchanged.",
            "ExactDecimal": "The stored value is the signed decimal written differently (36.60 for 36.6): equal.",
            "OffsetDate": "Stored dates use another UTC offset for the same instants: equal.",
            "UnitConversion": "The stored value is in another unit of the same dimension; converted, it may differ from the signed value by half a unit in the stored text's last decimal place (capped, see UnitToleranceCap; plus 1e-9 relative).",
            "UnitTolerance": "A converted value at the edge of the tolerance (just inside or just outside).",
            "UnitToleranceCap": "The stored unit is far coarser than the reading: the rounding forgiven is capped at the larger of half the signed value's last place (at most 0.5) and 1% of the signed value.",
            "UnitSpelling": "The stored unit is spelled differently (export.xml's mmol<180.1558800000541>/L) but is the same unit.",
            "UnsignedMetadata": "Metadata the record does not sign was added to the stored sample: it never changes the verdict and is reported as unsigned context (docs/VERIFY.md).",
            "ObjectOrder": "Correlation objects stored in another order: paired by type, so equal.",
            "SignatureKeyAlias": "The signature is stored under the SDK name HKMetadataKeyDigitalSignature.",
            "WrappedBase64": "The base64 text contains line breaks, which are ignored.",
            "ExportXML": "The stored form is an export.xml element: whole-second dates, the device as its description string, metadata as text.",
            "FractionalSeconds": "The signed dates have fractional seconds.",
            "DeviceNotStored": "Signed device fields the export's device string does not carry are notes, not mismatches.",
            "CategoryLabel": "export.xml writes the category value as its label.",
            "SignedAttributes": "The SignedData carries signed attributes.",
            "NoSignature": "No HKDigitalSignature (or alias) on the sample itself.",
            "SignatureOnMember": "The signature sits on a correlation object instead of the correlation.",
            "NotBase64": "The signature text is not base64.",
            "NotCMS": "The signature is base64 but not a profile SignedData.",
            "UnsupportedAlgorithm": "A digest algorithm outside the profile: reported as malformed.",
            "NotARecord": "A valid signature whose content is not a valid format-1 record.",
            "KeyNotForKind": "The record holds a key of docs/FORMAT.md's table that the table does not give to its kind (a category's u, a quantity's o, a correlation's v, fv in a correlation object): signed content no comparison would look at, so the record is malformed.",
            "MetadataValueType": "A signed metadata value that is not a UTF8String, REAL, GeneralizedTime or BOOLEAN (the metadata types of docs/FORMAT.md): the record is malformed.",
            "EmptyDevice": "A device without any field is no device (docs/FORMAT.md): \"device\": {} in JSON, or an empty d in the record, equals no device.",
            "RealSpecialValue": "A REAL special value (PLUS-INFINITY, MINUS-INFINITY, NOT-A-NUMBER, minus zero) anywhere in the record, not only in `v`: docs/FORMAT.md allows only base-10 NR3, so the record is malformed.",
            "BadSignature": "The signature or the signed content was altered after signing.",
            "UntrustedSigner": "A valid signature by a key outside the trust set.",
            "SwappedSignature": "The signature of another reading stored on this sample: valid CMS, different record.",
            "ValueAltered": "A stored value differs from the signed one.",
            "DateAltered": "A stored date differs from the signed one.",
            "DeviceAltered": "A stored device field differs, is missing, or was added.",
            "CertificateTime": "Group trusted-dated-certificate: the signer's certificate is valid from 2026-11-20T00:00:00Z to 2026-11-22T00:00:00Z only, and is checked at the reading's signed time, its end date (docs/VERIFY.md, Certificate time): a reading ending inside the period is valid whenever it is verified, one ending outside is untrusted-signer.",
            "InvalidStoredSample": "The stored item (JSON or export.xml) is not a valid sample (a unit of the wrong dimension, a start after the end) but carries a valid signature: content-mismatch naming each field whose stored value differs from the signed one (the start that was moved, not the end the sample's own rule trips over) (docs/VERIFY.md).",
            "MetadataTwice": "An export.xml element repeating a metadata key (real exports do): every stored copy of a signed key must equal the signed value; one key under both its spellings is not a valid sample (docs/VERIFY.md).",
            "MetadataAltered": "A signed metadata key differs, is missing, or was added in the stored sample.",
            "ObjectsAltered": "Correlation objects differ in number or value.",
            "Workout": "A workout (docs/FORMAT.md and docs/VERIFY.md, Workouts): activity type, duration, totals, events and the workout's signed metadata keys are compared.",
            "WorkoutAttributes": "An export.xml Workout with its totals as attributes (totalDistance/totalDistanceUnit, totalEnergyBurned/totalEnergyBurnedUnit) and its duration in minutes.",
            "WorkoutStatistics": "An export.xml Workout with its totals as WorkoutStatistics children (sum and unit of ActiveEnergyBurned and DistanceWalkingRunning; heart-rate and basal-energy statistics are not totals).",
            "WorkoutRoute": "The Workout has a WorkoutRoute child, which is not part of the signed workout and is not read.",
            "EventsAltered": "A workout event differs in type, date, duration or metadata, or an event is missing (the field is events when the counts differ).",
            "ActivityTypeRawValue": "The stored activity type is HealthKit's raw value (37) instead of its name: equal.",
            "TypeAltered": "The stored type differs from the signed one.",
            "PhoneDevice": "An export.xml device description on a sample whose record has no device: the Health app may add the phone's own description, so it is ignored (docs/VERIFY.md, additions).",
            "SDKKeySpelling": "The stored sample spells a signed metadata key by its SDK constant name (HKMetadataKeyBloodGlucoseMealTime); it is the same key as its stored name (docs/FORMAT.md, \"Signed metadata\").",
            "ClinicalContext": "The reading carries clinical context a device supplies (meal time, sensor location, motion context, whether it was typed in, reference range, a custom key), which a signer signs since format version 2 (docs/FORMAT.md, \"Signed metadata\").",
            "FormatVersion2": "The record has fv 2: it signs a metadata key format version 1 does not. Every key in m is compared with the stored metadata.",
            "Version1Signer": "The signature is over the record a format-version-1 signer built from the reading (only version 1's five metadata keys signed): it keeps verifying as before, and the stored keys it does not sign are unsigned context.",
            "UnsignedContext": "The test gives unsignedContext: exactly the stored metadata keys the record does not sign (signature keys left out), as stored, in stored order (docs/FORMAT.md, \"Format versions\").",
            "StoredExtraField": "The stored sample carries more than was signed: a device field, a device, or one of the metadata keys format version 1 signs that the record lacks (docs/VERIFY.md, additions): content-mismatch.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        let maker = SampleVectorMaker(keys: context.keys)
        return [VectorGroupSpec(name: "trusted-key", members: { try VectorGroupKey.members(try context.keys.signerA.get().publicKey) },
                                cases: SampleVectorCases.all(maker)),
                VectorGroupSpec(name: "trusted-dated-certificate",
                                members: { try VectorGroupKey.members(try context.keys.dated.get().1) },
                                cases: SampleVectorCases.certificateTime(maker))]
    }
}
