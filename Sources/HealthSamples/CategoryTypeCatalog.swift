/// The category-type catalog: the types of docs/READINGS.md, "Category sample" (mindful
/// sessions among them, which every real export contains). Raw values are HealthKit's (`HKCategoryValue…` enumerations).
extension CategoryType {
    /// `HKCategoryValueNotApplicable` (0), the only value of categories that record just an interval.
    static let notApplicable = Value(0, "notApplicable", "HKCategoryValueNotApplicable")

    /// `HKCategoryTypeIdentifierSleepAnalysis`: in bed, asleep (unspecified, core, deep, REM), awake.
    public static let sleepAnalysis = CategoryType("SleepAnalysis", [
        Value(0, "inBed", "HKCategoryValueSleepAnalysisInBed"),
        // iOS 16 renamed `asleep` to `asleepUnspecified`; older exports write the old label.
        Value(1, "asleepUnspecified", "HKCategoryValueSleepAnalysisAsleepUnspecified",
              aliases: ["HKCategoryValueSleepAnalysisAsleep"]),
        Value(2, "awake", "HKCategoryValueSleepAnalysisAwake"),
        Value(3, "asleepCore", "HKCategoryValueSleepAnalysisAsleepCore"),
        Value(4, "asleepDeep", "HKCategoryValueSleepAnalysisAsleepDeep"),
        Value(5, "asleepREM", "HKCategoryValueSleepAnalysisAsleepREM"),
    ])

    /// `HKCategoryTypeIdentifierAppleStandHour`: stood (0) or idle (1) during an hour.
    public static let appleStandHour = CategoryType("AppleStandHour", [
        Value(0, "stood", "HKCategoryValueAppleStandHourStood"),
        Value(1, "idle", "HKCategoryValueAppleStandHourIdle"),
    ])

    /// `HKCategoryTypeIdentifierCervicalMucusQuality`: dry (1) … egg white (5).
    public static let cervicalMucusQuality = CategoryType("CervicalMucusQuality", [
        Value(1, "dry", "HKCategoryValueCervicalMucusQualityDry"),
        Value(2, "sticky", "HKCategoryValueCervicalMucusQualitySticky"),
        Value(3, "creamy", "HKCategoryValueCervicalMucusQualityCreamy"),
        Value(4, "watery", "HKCategoryValueCervicalMucusQualityWatery"),
        Value(5, "eggWhite", "HKCategoryValueCervicalMucusQualityEggWhite"),
    ])

    /// `HKCategoryTypeIdentifierOvulationTestResult`: negative (1), LH surge (2), indeterminate (3), estrogen surge (4).
    public static let ovulationTestResult = CategoryType("OvulationTestResult", [
        Value(1, "negative", "HKCategoryValueOvulationTestResultNegative"),
        // `positive` was renamed `luteinizingHormoneSurge` in iOS 13.
        Value(2, "luteinizingHormoneSurge", "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge",
              aliases: ["HKCategoryValueOvulationTestResultPositive"]),
        Value(3, "indeterminate", "HKCategoryValueOvulationTestResultIndeterminate"),
        Value(4, "estrogenSurge", "HKCategoryValueOvulationTestResultEstrogenSurge"),
    ])

    /// `HKCategoryTypeIdentifierMenstrualFlow`: unspecified (1), light, medium, heavy, none (5).
    public static let menstrualFlow = CategoryType("MenstrualFlow", [
        Value(1, "unspecified", "HKCategoryValueMenstrualFlowUnspecified"),
        Value(2, "light", "HKCategoryValueMenstrualFlowLight"),
        Value(3, "medium", "HKCategoryValueMenstrualFlowMedium"),
        Value(4, "heavy", "HKCategoryValueMenstrualFlowHeavy"),
        Value(5, "none", "HKCategoryValueMenstrualFlowNone"),
    ])

    /// `HKCategoryTypeIdentifierIntermenstrualBleeding`: not applicable (0) only.
    public static let intermenstrualBleeding = CategoryType("IntermenstrualBleeding", [notApplicable])

    /// `HKCategoryTypeIdentifierSexualActivity`: not applicable (0) only.
    public static let sexualActivity = CategoryType("SexualActivity", [notApplicable])

    /// `HKCategoryTypeIdentifierMindfulSession`: not applicable (0) only (in every real export; export.xml
    /// writes these records without a `value` attribute).
    public static let mindfulSession = CategoryType("MindfulSession", [notApplicable])

    /// Every known category type.
    public static let all: [CategoryType] = [
        .sleepAnalysis, .appleStandHour, .cervicalMucusQuality, .ovulationTestResult,
        .menstrualFlow, .intermenstrualBleeding, .sexualActivity, .mindfulSession,
    ]
}
