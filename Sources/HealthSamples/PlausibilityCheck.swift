/// Refuses readings no body or device could produce (``QuantityType/plausibleRange``, and a
/// blood pressure whose systolic is below its diastolic).
///
/// A rule of signing, not of the sample model: HealthKit itself stores such values, and a
/// verifier reports whether a stored sample is what was signed, not whether it is plausible.
/// A signer refuses them so a wrong unit or a sensor fault is not signed as a medical fact.
public enum PlausibilityCheck {
    /// Every value outside its type's range, with its field (`value`, `objects[1].value`).
    public static func problems(in sample: Sample) -> [SampleValidationError] {
        switch sample {
        case .quantity(let quantitySample):
            return problem(quantitySample.type, quantitySample.quantity, reportingAs: quantitySample.type.identifier,
                           field: "value").map { [$0] } ?? []
        case .category:
            return []
        case .workout:
            // A workout's totals and duration are checked for their dimension and sign by
            // SampleValidator; the ranges of this table are per quantity type, which totals are not.
            return []
        case .correlation(let correlation):
            return correlation.objects.enumerated().compactMap { index, member in
                problem(member.type, member.quantity, reportingAs: correlation.type.identifier, field: "objects[\(index)].value")
            } + (swappedBloodPressure(correlation).map { [$0] } ?? [])
        }
    }

    /// A blood pressure whose systolic is below its diastolic: the two swapped, or one mistyped.
    /// Equal values pass: a very narrow pulse pressure, read by a cuff that rounds (to 1 mmHg,
    /// or 0.5 kPa), can give the same figure twice, and refusing a real reading is worse than
    /// signing an odd one. Compared in the diastolic's unit, so `16 kPa` over `90 mmHg` is caught.
    static func swappedBloodPressure(_ correlation: Correlation) -> SampleValidationError? {
        guard correlation.type == .bloodPressure else { return nil }
        let objects = correlation.objects
        guard let s = objects.firstIndex(where: { $0.type == .bloodPressureSystolic }),
              let d = objects.firstIndex(where: { $0.type == .bloodPressureDiastolic }),
              let systolic = try? objects[s].quantity.doubleValue(in: objects[d].quantity.unit),
              systolic < objects[d].quantity.doubleValue else { return nil }
        return SampleValidationError(typeIdentifier: correlation.type.identifier, field: "objects[\(s)].value",
                                     kind: .systolicBelowDiastolic(systolic: objects[s].quantity.description,
                                                                   diastolic: objects[d].quantity.description))
    }

    /// Throws the first value outside its range.
    public static func check(_ sample: Sample) throws(SampleValidationError) {
        // The first of `problems(in:)`, found without collecting them: this runs for every
        // signed reading.
        switch sample {
        case .quantity(let quantitySample):
            if let problem = problem(quantitySample.type, quantitySample.quantity, reportingAs: quantitySample.type.identifier,
                                     field: "value") {
                throw problem
            }
        case .correlation(let correlation):
            // Only the type and quantity of each member are taken: binding the member to a
            // variable copied it whole (its device, metadata and strings retained).
            for index in correlation.objects.indices {
                if let problem = problem(correlation.objects[index].type, correlation.objects[index].quantity,
                                         reportingAs: correlation.type.identifier, field: "objects[\(index)].value") {
                    throw problem
                }
            }
            if let problem = swappedBloodPressure(correlation) { throw problem }
        case .category, .workout:
            return
        }
    }

    private static func problem(_ type: QuantityType, _ quantity: Quantity, reportingAs identifier: String,
                                field: @autoclosure () -> String) -> SampleValidationError? {
        // The range is copied out only for a problem.
        guard type.accepts(quantity.unit), !type.plausibleRangeContains(quantity), let range = type.plausibleRange else {
            return nil
        }
        return SampleValidationError(typeIdentifier: identifier, field: field(),
                                     kind: .implausibleValue(value: quantity.description, type: type.identifier, range: range))
    }
}
