/// "Did you mean …" for a unit string HealthKit does not accept.
public enum UnitSuggestion {
    /// Spellings people write that HealthKit spells otherwise. Case matters in HealthKit's units
    /// (`mg/dL`, `degF`), and symbols such as `°F` or `bpm` are not units there at all.
    static let aliases: [String: String] = [
        "F": "degF", "°F": "degF", "℉": "degF", "degf": "degF", "fahrenheit": "degF",
        "C": "degC", "°C": "degC", "℃": "degC", "degc": "degC", "celsius": "degC",
        "bpm": "count/min", "beats/min": "count/min", "/min": "count/min", "breaths/min": "count/min",
        "mg/dl": "mg/dL",
        "percent": "%", "pct": "%",
        "kgs": "kg", "lbs": "lb", "mm Hg": "mmHg", "mmhg": "mmHg",
        "steps": "count", "sec": "s", "h": "hr", "hour": "hr", "l": "L", "ml": "mL", "dl": "dL",
    ]

    /// Unit strings of the catalog's types and the usual alternatives, for case and typo matches.
    static let knownUnits: [String] = {
        var units = QuantityType.all.map(\.canonicalUnit.unitString)
        units += ["mg/dL", "mmol<180.15588000005408>/L", "degC", "degF", "K", "kg", "g", "lb", "st", "oz",
                  "m", "cm", "mm", "km", "in", "ft", "mi", "L", "mL", "dL", "mmHg", "kPa", "count/min",
                  "count/s", "kcal", "Cal", "kJ", "min", "hr", "s", "ms", "%", "count", "m/s", "km/hr"]
        var seen = Set<String>()
        return units.filter { seen.insert($0).inserted }
    }()

    /// The unit string `text` was probably meant to be, or nil when none is close: a known
    /// alias, the same text in another case, then the closest known unit within 2 edits.
    public static func suggestion(for text: String) -> String? {
        if let alias = aliases[text] { return alias }
        let lowered = text.lowercased()
        if let match = knownUnits.first(where: { $0.lowercased() == lowered }) { return match }
        // One- and two-character strings are a single edit from many units: no guess for them.
        let length = text.unicodeScalars.count
        guard length > 2 else { return nil }
        return EditDistance.closest(to: text, among: knownUnits, limit: length > 4 ? 2 : 1)
    }
}
