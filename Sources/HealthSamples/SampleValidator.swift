/// Checks the rules HealthKit enforces when a sample is saved, so a reader or signer can reject a
/// bad sample with a precise field path instead of producing a record HealthKit would refuse.
///
/// Rules: the unit's dimension matches the quantity type; the value is a number; the end is not
/// before the start; a category value is in its enumeration; a blood-pressure correlation holds
/// exactly one systolic and one diastolic sample; a food correlation holds only nutrition samples;
/// members lie within their correlation's interval; each member passes the quantity rules; and no
/// predefined metadata key is given under both its spellings (a key repeated under one spelling
/// is left alone: real export.xml files repeat keys, and the verifier compares every copy).
/// Workouts (in the workout extension of this type): dates, the duration, the totals' units, the
/// events, and the values of the workout metadata keys.
/// Not checked here: value ranges (a reader must accept what a store holds; the signer refuses
/// impossible values with ``PlausibilityCheck``) and metadata value types.
public enum SampleValidator {
    /// Throws the first problem found, in the order of ``problems(in:)``.
    public static func validate(_ sample: Sample) throws(SampleValidationError) {
        if let first = problems(in: sample).first { throw first }
    }

    /// Every problem with the sample, in field order (members after the correlation's own fields).
    public static func problems(in sample: Sample) -> [SampleValidationError] {
        var problems: [SampleValidationError] = []
        switch sample {
        case .quantity(let quantitySample): checkTopLevel(quantitySample, into: &problems)
        case .category(let categorySample): checkTopLevel(categorySample, into: &problems)
        case .correlation(let correlation): check(correlation, into: &problems)
        case .workout(let workout): check(workout, into: &problems)
        }
        return problems
    }

    // A reader that builds a sample from its parts checks it before wrapping it in a ``Sample``:
    // taking it back out of the enum copies it, retaining every string in it.

    /// ``validate(_:)`` of `.quantity(sample)`.
    public static func validate(_ sample: QuantitySample) throws(SampleValidationError) {
        var problems: [SampleValidationError] = []
        checkTopLevel(sample, into: &problems)
        if let first = problems.first { throw first }
    }

    /// ``validate(_:)`` of `.category(sample)`.
    public static func validate(_ sample: CategorySample) throws(SampleValidationError) {
        var problems: [SampleValidationError] = []
        checkTopLevel(sample, into: &problems)
        if let first = problems.first { throw first }
    }

    /// ``validate(_:)`` of `.correlation(correlation)`.
    public static func validate(_ correlation: Correlation) throws(SampleValidationError) {
        var problems: [SampleValidationError] = []
        check(correlation, into: &problems)
        if let first = problems.first { throw first }
    }

    private static func checkTopLevel(_ sample: QuantitySample, into problems: inout [SampleValidationError]) {
        check(sample, reportingAs: sample.type.identifier, prefix: "", into: &problems)
    }

    private static func checkTopLevel(_ sample: CategorySample, into problems: inout [SampleValidationError]) {
        check(sample, into: &problems)
        checkSpellings(sample.metadata, reportingAs: sample.type.identifier, prefix: "", into: &problems)
    }

    /// A predefined key under two spellings has two values where HealthKit holds one: a signer and
    /// a reader could each take a different one.
    /// `prefix` (the path of the object holding `metadata`) is made only for a problem.
    static func checkSpellings(_ metadata: Metadata, reportingAs identifier: String, prefix: @autoclosure () -> String,
                                       into problems: inout [SampleValidationError]) {
        // Hot path (every record of a multi-gigabyte export is validated): a pair needs an SDK
        // constant name, and those all start with `HKMetadataKey`, so most samples stop here.
        guard metadata.entries.count > 1, mayHoldTwoSpellings(metadata) else { return }
        // The first spelling of each stored name, searched linearly: metadata holds a handful of
        // entries, and a dictionary cost more than the search (a large one falls back to it).
        var spellings: [(stored: String, key: String)] = []
        var index: [String: String] = [:]
        let indexed = metadata.entries.count > 16
        for entry in metadata.entries {
            let stored = MetadataKey.storedName(for: entry.key)
            let earlier = indexed ? index[stored] : spellings.first { $0.stored == stored }?.key
            if let earlier {
                if earlier != entry.key {
                    problems.append(SampleValidationError(typeIdentifier: identifier, field: prefix() + "metadata." + entry.key,
                                                          kind: .metadataKeyTwice(earlier: earlier)))
                }
            } else if indexed {
                index[stored] = entry.key
            } else {
                spellings.append((stored, entry.key))
            }
        }
    }

    /// False when no two entries of `metadata` can be two spellings of one key; true when they
    /// may be, and ``checkSpellings(_:reportingAs:prefix:into:)`` then compares every pair.
    ///
    /// A pair needs an entry under an SDK constant name (all start with `HKMetadataKey`) whose
    /// stored name differs from it. Signed metadata often holds one (a serial number, say) next
    /// to `HKDigitalSignature`; when it is the only such key, the pair also needs an entry under
    /// its stored name, which one comparison a key rules out without looking more names up.
    /// That holds for ASCII keys, where equal Strings are equal bytes; a non-ASCII key might
    /// equal a predefined name canonically, so any sends the metadata to the full comparison.
    /// Each key is classified from its bytes in one pass (``ASCIIKeyText/spelling(of:)``):
    /// asking the String questions one by one cost some 400 instructions a key, and every
    /// signed or verified reading has two keys or more.
    private static func mayHoldTwoSpellings(_ metadata: Metadata) -> Bool {
        var renamed: (key: String, stored: String)?
        // By index, taking only the key: binding each entry copied its value too.
        for index in metadata.entries.indices {
            var key = metadata.entries[index].key
            switch key.withUTF8({ ASCIIKeyText.spelling(of: $0) }) {
            case .nonASCII:
                return true
            case .plain:
                continue
            case .renamed(let stored):
                if let renamed, renamed.key != key { return true }
                renamed = (key, stored)
            }
        }
        guard let renamed else { return false }
        return metadata.entries.contains { $0.key == renamed.stored }
    }

    /// `prefix` (a correlation member's path) is made only for a problem: every member of every
    /// correlation read is checked, and nearly all are fine.
    private static func check(_ sample: QuantitySample, reportingAs identifier: String, prefix: @autoclosure () -> String,
                              into problems: inout [SampleValidationError]) {
        checkQuantitySample(type: sample.type, quantity: sample.quantity, startDate: sample.startDate,
                            endDate: sample.endDate, metadata: sample.metadata, reportingAs: identifier,
                            prefix: prefix(), into: &problems)
    }

    /// ``validate(_:)`` of the quantity sample these parts make (its uuid and device are not
    /// checked), for a reader that checks them before making the sample: the sample is then
    /// made once, in place, rather than made, checked and copied into its ``Sample``.
    package static func validateQuantitySample(type: QuantityType, quantity: Quantity, startDate: SampleDate,
                                               endDate: SampleDate, metadata: Metadata) throws(SampleValidationError) {
        var problems: [SampleValidationError] = []
        checkQuantitySample(type: type, quantity: quantity, startDate: startDate, endDate: endDate, metadata: metadata,
                            reportingAs: type.identifier, prefix: "", into: &problems)
        if let first = problems.first { throw first }
    }

    private static func checkQuantitySample(type: QuantityType, quantity: Quantity, startDate: SampleDate, endDate: SampleDate,
                                            metadata: Metadata, reportingAs identifier: String, prefix: @autoclosure () -> String,
                                            into problems: inout [SampleValidationError]) {
        func report(_ field: String, _ kind: SampleValidationError.Kind) {
            problems.append(SampleValidationError(typeIdentifier: identifier, field: prefix() + field, kind: kind))
        }
        if quantity.value.isNaN { report("value", .nonFiniteValue) }
        if !type.accepts(quantity.unit) {
            report("unit", .unitIncompatible(unit: quantity.unit.unitString, type: type.identifier, expected: type.dimension))
        }
        if endDate < startDate {
            report("endDate", .endBeforeStart(start: startDate, end: endDate))
        }
        checkSpellings(metadata, reportingAs: identifier, prefix: prefix(), into: &problems)
    }

    private static func check(_ sample: CategorySample, into problems: inout [SampleValidationError]) {
        let identifier = sample.type.identifier
        if !sample.type.allows(sample.value) {
            problems.append(SampleValidationError(typeIdentifier: identifier, field: "value",
                                                  kind: .categoryValueOutOfRange(value: sample.value, allowed: sample.type.allowedRawValues)))
        }
        if sample.endDate < sample.startDate {
            problems.append(SampleValidationError(typeIdentifier: identifier, field: "endDate",
                                                  kind: .endBeforeStart(start: sample.startDate, end: sample.endDate)))
        }
    }

    private static func check(_ correlation: Correlation, into problems: inout [SampleValidationError]) {
        let identifier = correlation.type.identifier
        func report(_ field: String, _ kind: SampleValidationError.Kind) {
            problems.append(SampleValidationError(typeIdentifier: identifier, field: field, kind: kind))
        }
        if correlation.endDate < correlation.startDate {
            report("endDate", .endBeforeStart(start: correlation.startDate, end: correlation.endDate))
        }
        checkSpellings(correlation.metadata, reportingAs: identifier, prefix: "", into: &problems)

        // The members are read in place: binding each to a variable copied it whole (its
        // device, metadata and every string in them retained, then released).
        correlation.objects.withUnsafeBufferPointer { objects in
            switch correlation.type {
            case .bloodPressure:
                var systolicSeen = false
                var diastolicSeen = false
                for index in objects.indices {
                    switch objects[index].type {
                    case .bloodPressureSystolic:
                        if systolicSeen { report("objects[\(index)].type", .incompleteBloodPressure(reason: .extraSystolic)) }
                        systolicSeen = true
                    case .bloodPressureDiastolic:
                        if diastolicSeen { report("objects[\(index)].type", .incompleteBloodPressure(reason: .extraDiastolic)) }
                        diastolicSeen = true
                    default:
                        report("objects[\(index)].type",
                               .incompleteBloodPressure(reason: .unexpectedType(identifier: objects[index].type.identifier)))
                    }
                }
                if !systolicSeen { report("objects", .incompleteBloodPressure(reason: .missingSystolic)) }
                if !diastolicSeen { report("objects", .incompleteBloodPressure(reason: .missingDiastolic)) }
            case .food:
                for index in objects.indices where !objects[index].type.isDietary {
                    report("objects[\(index)].type", .foodObjectNotDietary(identifier: objects[index].type.identifier))
                }
            }

            for index in objects.indices {
                check(objects[index], reportingAs: identifier, prefix: "objects[\(index)].", into: &problems)
                if objects[index].startDate < correlation.startDate {
                    report("objects[\(index)].startDate", .objectOutsideCorrelationInterval)
                }
                if objects[index].endDate > correlation.endDate {
                    report("objects[\(index)].endDate", .objectOutsideCorrelationInterval)
                }
            }
        }
    }
}
