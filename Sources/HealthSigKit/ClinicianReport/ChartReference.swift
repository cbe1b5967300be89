import HealthSamples

/// The reference a clinician reads a chart against: the home blood-pressure threshold
/// 135/85 mmHg (ESH 2023, AHA 2017), the glucose target range 70–180 mg/dL (3.9–10.0 mmol/L,
/// the AGP's own cut-offs), SpO2 92 % and a temperature of 38.0 °C (100.4 °F), in the chart's
/// unit. A band is shaded, a threshold is a dashed line; both are labelled on the chart.
struct ChartReference {
    struct Band { let low: Double, high: Double, label: String }
    struct Line { let value: Double, label: String }

    var bands: [Band] = []
    var lines: [Line] = []

    /// Every value the value axis must show, so the reference is always on the chart.
    var values: [Double] { bands.flatMap { [$0.low, $0.high] } + lines.map(\.value) }

    /// The reference of a chart of `type` drawn in `unit` (HealthKit's `%` drawn as percent);
    /// none for other types or a unit the reference cannot be given in.
    static func of(type: String, unit: HealthUnit) -> ChartReference {
        var reference = ChartReference()
        switch type {
        case "HKCorrelationTypeIdentifierBloodPressure":
            if let systolic = convert(135, from: .millimetersOfMercury, to: unit),
               let diastolic = convert(85, from: .millimetersOfMercury, to: unit) {
                reference.lines = [Line(value: systolic, label: "135 home"), Line(value: diastolic, label: "85 home")]
            }
        case "HKQuantityTypeIdentifierBloodGlucose":
            if unit.unitString.hasPrefix("mmol") {
                reference.bands = [Band(low: 3.9, high: 10.0, label: "3.9–10.0")]
            } else if let low = convert(70, from: .milligramsPerDeciliter, to: unit),
                      let high = convert(180, from: .milligramsPerDeciliter, to: unit) {
                reference.bands = [Band(low: low, high: high, label: "70–180")]
            }
        case "HKQuantityTypeIdentifierOxygenSaturation":
            if unit.unitString == "%" { reference.lines = [Line(value: 92, label: "92 %")] }
        case "HKQuantityTypeIdentifierBodyTemperature":
            if unit.unitString == "degF" {
                reference.lines = [Line(value: 100.4, label: "100.4 °F")]
            } else if let fever = convert(38, from: .degreeCelsius, to: unit) {
                reference.lines = [Line(value: fever, label: "38 °C")]
            }
        default:
            break
        }
        return reference
    }

    private static func convert(_ value: Double, from: HealthUnit, to unit: HealthUnit) -> Double? {
        if from == unit { return value }
        guard from.isCompatible(with: unit), let converted = try? from.convert(value, to: unit), converted.isFinite else { return nil }
        return converted
    }
}
