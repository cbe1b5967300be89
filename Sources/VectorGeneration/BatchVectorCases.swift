import CryptoBackend
import Foundation
import HealthSigKit
import SampleIO
import SampleSigning

/// The `batch.json` cases: each verdict and attack of docs/BATCH.md, with the expected verdicts,
/// fields and batch statuses written from that document and docs/VERIFY.md.
enum BatchVectorCases {
    typealias R = BatchVectorReadings
    typealias M = BatchVectorMaker

    /// What a test expects of one batch (docs/BATCH.md, "Missing samples").
    struct Status {
        let label: Character
        /// Records the signed manifest lists; nil without a valid signature.
        let count: Int?
        /// Distinct indices of the batch in the input (below `count` when it is known).
        let present: Int
        let signature: String

        var json: JSONValue {
            let absent = count.map { $0 - present }
            return .obj([
                ("id", .text(BatchReference.identifierText(M.identifier(label)))),
                ("count", count.map { .int($0) } ?? .null),
                ("present", .int(present)),
                ("absent", absent.map { .int($0) } ?? .null),
                ("signature", .text(signature)),
                // `--require-complete`: every sample present and the signature valid.
                ("complete", .bool(signature == "valid" && absent == 0)),
            ])
        }
    }

    static func valid(_ n: Int) -> [(String, [String])] { Array(repeating: ("valid", []), count: n) }

    static func test(_ comment: String, _ flags: [String], verdicts: [(String, [String])], batches: [Status],
                     _ samples: @escaping () throws -> [JSONValue]) -> VectorCase {
        VectorCase(comment, flags: flags) {
            let stored = try samples()
            guard stored.count == verdicts.count else {
                throw VectorInputError("\(stored.count) samples but \(verdicts.count) verdicts")
            }
            return [
                ("samples", .array(stored)),
                ("storedForm", .text("json")),
                ("verdicts", .array(verdicts.map { .obj([("verdict", .text($0.0)), ("fields", .texts($0.1.sorted()))]) })),
                ("batches", .array(batches.sorted { $0.json.objectValue?.string("id") ?? "" < $1.json.objectValue?.string("id") ?? "" }
                    .map(\.json))),
            ]
        }
    }

    static func all(_ m: BatchVectorMaker) -> [VectorCase] {
        validBatches(m) + altered(m) + missing(m) + moved(m) + damaged(m) + copies(m) + invalidMembers(m)
    }

    // MARK: - Valid

    static func validBatches(_ m: BatchVectorMaker) -> [VectorCase] {
        [
            test("three heart rates in one batch, as signed", ["Quantity"], verdicts: valid(3),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                try m.batch(R.quantity, label: "A")
            },
            test("three sleep stages in one batch, as signed", ["Category"], verdicts: valid(3),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                try m.batch(R.category, label: "A")
            },
            test("two blood pressures in one batch, as signed", ["Correlation"], verdicts: valid(2),
                 batches: [Status(label: "A", count: 2, present: 2, signature: "valid")]) {
                try m.batch(R.correlation, label: "A")
            },
            test("two workouts in one batch, as signed", ["Workout"], verdicts: valid(2),
                 batches: [Status(label: "A", count: 2, present: 2, signature: "valid")]) {
                try m.batch(R.workout, label: "A")
            },
            test("a batch of one: the only sample is its carrier", ["Quantity"], verdicts: valid(1),
                 batches: [Status(label: "A", count: 1, present: 1, signature: "valid")]) {
                try m.batch(Array(R.quantity.prefix(1)), label: "A")
            },
            test("two batches of the same device one after the other", ["Quantity"], verdicts: valid(6),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid"),
                           Status(label: "B", count: 3, present: 3, signature: "valid")]) {
                try m.batch(R.quantity, label: "A") + (try m.batch(R.quantityLater, label: "B"))
            },
            test("the batch stored in another order, carrier first", ["Reordered"], verdicts: valid(3),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                Array(try m.batch(R.quantity, label: "A").reversed())
            },
        ]
    }

    // MARK: - Altered samples

    static func altered(_ m: BatchVectorMaker) -> [VectorCase] {
        let complete = Status(label: "A", count: 3, present: 3, signature: "valid")
        let edits: [(what: String, field: String, path: String, value: JSONValue?, flag: String)] = [
            ("value 72 → 90", "value", "value", .int(90), "ValueAltered"),
            ("start a second earlier", "startDate", "startDate", .text("2026-11-21T07:59:59Z"), "DateAltered"),
            ("end a second later", "endDate", "endDate", .text("2026-11-21T08:00:01Z"), "DateAltered"),
            ("type stored as respiratory rate", "type", "type", .text("HKQuantityTypeIdentifierRespiratoryRate"), "TypeAltered"),
            ("device model HR-10 → HR-11", "device.model", "device.model", .text("HR-11"), "DeviceAltered"),
            ("device removed", "device", "device", nil, "DeviceAltered"),
            ("serial number changed", "metadata.HKDeviceSerialNumber", "metadata.HKDeviceSerialNumber",
             .text("HR10-000999"), "MetadataAltered"),
        ]
        var cases: [VectorCase] = []
        for (position, index) in [("a member", 0), ("the carrier", 2)] {
            for edit in edits {
                // The carrier's own reading is the third (08:00:10); dates are edited on the
                // sample's own reading.
                var value = edit.value
                if index == 2, edit.field == "startDate" { value = .text("2026-11-21T08:00:09Z") }
                if index == 2, edit.field == "endDate" { value = .text("2026-11-21T08:00:11Z") }
                var verdicts = valid(3)
                verdicts[index] = ("content-mismatch", [edit.field])
                let path = edit.path
                let newValue = value
                cases.append(test("heart rate batch, \(position): \(edit.what)",
                                  [position == "a member" ? "MemberAltered" : "CarrierAltered", edit.flag],
                                  verdicts: verdicts, batches: [complete]) {
                    var samples = try m.batch(R.quantity, label: "A")
                    samples[index] = VectorSampleJSON.setting(samples[index], path, newValue)
                    return samples
                })
            }
        }
        cases += [
            test("sleep batch, a member: value asleepCore 3 → asleepDeep 4", ["MemberAltered", "ValueAltered", "Category"],
                 verdicts: [("content-mismatch", ["value"]), ("valid", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var samples = try m.batch(R.category, label: "A")
                samples[0] = VectorSampleJSON.setting(samples[0], "value", .int(4))
                return samples
            },
            test("blood pressure batch, a member: systolic 120 → 140", ["MemberAltered", "ValueAltered", "Correlation"],
                 verdicts: [("content-mismatch", ["objects[0].value"]), ("valid", [])],
                 batches: [Status(label: "A", count: 2, present: 2, signature: "valid")]) {
                var samples = try m.batch(R.correlation, label: "A")
                samples[0] = VectorSampleJSON.setting(samples[0], "objects[0].value", .int(140))
                return samples
            },
            test("workout batch, the carrier: duration 2430 → 2500 s", ["CarrierAltered", "Workout"],
                 verdicts: [("valid", []), ("content-mismatch", ["duration"])],
                 batches: [Status(label: "A", count: 2, present: 2, signature: "valid")]) {
                var samples = try m.batch(R.workout, label: "A")
                samples[1] = VectorSampleJSON.setting(samples[1], "duration", .int(2500))
                return samples
            },
            test("workout batch, a member: energy 412 → 500 kcal", ["MemberAltered", "Workout"],
                 verdicts: [("content-mismatch", ["totalEnergyBurned"]), ("valid", [])],
                 batches: [Status(label: "A", count: 2, present: 2, signature: "valid")]) {
                var samples = try m.batch(R.workout, label: "A")
                samples[0] = VectorSampleJSON.setting(samples[0], "totalEnergyBurned.value", .int(500))
                return samples
            },
        ]
        return cases
    }

    // MARK: - Missing samples

    static func missing(_ m: BatchVectorMaker) -> [VectorCase] {
        [
            test("member 1 of 3 deleted: the others valid, one absent", ["MemberMissing"], verdicts: valid(2),
                 batches: [Status(label: "A", count: 3, present: 2, signature: "valid")]) {
                let samples = try m.batch(R.quantity, label: "A")
                return [samples[0], samples[2]]
            },
            test("members 0 and 1 deleted: the carrier alone, two absent", ["MemberMissing"], verdicts: valid(1),
                 batches: [Status(label: "A", count: 3, present: 1, signature: "valid")]) {
                [try m.batch(R.quantity, label: "A")[2]]
            },
            test("the carrier deleted: the others unsigned, count unknown", ["CarrierMissing"],
                 verdicts: [("unsigned", []), ("unsigned", [])],
                 batches: [Status(label: "A", count: nil, present: 2, signature: "unsigned")]) {
                Array(try m.batch(R.quantity, label: "A").prefix(2))
            },
            test("the carrier of one batch deleted, the other batch whole", ["CarrierMissing"],
                 verdicts: [("unsigned", []), ("unsigned", [])] + valid(3),
                 batches: [Status(label: "A", count: nil, present: 2, signature: "unsigned"),
                           Status(label: "B", count: 3, present: 3, signature: "valid")]) {
                Array(try m.batch(R.quantity, label: "A").prefix(2)) + (try m.batch(R.quantityLater, label: "B"))
            },
        ]
    }

    // MARK: - Moved, duplicated, replayed, reordered

    static func moved(_ m: BatchVectorMaker) -> [VectorCase] {
        let index = "batch.index"
        return [
            test("member A/1 moved into batch B as B/1: another reading there, and B/1 now twice", ["Moved"],
                 verdicts: [("valid", []), ("content-mismatch", ["endDate", "startDate", "value"]), ("valid", []),
                            ("valid", []), ("content-mismatch", [index]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 2, signature: "valid"),
                           Status(label: "B", count: 3, present: 3, signature: "valid")]) {
                let a = try m.batch(R.quantity, label: "A")
                let b = try m.batch(R.quantityLater, label: "B")
                let moved = VectorSampleJSON.setting(a[1], "metadata." + BatchReference.metadataKey, .text(M.reference("B", 1)))
                return [a[0], moved, a[2]] + b
            },
            test("member 1 stored twice: the second copy is a duplicate", ["Duplicated"],
                 verdicts: [("valid", []), ("valid", []), ("content-mismatch", [index]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                let a = try m.batch(R.quantity, label: "A")
                return [a[0], a[1], a[1], a[2]]
            },
            test("the whole batch stored twice: every sample of the second copy is a duplicate", ["Duplicated"],
                 verdicts: valid(3) + Array(repeating: ("content-mismatch", [index]), count: 3),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                let a = try m.batch(R.quantity, label: "A")
                return a + a
            },
            test("the batch replayed a day later: every date differs", ["Replayed"],
                 verdicts: Array(repeating: ("content-mismatch", ["endDate", "startDate"]), count: 3),
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                try m.batch(R.quantity, label: "A").map { sample in
                    var value = sample
                    for key in ["startDate", "endDate"] {
                        let text = sample.objectValue?.string(key) ?? ""
                        value = VectorSampleJSON.setting(value, key, .text(text.replacingOccurrences(of: "2026-11-21", with: "2026-11-22")))
                    }
                    return value
                }
            },
            test("indices of members 0 and 1 swapped: each is compared with the other's reading", ["Reordered"],
                 verdicts: [("content-mismatch", ["endDate", "startDate", "value"]),
                            ("content-mismatch", ["endDate", "startDate", "value"]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[0] = VectorSampleJSON.setting(a[0], "metadata." + BatchReference.metadataKey, .text(M.reference("A", 1)))
                a[1] = VectorSampleJSON.setting(a[1], "metadata." + BatchReference.metadataKey, .text(M.reference("A", 0)))
                return a
            },
            test("member 1 given index 7 of a batch of 3", ["IndexOutOfRange"],
                 verdicts: [("valid", []), ("content-mismatch", [index]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 2, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[1] = VectorSampleJSON.setting(a[1], "metadata." + BatchReference.metadataKey, .text(M.reference("A", 7)))
                return a
            },
            test("member 1's reference written with a leading zero (/01)", ["BadReference"],
                 verdicts: [("valid", []), ("malformed", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 2, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                let text = BatchReference.identifierText(M.identifier("A")) + "/01"
                a[1] = VectorSampleJSON.setting(a[1], "metadata." + BatchReference.metadataKey, .text(text))
                return a
            },
        ]
    }

    // MARK: - Damaged signatures

    static func damaged(_ m: BatchVectorMaker) -> [VectorCase] {
        func failed(_ verdict: String) -> [(String, [String])] { Array(repeating: (verdict, []), count: 3) }
        func carrierChanged(_ change: @escaping (JSONValue) throws -> JSONValue) -> () throws -> [JSONValue] {
            {
                var a = try m.batch(R.quantity, label: "A")
                a[2] = try change(a[2])
                return a
            }
        }
        let key = "metadata." + BatchReference.signatureMetadataKey
        return [
            test("a bit of the ECDSA signature value flipped", ["BadSignature"], verdicts: failed("bad-signature"),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "bad-signature")],
                 carrierChanged { try M.damaging($0, M.flipSignatureValueBit) }),
            test("a bit of the signed manifest flipped", ["BadSignature"], verdicts: failed("bad-signature"),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "bad-signature")],
                 carrierChanged { try M.damaging($0, M.flipManifestBit) }),
            test("the batch signed by a key outside the trust set", ["UntrustedSigner"], verdicts: failed("untrusted-signer"),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "untrusted-signer")]) {
                try m.batch(R.quantity, label: "A", key: try m.keys.untrusted.get().0)
            },
            test("the batch signature is not base64", ["NotBase64"], verdicts: failed("malformed"),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "malformed")],
                 carrierChanged { VectorSampleJSON.setting($0, key, .text("not a signature!")) }),
            test("a per-sample signature of the carrier stored as the batch signature", ["NotAManifest"],
                 verdicts: failed("malformed"),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "malformed")],
                 carrierChanged { carrier in
                     let sample = try VectorSampleJSON.sample(try VectorSampleJSON.parse(R.quantity[2]))
                     let text = try SampleSigner().signature(for: sample, using: try m.keys.signerA.get())
                     return VectorSampleJSON.setting(carrier, key, .text(text))
                 }),
        ]
    }

    // MARK: - Copies of the signature

    static func copies(_ m: BatchVectorMaker) -> [VectorCase] {
        let key = "metadata." + BatchReference.signatureMetadataKey
        func damagedCopy(of carrier: JSONValue, on member: JSONValue) throws -> JSONValue {
            let damaged = try M.damaging(carrier, M.flipSignatureValueBit)
            return VectorSampleJSON.setting(member, key, .text(try M.signature(of: damaged)))
        }
        return [
            test("a damaged copy of the batch signature on member 0, the intact carrier last", ["DamagedCopy"],
                 verdicts: [("bad-signature", []), ("valid", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[0] = try damagedCopy(of: a[2], on: a[0])
                return a
            },
            test("the intact carrier first, a damaged copy on a later member", ["DamagedCopy"],
                 verdicts: [("valid", []), ("bad-signature", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                let a = try m.batch(R.quantity, label: "A")
                return [a[2], try damagedCopy(of: a[2], on: a[0]), a[1]]
            },
        ]
    }

    // MARK: - Members that are not valid samples

    static func invalidMembers(_ m: BatchVectorMaker) -> [VectorCase] {
        [
            test("member 0 stored with unit kg, which heart rate cannot have", ["InvalidMember", "MemberAltered"],
                 verdicts: [("content-mismatch", ["unit"]), ("valid", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[0] = VectorSampleJSON.setting(a[0], "unit", .text("kg"))
                return a
            },
            test("member 1 stored with its start after its end", ["InvalidMember", "MemberAltered"],
                 verdicts: [("valid", []), ("content-mismatch", ["startDate"]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[1] = VectorSampleJSON.setting(a[1], "startDate", .text("2026-11-21T08:00:30Z"))
                return a
            },
            test("the carrier stored with a type outside the catalog", ["InvalidMember", "CarrierAltered"],
                 verdicts: [("valid", []), ("valid", []), ("content-mismatch", ["type"])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                var a = try m.batch(R.quantity, label: "A")
                a[2] = VectorSampleJSON.setting(a[2], "type", .text("HKQuantityTypeIdentifierMadeUp"))
                return a
            },
        ]
    }

    // MARK: - Two trusted keys (group two-trusted-keys)

    static func binding(_ m: BatchVectorMaker) -> [VectorCase] {
        let key = "metadata." + BatchReference.signatureMetadataKey
        func signerB() throws -> P256PrivateKey { try m.keys.signerB.get().0 }
        /// A sample of no batch carrying signer B's signature over forged readings under batch A.
        func stray(_ forged: [JSONValue]) throws -> JSONValue {
            let reading = try VectorSampleJSON.parse(R.heartRate(80, at: "07:00:00"))
            return VectorSampleJSON.setting(reading, key, .text(try M.signature(of: forged[2])))
        }
        func withoutSignature(_ sample: JSONValue) -> JSONValue { VectorSampleJSON.setting(sample, key, nil) }
        let signatureField = [BatchReference.signatureMetadataKey]
        return [
            test("signer B's manifest for batch A stored on a sample of no batch, B's forged members: none is signed",
                 ["SignerBinding"],
                 verdicts: Array(repeating: ("unsigned", []), count: 4),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "unsigned")]) {
                let forged = try m.batch(R.quantityForged, label: "A", key: try signerB())
                return [try stray(forged)] + forged.map(withoutSignature)
            },
            test("the same forged members with batch A's genuine carrier: compared with A's records", ["SignerBinding"],
                 verdicts: [("unsigned", []), ("content-mismatch", ["value"]), ("content-mismatch", ["value"]), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                let forged = try m.batch(R.quantityForged, label: "A", key: try signerB())
                let genuine = try m.batch(R.quantity, label: "A")
                return [try stray(forged), withoutSignature(forged[0]), withoutSignature(forged[1]), genuine[2]]
            },
            test("batch B's signature stored on member 0 of batch A: that member only is content-mismatch", ["OtherBatchSignature"],
                 verdicts: [("content-mismatch", signatureField), ("valid", []), ("valid", []), ("unsigned", []), ("unsigned", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid"),
                           Status(label: "B", count: nil, present: 2, signature: "unsigned")]) {
                var a = try m.batch(R.quantity, label: "A")
                let b = try m.batch(R.quantityLater, label: "B")
                a[0] = VectorSampleJSON.setting(a[0], key, .text(try M.signature(of: b[2])))
                return a + [b[0], b[1]]
            },
            test("carriers of batch A signed by A and by B: the later carrier and every member after it conflict", ["Conflict"],
                 verdicts: [("valid", []), ("content-mismatch", signatureField), ("content-mismatch", signatureField),
                            ("content-mismatch", signatureField)],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "content-mismatch")]) {
                let a = try m.batch(R.quantity, label: "A")
                let b = try m.batch(R.quantity, label: "A", key: try signerB())
                return [a[2], b[2], a[0], a[1]]
            },
        ]
    }

    // MARK: - Certificate time (group trusted-dated-certificate)

    static func certificateTime(_ m: BatchVectorMaker) -> [VectorCase] {
        func dated() throws -> P256PrivateKey { try m.keys.dated.get().0 }
        func readings(_ instants: [String]) -> [String] {
            instants.enumerated().map { R.heartRate(70 + $0.offset, instant: $0.element) }
        }
        return [
            test("a batch spanning the certificate's notAfter: the member after it is untrusted-signer", ["CertificateTime"],
                 verdicts: [("valid", []), ("valid", []), ("untrusted-signer", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                try m.batch(readings(["2026-11-21T23:59:50Z", "2026-11-21T23:59:55Z", "2026-11-22T00:00:05Z"]), label: "A",
                            key: try dated())
            },
            test("a batch spanning the certificate's notBefore: the member before it is untrusted-signer", ["CertificateTime"],
                 verdicts: [("untrusted-signer", []), ("valid", []), ("valid", [])],
                 batches: [Status(label: "A", count: 3, present: 3, signature: "valid")]) {
                try m.batch(readings(["2026-11-19T23:59:55Z", "2026-11-20T00:00:05Z", "2026-11-20T00:00:10Z"]), label: "A",
                            key: try dated())
            },
            test("a batch signed after the certificate expired: every member untrusted-signer", ["CertificateTime"],
                 verdicts: Array(repeating: ("untrusted-signer", []), count: 3),
                 batches: [Status(label: "A", count: nil, present: 3, signature: "untrusted-signer")]) {
                try m.batch(readings(["2026-11-23T08:00:00Z", "2026-11-23T08:00:05Z", "2026-11-23T08:00:10Z"]), label: "A",
                            key: try dated())
            },
        ]
    }
}
