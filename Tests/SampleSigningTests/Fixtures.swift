import CMS
import CryptoBackend
import DER
import Foundation
import HealthSamples
import SampleSigning
import Testing

/// Shared keys, samples and helpers of the SampleSigning tests. Keys are generated once per test
/// run (never read from files); every sample is built from decimal *text* through
/// `DecimalText.parse`, as the readers do, so no binary floating point sneaks into a value.
enum Fixtures {
    // MARK: - Keys

    private static let deviceKeyResult = Result { try P256PrivateKey.generate() }
    private static let otherKeyResult = Result { try P256PrivateKey.generate() }

    /// The device key whose public half the verifier trusts.
    static func deviceKey() throws -> P256PrivateKey { try deviceKeyResult.get() }
    /// A second key, not trusted unless a test says so.
    static func otherKey() throws -> P256PrivateKey { try otherKeyResult.get() }

    /// A verifier trusting only the device key.
    static func verifier() throws -> SampleVerifier {
        SampleVerifier(trust: TrustSet(publicKeys: [try deviceKey().publicKey]))
    }

    // MARK: - Values

    /// 2026-11-21T08:00:00Z, the instant of the reference heart-rate sample.
    static let morning = "2026-11-21T08:00:00Z"

    static func date(_ text: String) throws -> SampleDate { try SampleDate(rfc3339: text) }

    static func quantity(_ value: String, _ unit: String) throws -> Quantity {
        Quantity(value: try DecimalText.parse(value), unit: try HealthUnit(unit),
                 fractionDigits: DecimalText.fractionDigits(of: value))
    }

    /// Every field filled with realistic values: the blood-pressure cuff of the size budget.
    static let fullDevice = Device(
        name: "Acme BP-200 Cuff", manufacturer: "Acme Medical Devices Inc.", model: "BP-200",
        hardwareVersion: "2.1", firmwareVersion: "1.4.7", softwareVersion: "3.0.12",
        localIdentifier: "AA:BB:CC:DD:EE:FF", udiDeviceIdentifier: "(01)00812345678901(21)SN12345")

    /// The signed metadata the cuff adds.
    static let deviceMetadata: Metadata = [
        "HKDeviceSerialNumber": .string("SN12345"),
        "HKTimeZone": .string("Europe/Berlin"),
    ]

    // MARK: - Samples

    static func quantitySample(_ type: QuantityType, _ value: String, _ unit: String, start: String = morning,
                               end: String? = nil, device: Device? = nil,
                               metadata: Metadata = Metadata()) throws -> QuantitySample {
        QuantitySample(type: type, quantity: try quantity(value, unit), startDate: try date(start),
                       endDate: try end.map(date), device: device, metadata: metadata)
    }

    static func quantity(_ type: QuantityType, _ value: String, _ unit: String, start: String = morning,
                         end: String? = nil, device: Device? = nil, metadata: Metadata = Metadata()) throws -> Sample {
        .quantity(try quantitySample(type, value, unit, start: start, end: end, device: device, metadata: metadata))
    }

    /// Heart rate 72 count/min at 2026-11-21T08:00:00Z (docs/FORMAT.md's example without device).
    static func heartRate(_ value: String = "72", at start: String = morning, device: Device? = nil,
                          metadata: Metadata = Metadata()) throws -> Sample {
        try quantity(.heartRate, value, "count/min", start: start, device: device, metadata: metadata)
    }

    /// Blood pressure 120/80 mmHg from the fully described cuff, systolic listed first.
    static func bloodPressure(systolic: String = "120", diastolic: String = "80", device: Device? = fullDevice,
                              metadata: Metadata = deviceMetadata) throws -> Sample {
        .correlation(Correlation(
            type: .bloodPressure, startDate: try date(morning),
            objects: [
                try quantitySample(.bloodPressureSystolic, systolic, "mmHg"),
                try quantitySample(.bloodPressureDiastolic, diastolic, "mmHg"),
            ],
            device: device, metadata: metadata))
    }

    /// A food correlation with two nutrition samples.
    static func food() throws -> Sample {
        .correlation(Correlation(
            type: .food, startDate: try date("2026-11-21T12:30:00Z"), endDate: try date("2026-11-21T12:45:00Z"),
            objects: [
                try quantitySample(.dietaryEnergyConsumed, "250", "kcal", start: "2026-11-21T12:30:00Z"),
                try quantitySample(.dietaryProtein, "12.5", "g", start: "2026-11-21T12:30:00Z"),
            ],
            metadata: ["HKFoodType": .string("Oatmeal")]))
    }

    /// Sleep analysis: in bed from 22:30 to 06:45.
    static func sleep(value: Int = 0, device: Device? = nil, metadata: Metadata = Metadata()) throws -> Sample {
        .category(CategorySample(type: .sleepAnalysis, value: value, startDate: try date("2026-11-20T22:30:00Z"),
                                 endDate: try date("2026-11-21T06:45:00Z"), device: device, metadata: metadata))
    }

    // MARK: - Signing and verifying

    /// `sample` signed by the device key (or `key`) with `signer`.
    static func signed(_ sample: Sample, key: P256PrivateKey? = nil, signer: SampleSigner = SampleSigner()) throws -> Sample {
        try signer.signed(sample, using: key ?? deviceKey())
    }

    /// The verdict of the device-key verifier on `sample`.
    static func verify(_ sample: Sample, form: StoredForm = .json) throws -> SampleVerdict {
        try verifier().verify(sample, storedForm: form)
    }

    /// The `HKDigitalSignature` text of a signed sample.
    static func signatureText(_ sample: Sample) throws -> String {
        try #require(SampleVerifier.signatureText(of: sample))
    }

    /// The signature DER of a signed sample.
    static func signatureDER(_ sample: Sample) throws -> [UInt8] {
        Array(try #require(Data(base64Encoded: try signatureText(sample))))
    }

    /// `stored` carrying `text` as its signature (any earlier one replaced).
    static func storing(signature text: String, on stored: Sample) -> Sample {
        var copy = stored
        var metadata = copy.metadata
        metadata.removeAll(forKey: "HKDigitalSignature")
        metadata.append(key: "HKDigitalSignature", value: .string(text))
        copy.metadata = metadata
        return copy
    }

    /// `stored` carrying the signature of `signed`: how a tampered or swapped sample looks.
    static func storing(signatureOf signed: Sample, on stored: Sample) throws -> Sample {
        storing(signature: try signatureText(signed), on: stored)
    }

    /// Signs arbitrary record bytes with the profile's `SignedDataBuilder`, bypassing
    /// `RecordBuilder`, and returns the base64 text.
    static func signRecordBytes(_ bytes: [UInt8], key: P256PrivateKey? = nil) throws -> String {
        Data(try SignedDataBuilder().sign(bytes, using: key ?? deviceKey())).base64EncodedString()
    }

    /// Signs `sample`, changes the stored copy with `change`, and verifies it.
    static func tamper(_ sample: Sample, form: StoredForm = .json, _ change: (inout Sample) throws -> Void) throws -> SampleVerdict {
        var stored = try signed(sample)
        try change(&stored)
        return try verify(stored, form: form)
    }

    // MARK: - Hand-written records

    /// One dictionary entry written with `DERWriter` directly.
    indirect enum Value: Sendable {
        case string(String)
        case integer(Int)
        case real(String)
        case date(String)
        case dictionary([(String, Value)])
        case array([Value])
        /// A value given as its complete DER encoding (tag, length, content).
        case encoded([UInt8])
    }

    /// The DER of a dictionary written by hand with `DERWriter` (entries put in DER order by the
    /// writer's SET OF, keys as given, duplicates allowed).
    static func handRecord(_ entries: [(String, Value)]) throws -> [UInt8] {
        var writer = DERWriter()
        try write(entries, into: &writer)
        return writer.bytes
    }

    private static func write(_ entries: [(String, Value)], into writer: inout DERWriter) throws {
        try writer.appendSetOf { set in
            for (key, value) in entries {
                try set.appendConstructed(.sequence) { entry in
                    entry.append(DERUTF8String(key))
                    try write(value, into: &entry)
                }
            }
        }
    }

    private static func write(_ value: Value, into writer: inout DERWriter) throws {
        switch value {
        case .string(let s): writer.append(DERUTF8String(s))
        case .integer(let i): writer.append(DERInteger(i))
        case .real(let text): writer.append(try DERReal(decimalText: text))
        case .date(let text):
            let d = try SampleDate(rfc3339: text).utcComponents
            writer.append(try GeneralizedTime(year: d.year, month: d.month, day: d.day, hour: d.hour,
                                              minute: d.minute, second: d.second, nanoseconds: d.nanoseconds))
        case .dictionary(let entries): try write(entries, into: &writer)
        case .encoded(let bytes): writer.appendEncoded(bytes)
        case .array(let items):
            try writer.appendConstructed(.sequence) { seq in
                for item in items { try write(item, into: &seq) }
            }
        }
    }

    /// A complete, valid heart-rate record written by hand; tests replace or drop entries.
    static let handHeartRateEntries: [(String, Value)] = [
        ("fv", .integer(1)),
        ("t", .string("HKQuantityTypeIdentifierHeartRate")),
        ("v", .real("72")),
        ("u", .string("count/min")),
        ("s", .date(morning)),
        ("e", .date(morning)),
    ]

    /// `handHeartRateEntries` with `key` replaced by `value` (or removed when nil).
    static func heartRateEntries(replacing key: String, with value: Value?) -> [(String, Value)] {
        var entries = handHeartRateEntries.filter { $0.0 != key }
        if let value { entries.append((key, value)) }
        return entries
    }

    // MARK: - Bytes

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
    }

    static func bytes(hex text: String) -> [UInt8] {
        text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
    }

    /// Lower-case hex without separators, as verdicts print key identifiers.
    static func compactHex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

// MARK: - Sample editing

extension Sample {
    /// The wrapped quantity sample, edited in place.
    mutating func editQuantity(_ body: (inout QuantitySample) throws -> Void) throws {
        guard case .quantity(var q) = self else {
            Issue.record("not a quantity sample: \(self)")
            return
        }
        try body(&q)
        self = .quantity(q)
    }

    /// The wrapped category sample, edited in place.
    mutating func editCategory(_ body: (inout CategorySample) throws -> Void) throws {
        guard case .category(var c) = self else {
            Issue.record("not a category sample: \(self)")
            return
        }
        try body(&c)
        self = .category(c)
    }

    /// The wrapped correlation, edited in place.
    mutating func editCorrelation(_ body: (inout Correlation) throws -> Void) throws {
        guard case .correlation(var k) = self else {
            Issue.record("not a correlation: \(self)")
            return
        }
        try body(&k)
        self = .correlation(k)
    }

    /// The wrapped workout, edited in place.
    mutating func editWorkout(_ body: (inout Workout) throws -> Void) throws {
        guard case .workout(var w) = self else {
            Issue.record("not a workout: \(self)")
            return
        }
        try body(&w)
        self = .workout(w)
    }

    /// The device of any kind of sample, settable.
    var editableDevice: Device? {
        get { device }
        set {
            switch self {
            case .quantity(var q): q.device = newValue; self = .quantity(q)
            case .category(var c): c.device = newValue; self = .category(c)
            case .correlation(var k): k.device = newValue; self = .correlation(k)
            case .workout(var w): w.device = newValue; self = .workout(w)
            }
        }
    }
}
