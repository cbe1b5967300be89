import HealthSamples
import SampleSigning

/// Units and values in the words clinicians write (docs/REPORT.md, "Clinical words and units"):
/// `bpm`, `°C`, `mmol/L`, SpO2 as a percentage, never HealthKit's `count/min`, `degC`,
/// `mmol<180.155…>/L` or a fraction for `%`. Only what the page shows changes; the values are
/// converted exactly (percent is a power-of-ten shift of the decimal).
enum ClinicalUnits {
    /// Types whose `count/min` is a heart rate.
    static let heartRateTypes: Set<String> = [
        "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierRestingHeartRate",
        "HKQuantityTypeIdentifierWalkingHeartRateAverage",
    ]

    /// The unit as shown for a reading of `type` (a HealthKit type identifier, when known).
    static func unit(_ unitString: String, type: String?) -> String {
        switch unitString {
        case "count/min":
            if let type, heartRateTypes.contains(type) { return "bpm" }
            if type == "HKQuantityTypeIdentifierRespiratoryRate" { return "breaths/min" }
            return "/min"
        case "degC": return "°C"
        case "degF": return "°F"
        case "count" where type == "HKQuantityTypeIdentifierBodyMassIndex": return "kg/m²"
        case "hr": return "h"
        default: return TableCellText.unit(unitString)
        }
    }

    /// `91 %` for HealthKit's `0.91 %`, `38.2 °C` for `38.2 degC`, `72 bpm` for a heart rate's
    /// `72 count/min`: a stored or signed "value unit" text as a clinician reads it. Text that is
    /// not a value and a unit (a date, a device field, `(absent)`) is returned with its units
    /// readable and nothing else changed.
    static func value(_ text: String, type: String?) -> String {
        guard let quantity = try? Quantity(parsing: text) else { return TableCellText.unitsReadable(text) }
        var value = quantity.value
        if quantity.unit.unitString == "%" { value *= 100 }
        return DecimalText.format(value) + " " + unit(quantity.unit.unitString, type: type)
    }

    /// The type a field of a reading of `type` measures: a correlation member's own type.
    static func fieldType(_ path: String, readingType: String, record: SignedRecord?) -> String {
        guard path.hasPrefix("objects["), let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(path.startIndex, offsetBy: 8)..<close]),
              let record, index < record.objects.count else { return readingType }
        return record.objects[index].type
    }
}
