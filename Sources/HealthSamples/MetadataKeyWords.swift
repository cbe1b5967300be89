/// Predefined metadata keys that carry a reading's clinical context, named in words with the
/// meaning of each of their values (HealthKit's enumerations), for reports people read:
/// `meal time: signed after meal, stored before meal`.
public enum MetadataKeyWords {
    private struct Entry {
        let name: String
        let values: [String: String]
    }

    private static let entries: [String: Entry] = [
        MetadataKey.bloodGlucoseMealTime.storedName: Entry(name: "meal time", values: ["1": "before meal", "2": "after meal"]),
        MetadataKey.wasUserEntered.storedName: Entry(
            name: "entered by hand", values: ["1": "yes", "true": "yes", "0": "no", "false": "no"]),
        MetadataKey.bodyTemperatureSensorLocation.storedName: Entry(name: "temperature sensor location", values: [
            "0": "other", "1": "armpit", "2": "body", "3": "ear", "4": "finger", "5": "gastrointestinal tract", "6": "mouth",
            "7": "rectum", "8": "toe", "9": "ear drum", "10": "temporal artery", "11": "forehead",
        ]),
        MetadataKey.heartRateSensorLocation.storedName: Entry(name: "heart rate sensor location", values: [
            "0": "other", "1": "chest", "2": "wrist", "3": "finger", "4": "hand", "5": "ear lobe", "6": "foot",
        ]),
        MetadataKey.heartRateMotionContext.storedName: Entry(
            name: "motion context", values: ["0": "not set", "1": "sedentary", "2": "active"]),
        MetadataKey.insulinDeliveryReason.storedName: Entry(name: "insulin delivery reason", values: ["1": "basal", "2": "bolus"]),
        MetadataKey.vo2MaxTestType.storedName: Entry(name: "VO2 max test", values: [
            "1": "maximal exercise", "2": "predicted from sub-maximal exercise", "3": "predicted without exercise",
        ]),
        MetadataKey.referenceRangeLowerLimit.storedName: Entry(name: "reference range lower limit", values: [:]),
        MetadataKey.referenceRangeUpperLimit.storedName: Entry(name: "reference range upper limit", values: [:]),
    ]

    /// The key (either spelling) in words, or `nil` for a key without words here.
    public static func name(of key: String) -> String? { entries[MetadataKey.storedName(for: key)]?.name }

    /// The value `text` (as a report writes it: `2`, `true`) of `key` in words, or `text` itself
    /// when the key or the value has none.
    public static func value(_ text: String, of key: String) -> String {
        entries[MetadataKey.storedName(for: key)]?.values[text] ?? text
    }
}
