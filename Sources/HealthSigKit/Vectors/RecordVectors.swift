import CMS
import CryptoBackend
import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// `records.json`: the signed record (docs/FORMAT.md) of one sample of each kind. A test holds
/// `sample` (a JSON sample object, the project's JSON Lines format), `recordDer` (hex, the
/// normative record), `signature` (base64 SignedData by the group's key carrying exactly
/// `recordDer`) and `decoded` (the record's fields as JSON); `result` is `valid`.
struct RecordVectors: VectorFamily {
    let family = "records"

    let header = [
        "Signed records, format version 1 (docs/FORMAT.md): `recordDer` is normative. An implementation that builds records must",
        "produce exactly `recordDer` from `sample`; one that reads them must decode `recordDer` to `decoded` (field names of the",
        "JSON sample format, dates in UTC, numbers exact). `signature` is a profile SignedData over `recordDer` by the group's TEST key.",
    ]

    let notes: [String: String] = [
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

    func evaluate(test: JSONObject, group: JSONObject) -> VectorOutcome {
        let trust: TrustSet
        do {
            trust = try VectorTrust.trustSet(of: group)
        } catch {
            return .disagree("group key does not load: \(error)")
        }
        // Every member is part of the claim (TestVectors/README.md): none may be left out and pass.
        let missing = ["sample", "recordDer", "signature", "decoded", "result"].filter { test[$0] == nil }
        guard missing.isEmpty else { return .disagree("the test lacks " + missing.joined(separator: ", ")) }
        var problems: [String] = []
        guard let hex = test.string("recordDer"), let record = VectorHex.decode(hex) else {
            return .disagree("recordDer is not hex")
        }
        // The record decodes strictly, to `decoded`.
        do {
            let decoded = try SignedRecord(derEncoded: record)
            let json = RecordDecodedJSON.json(decoded.dictionary)
            if let expected = test["decoded"], !VectorSampleJSON.equal(json, expected) {
                problems.append("decoded differs: got \(JSONWriter.string(json))")
            }
        } catch {
            problems.append("recordDer does not decode: \(error)")
        }
        // The record built from `sample` is exactly `recordDer`.
        if let sampleJSON = test["sample"] {
            do {
                let built = try RecordBuilder.encodedRecord(for: try VectorSampleJSON.sample(sampleJSON))
                if built != record { problems.append("the record built from sample differs: \(VectorHex.encode(built))") }
            } catch {
                problems.append("no record can be built from sample: \(error)")
            }
        }
        // The signature verifies and carries exactly `recordDer`.
        if let text = test.string("signature") {
            if let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) {
                let verdict = CMSVerifier.verify(Array(data), trust: trust)
                if let summary = verdict.summary {
                    if summary.content != record { problems.append("the signature carries another content than recordDer") }
                } else {
                    problems.append("signature: \(verdict)")
                }
            } else {
                problems.append("signature is not base64")
            }
        } else {
            problems.append("signature is not a string")
        }
        var outcome = VectorOutcome()
        let got = problems.isEmpty ? "valid" : "invalid"
        outcome.compare(nil, expected: test.string("result") ?? "(not a string)", got: got)
        if !outcome.disagreements.isEmpty { outcome.disagreements[0] += " (" + problems.joined(separator: "; ") + ")" }
        return outcome
    }
}
