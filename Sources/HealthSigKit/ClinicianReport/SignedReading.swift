import HealthSamples
import SampleSigning

/// The reading a report or a FHIR export may present as a measurement, and how it relates to
/// what was stored (docs/REPORT.md, docs/FHIR.md).
///
/// An altered reading's stored values are not the measurement: the signed record is, and the
/// verifier has it. So a `content-mismatch` reading is presented at its signed values, built
/// here from the record alone (nothing stored leaks into it), and its stored values appear only
/// beside it, as what was altered.
enum SignedReading {
    /// What a decided sample may be presented as.
    enum Presented {
        /// `valid`: the stored sample is the signed one (every signed field matched).
        case authentic(Sample)
        /// `content-mismatch` with a signed record: the sample as signed; `stored` is what the
        /// input holds instead (nil when the stored item was not a valid sample).
        case altered(signed: Sample, stored: Sample?)
        /// `content-mismatch` without a signed record that can be shown (a batch conflict, an
        /// index mismatch): no authentic value is known, and the stored one is altered.
        case alteredWithoutSignedValue(stored: Sample?)
        /// Unsigned, or signed but not checkable: the stored values, unverified.
        case unverified(Sample?)

        /// The sample to present as a measurement, if any: never a stored value that differs
        /// from its signature, never an unverified one.
        var measurement: Sample? {
            switch self {
            case .authentic(let sample): sample
            case .altered(let signed, _): signed
            case .alteredWithoutSignedValue, .unverified: nil
            }
        }
    }

    /// What `verdict` allows of `stored`.
    static func presented(stored: Sample?, verdict: SampleVerdict) -> Presented {
        switch verdict.kind {
        case .valid:
            guard let stored else { return .unverified(nil) }
            return .authentic(stored)
        case .contentMismatch:
            guard let record = verdict.record, let signed = sample(from: record) else {
                return .alteredWithoutSignedValue(stored: stored)
            }
            return .altered(signed: signed, stored: stored)
        case .unsigned, .malformed, .badSignature, .untrustedSigner, .revoked:
            return .unverified(stored)
        }
    }

    /// The sample a signed record describes: its type, values, units, dates and device, with no
    /// uuid and no metadata (neither is needed to present the measurement). `nil` when the record
    /// names a type or unit this model does not know.
    static func sample(from record: SignedRecord) -> Sample? {
        let device = record.device.flatMap { $0.isEmpty ? nil : $0 }
        if let type = QuantityType.named(record.type) {
            guard let quantity = quantity(record) else { return nil }
            return .quantity(QuantitySample(type: type, quantity: quantity, startDate: record.startDate,
                                            endDate: record.endDate, device: device))
        }
        if let type = CategoryType.named(record.type) {
            guard let value = record.categoryValue else { return nil }
            return .category(CategorySample(type: type, value: value, startDate: record.startDate,
                                            endDate: record.endDate, device: device))
        }
        if let type = CorrelationType.named(record.type) {
            var objects: [QuantitySample] = []
            for object in record.objects {
                guard let memberType = QuantityType.named(object.type), let quantity = quantity(object) else { return nil }
                objects.append(QuantitySample(type: memberType, quantity: quantity, startDate: object.startDate,
                                              endDate: object.endDate))
            }
            return .correlation(Correlation(type: type, startDate: record.startDate, endDate: record.endDate,
                                            objects: objects, device: device))
        }
        if record.type == Workout.typeIdentifier, let signed = record.workout,
           let activity = WorkoutActivityType.withRawValue(signed.activityType) {
            var totals: [WorkoutTotal: Quantity] = [:]
            for (total, value) in signed.totals {
                guard let unit = try? HealthUnit(value.unit) else { return nil }
                totals[total] = Quantity(value: value.value, unit: unit)
            }
            return .workout(Workout(activityType: activity, startDate: record.startDate, endDate: record.endDate,
                                    duration: Quantity(value: signed.duration, unit: .second), totals: totals, device: device))
        }
        return nil
    }

    /// Whether the sample (or a correlation's member) is marked `HKWasUserEntered` true: a value
    /// typed in by hand, which `sign` refuses, so it is never signed.
    static func isEnteredByHand(_ sample: Sample) -> Bool {
        if sample.metadata[MetadataKey.wasUserEntered]?.boolValue == true { return true }
        if case .correlation(let c) = sample {
            return c.objects.contains { $0.metadata[MetadataKey.wasUserEntered]?.boolValue == true }
        }
        return false
    }

    private static func quantity(_ record: SignedRecord) -> Quantity? {
        guard let value = record.quantityValue, let unitText = record.unit, let unit = try? HealthUnit(unitText) else { return nil }
        return Quantity(value: value, unit: unit)
    }
}
