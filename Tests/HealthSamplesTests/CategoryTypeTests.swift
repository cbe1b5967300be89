import Testing
@testable import HealthSamples

/// Category enumerations: raw values, export labels and their aliases; correlation types.
@Suite struct CategoryTypeTests {
    /// Every (type, raw value, export label) from HealthKit's enumerations, transcribed.
    static let labels: [(CategoryType, Int, String)] = [
        (.sleepAnalysis, 0, "HKCategoryValueSleepAnalysisInBed"),
        (.sleepAnalysis, 1, "HKCategoryValueSleepAnalysisAsleepUnspecified"),
        (.sleepAnalysis, 2, "HKCategoryValueSleepAnalysisAwake"),
        (.sleepAnalysis, 3, "HKCategoryValueSleepAnalysisAsleepCore"),
        (.sleepAnalysis, 4, "HKCategoryValueSleepAnalysisAsleepDeep"),
        (.sleepAnalysis, 5, "HKCategoryValueSleepAnalysisAsleepREM"),
        (.appleStandHour, 0, "HKCategoryValueAppleStandHourStood"),
        (.appleStandHour, 1, "HKCategoryValueAppleStandHourIdle"),
        (.cervicalMucusQuality, 1, "HKCategoryValueCervicalMucusQualityDry"),
        (.cervicalMucusQuality, 2, "HKCategoryValueCervicalMucusQualitySticky"),
        (.cervicalMucusQuality, 3, "HKCategoryValueCervicalMucusQualityCreamy"),
        (.cervicalMucusQuality, 4, "HKCategoryValueCervicalMucusQualityWatery"),
        (.cervicalMucusQuality, 5, "HKCategoryValueCervicalMucusQualityEggWhite"),
        (.ovulationTestResult, 1, "HKCategoryValueOvulationTestResultNegative"),
        (.ovulationTestResult, 2, "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge"),
        (.ovulationTestResult, 3, "HKCategoryValueOvulationTestResultIndeterminate"),
        (.ovulationTestResult, 4, "HKCategoryValueOvulationTestResultEstrogenSurge"),
        (.menstrualFlow, 1, "HKCategoryValueMenstrualFlowUnspecified"),
        (.menstrualFlow, 2, "HKCategoryValueMenstrualFlowLight"),
        (.menstrualFlow, 3, "HKCategoryValueMenstrualFlowMedium"),
        (.menstrualFlow, 4, "HKCategoryValueMenstrualFlowHeavy"),
        (.menstrualFlow, 5, "HKCategoryValueMenstrualFlowNone"),
        (.intermenstrualBleeding, 0, "HKCategoryValueNotApplicable"),
        (.sexualActivity, 0, "HKCategoryValueNotApplicable"),
        (.mindfulSession, 0, "HKCategoryValueNotApplicable"),
    ]

    @Test(arguments: labels)
    func labelsMapToRawValuesAndBack(_ type: CategoryType, _ rawValue: Int, _ label: String) {
        #expect(type.rawValue(forLabel: label) == rawValue)
        #expect(type.label(forRawValue: rawValue) == label)
        #expect(type.allows(rawValue))
    }

    @Test func everyValueIsTranscribed() {
        for type in CategoryType.all {
            #expect(type.values.count == Self.labels.filter { $0.0 == type }.count, "\(type)")
        }
    }

    @Test func olderLabelsAreAliases() {
        #expect(CategoryType.sleepAnalysis.rawValue(forLabel: "HKCategoryValueSleepAnalysisAsleep") == 1)
        #expect(CategoryType.ovulationTestResult.rawValue(forLabel: "HKCategoryValueOvulationTestResultPositive") == 2)
        // The current label is what gets written back.
        #expect(CategoryType.sleepAnalysis.label(forRawValue: 1) == "HKCategoryValueSleepAnalysisAsleepUnspecified")
    }

    @Test func labelsBelongToTheirCategory() {
        #expect(CategoryType.appleStandHour.rawValue(forLabel: "HKCategoryValueSleepAnalysisInBed") == nil)
        #expect(CategoryType.sleepAnalysis.rawValue(forLabel: "HKCategoryValueNotApplicable") == nil)
        #expect(CategoryType.sleepAnalysis.label(forRawValue: 6) == nil)
        #expect(!CategoryType.menstrualFlow.allows(0))
        #expect(CategoryType.cervicalMucusQuality.allowedRawValues == [1, 2, 3, 4, 5])
    }

    @Test func lookupByIdentifier() {
        for type in CategoryType.all {
            #expect(CategoryType.named(type.identifier) == type)
            #expect(type.identifier == "HKCategoryTypeIdentifier" + type.shortName)
        }
        #expect(CategoryType.named("HKCategoryTypeIdentifierSleepAnalysis") == .sleepAnalysis)
        #expect(CategoryType.named("SleepAnalysis") == nil)
        #expect(CategoryType.sleepAnalysis.value(forRawValue: 5)?.name == "asleepREM")
    }

    @Test func correlationTypes() {
        #expect(CorrelationType.named("HKCorrelationTypeIdentifierBloodPressure") == .bloodPressure)
        #expect(CorrelationType.named("HKCorrelationTypeIdentifierFood") == .food)
        #expect(CorrelationType.named("BloodPressure") == nil)
        #expect(CorrelationType.bloodPressure.identifier == "HKCorrelationTypeIdentifierBloodPressure")
    }
}
