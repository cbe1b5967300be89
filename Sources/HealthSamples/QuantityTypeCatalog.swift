/// The quantity-type catalog: the core HealthKit types (body, fitness, vitals, results,
/// nutrition: docs/READINGS.md, "Quantity types", `BodyMassIndex` to `DietaryWater`), plus
/// ``commonExtras``, types that are frequent in real Health exports (the rest of that table).
///
/// Units are checked by dimension only, as HealthKit does; `canonicalUnit` is the unit HealthKit
/// usually reports the type in (nutrients: g for macronutrients, mg or mcg for micronutrients).
extension QuantityType {
    // MARK: Body

    /// `HKQuantityTypeIdentifierBodyMassIndex`: body-mass index (count, discrete, usually `count`).
    public static let bodyMassIndex = QuantityType(
        "BodyMassIndex", .count, .discrete, .count, plausible: .within(.bodyMassIndex))
    /// `HKQuantityTypeIdentifierBodyFatPercentage`: body fat percentage (percent, discrete, usually `%`).
    public static let bodyFatPercentage = QuantityType(
        "BodyFatPercentage", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierHeight`: height (length, discrete, usually `m`).
    public static let height = QuantityType("Height", .length, .discrete, .meter, plausible: .within(.height))
    /// `HKQuantityTypeIdentifierBodyMass`: body mass (mass, discrete, usually `kg`).
    public static let bodyMass = QuantityType("BodyMass", .mass, .discrete, .kilogram, plausible: .within(.bodyMass))
    /// `HKQuantityTypeIdentifierLeanBodyMass`: lean body mass (mass, discrete, usually `kg`).
    public static let leanBodyMass = QuantityType(
        "LeanBodyMass", .mass, .discrete, .kilogram, plausible: .within(.bodyMass))

    // MARK: Fitness

    /// `HKQuantityTypeIdentifierStepCount`: step count (count, cumulative, usually `count`).
    public static let stepCount = QuantityType("StepCount", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierDistanceWalkingRunning`: distance walked or run (length, cumulative, usually `m`).
    public static let distanceWalkingRunning = QuantityType("DistanceWalkingRunning", .length, .cumulative, .meter)
    /// `HKQuantityTypeIdentifierDistanceCycling`: distance cycled (length, cumulative, usually `m`).
    public static let distanceCycling = QuantityType("DistanceCycling", .length, .cumulative, .meter)
    /// `HKQuantityTypeIdentifierBasalEnergyBurned`: resting energy burned (energy, cumulative, usually `kcal`).
    public static let basalEnergyBurned = QuantityType("BasalEnergyBurned", .energy, .cumulative, .kilocalorie)
    /// `HKQuantityTypeIdentifierActiveEnergyBurned`: active energy burned (energy, cumulative, usually `kcal`).
    public static let activeEnergyBurned = QuantityType("ActiveEnergyBurned", .energy, .cumulative, .kilocalorie)
    /// `HKQuantityTypeIdentifierFlightsClimbed`: flights of stairs climbed (count, cumulative, usually `count`).
    public static let flightsClimbed = QuantityType("FlightsClimbed", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierNikeFuel`: NikeFuel points (count, cumulative, usually `count`).
    public static let nikeFuel = QuantityType("NikeFuel", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierAppleExerciseTime`: exercise time (time, cumulative, usually `min`).
    public static let appleExerciseTime = QuantityType("AppleExerciseTime", .time, .cumulative, .minute)

    // MARK: Vitals

    /// `HKQuantityTypeIdentifierHeartRate`: heart rate (countPerTime, discrete, usually `count/min`).
    public static let heartRate = QuantityType(
        "HeartRate", .countPerTime, .discrete, .countPerMinute, plausible: .within(.heartRate))
    /// `HKQuantityTypeIdentifierBodyTemperature`: body temperature (temperature, discrete, usually `degC`).
    public static let bodyTemperature = QuantityType(
        "BodyTemperature", .temperature, .discrete, .degreeCelsius, plausible: .within(.bodyTemperature))
    /// `HKQuantityTypeIdentifierBasalBodyTemperature`: basal body temperature (temperature, discrete, usually `degC`).
    public static let basalBodyTemperature = QuantityType(
        "BasalBodyTemperature", .temperature, .discrete, .degreeCelsius, plausible: .within(.bodyTemperature))
    /// `HKQuantityTypeIdentifierBloodPressureSystolic`: systolic blood pressure (pressure, discrete, usually `mmHg`).
    public static let bloodPressureSystolic = QuantityType(
        "BloodPressureSystolic", .pressure, .discrete, .millimetersOfMercury, plausible: .within(.bloodPressure))
    /// `HKQuantityTypeIdentifierBloodPressureDiastolic`: diastolic blood pressure (pressure, discrete, usually `mmHg`).
    public static let bloodPressureDiastolic = QuantityType(
        "BloodPressureDiastolic", .pressure, .discrete, .millimetersOfMercury, plausible: .within(.bloodPressure))
    /// `HKQuantityTypeIdentifierRespiratoryRate`: respiratory rate (countPerTime, discrete, usually `count/min`).
    public static let respiratoryRate = QuantityType(
        "RespiratoryRate", .countPerTime, .discrete, .countPerMinute, plausible: .within(.respiratoryRate))

    // MARK: Results

    /// `HKQuantityTypeIdentifierOxygenSaturation`: blood oxygen saturation (percent, discrete, usually `%`).
    public static let oxygenSaturation = QuantityType(
        "OxygenSaturation", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierPeripheralPerfusionIndex`: peripheral perfusion index (percent, discrete, usually `%`).
    public static let peripheralPerfusionIndex = QuantityType(
        "PeripheralPerfusionIndex", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierBloodGlucose`: blood glucose (massPerVolume, discrete, usually `mg/dL`).
    public static let bloodGlucose = QuantityType(
        "BloodGlucose", .massPerVolume, .discrete, .milligramsPerDeciliter, plausible: .within(.bloodGlucose))
    /// `HKQuantityTypeIdentifierNumberOfTimesFallen`: number of falls (count, cumulative, usually `count`).
    public static let numberOfTimesFallen = QuantityType("NumberOfTimesFallen", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierElectrodermalActivity`: electrodermal activity (skin conductance) (conductance, discrete, usually `mcS`).
    public static let electrodermalActivity = QuantityType(
        "ElectrodermalActivity", .conductance, .discrete, .microsiemens)
    /// `HKQuantityTypeIdentifierInhalerUsage`: inhaler puffs (count, cumulative, usually `count`).
    public static let inhalerUsage = QuantityType("InhalerUsage", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierBloodAlcoholContent`: blood alcohol content (percent, discrete, usually `%`).
    public static let bloodAlcoholContent = QuantityType(
        "BloodAlcoholContent", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierForcedVitalCapacity`: forced vital capacity (volume, discrete, usually `L`).
    public static let forcedVitalCapacity = QuantityType("ForcedVitalCapacity", .volume, .discrete, .liter)
    /// `HKQuantityTypeIdentifierForcedExpiratoryVolume1`: forced expiratory volume in one second (volume, discrete, usually `L`).
    public static let forcedExpiratoryVolume1 = QuantityType("ForcedExpiratoryVolume1", .volume, .discrete, .liter)
    /// `HKQuantityTypeIdentifierPeakExpiratoryFlowRate`: peak expiratory flow rate (volumePerTime, discrete, usually `L/min`).
    public static let peakExpiratoryFlowRate = QuantityType(
        "PeakExpiratoryFlowRate", .volumePerTime, .discrete, .litersPerMinute)
    /// `HKQuantityTypeIdentifierUVExposure`: UV index exposure (count, discrete, usually `count`).
    public static let uvExposure = QuantityType("UVExposure", .count, .discrete, .count)

    // MARK: Nutrition

    /// `HKQuantityTypeIdentifierDietaryFatTotal`: dietary fat total (mass, cumulative, usually `g`).
    public static let dietaryFatTotal = QuantityType("DietaryFatTotal", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryFatPolyunsaturated`: dietary fat polyunsaturated (mass, cumulative, usually `g`).
    public static let dietaryFatPolyunsaturated = QuantityType("DietaryFatPolyunsaturated", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryFatMonounsaturated`: dietary fat monounsaturated (mass, cumulative, usually `g`).
    public static let dietaryFatMonounsaturated = QuantityType("DietaryFatMonounsaturated", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryFatSaturated`: dietary fat saturated (mass, cumulative, usually `g`).
    public static let dietaryFatSaturated = QuantityType("DietaryFatSaturated", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryCholesterol`: dietary cholesterol (mass, cumulative, usually `mg`).
    public static let dietaryCholesterol = QuantityType("DietaryCholesterol", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietarySodium`: dietary sodium (mass, cumulative, usually `mg`).
    public static let dietarySodium = QuantityType("DietarySodium", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryCarbohydrates`: dietary carbohydrates (mass, cumulative, usually `g`).
    public static let dietaryCarbohydrates = QuantityType("DietaryCarbohydrates", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryFiber`: dietary fiber (mass, cumulative, usually `g`).
    public static let dietaryFiber = QuantityType("DietaryFiber", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietarySugar`: dietary sugar (mass, cumulative, usually `g`).
    public static let dietarySugar = QuantityType("DietarySugar", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryProtein`: dietary protein (mass, cumulative, usually `g`).
    public static let dietaryProtein = QuantityType("DietaryProtein", .mass, .cumulative, .gram)
    /// `HKQuantityTypeIdentifierDietaryVitaminA`: dietary vitamin A (mass, cumulative, usually `mcg`).
    public static let dietaryVitaminA = QuantityType("DietaryVitaminA", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryVitaminB6`: dietary vitamin b6 (mass, cumulative, usually `mg`).
    public static let dietaryVitaminB6 = QuantityType("DietaryVitaminB6", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryVitaminB12`: dietary vitamin b12 (mass, cumulative, usually `mcg`).
    public static let dietaryVitaminB12 = QuantityType("DietaryVitaminB12", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryVitaminC`: dietary vitamin C (mass, cumulative, usually `mg`).
    public static let dietaryVitaminC = QuantityType("DietaryVitaminC", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryVitaminD`: dietary vitamin D (mass, cumulative, usually `mcg`).
    public static let dietaryVitaminD = QuantityType("DietaryVitaminD", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryVitaminE`: dietary vitamin E (mass, cumulative, usually `mg`).
    public static let dietaryVitaminE = QuantityType("DietaryVitaminE", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryVitaminK`: dietary vitamin K (mass, cumulative, usually `mcg`).
    public static let dietaryVitaminK = QuantityType("DietaryVitaminK", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryCalcium`: dietary calcium (mass, cumulative, usually `mg`).
    public static let dietaryCalcium = QuantityType("DietaryCalcium", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryIron`: dietary iron (mass, cumulative, usually `mg`).
    public static let dietaryIron = QuantityType("DietaryIron", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryThiamin`: dietary thiamin (mass, cumulative, usually `mg`).
    public static let dietaryThiamin = QuantityType("DietaryThiamin", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryRiboflavin`: dietary riboflavin (mass, cumulative, usually `mg`).
    public static let dietaryRiboflavin = QuantityType("DietaryRiboflavin", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryNiacin`: dietary niacin (mass, cumulative, usually `mg`).
    public static let dietaryNiacin = QuantityType("DietaryNiacin", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryFolate`: dietary folate (mass, cumulative, usually `mcg`).
    public static let dietaryFolate = QuantityType("DietaryFolate", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryBiotin`: dietary biotin (mass, cumulative, usually `mcg`).
    public static let dietaryBiotin = QuantityType("DietaryBiotin", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryPantothenicAcid`: dietary pantothenic acid (mass, cumulative, usually `mg`).
    public static let dietaryPantothenicAcid = QuantityType("DietaryPantothenicAcid", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryPhosphorus`: dietary phosphorus (mass, cumulative, usually `mg`).
    public static let dietaryPhosphorus = QuantityType("DietaryPhosphorus", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryIodine`: dietary iodine (mass, cumulative, usually `mcg`).
    public static let dietaryIodine = QuantityType("DietaryIodine", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryMagnesium`: dietary magnesium (mass, cumulative, usually `mg`).
    public static let dietaryMagnesium = QuantityType("DietaryMagnesium", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryZinc`: dietary zinc (mass, cumulative, usually `mg`).
    public static let dietaryZinc = QuantityType("DietaryZinc", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietarySelenium`: dietary selenium (mass, cumulative, usually `mcg`).
    public static let dietarySelenium = QuantityType("DietarySelenium", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryCopper`: dietary copper (mass, cumulative, usually `mg`).
    public static let dietaryCopper = QuantityType("DietaryCopper", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryManganese`: dietary manganese (mass, cumulative, usually `mg`).
    public static let dietaryManganese = QuantityType("DietaryManganese", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryChromium`: dietary chromium (mass, cumulative, usually `mcg`).
    public static let dietaryChromium = QuantityType("DietaryChromium", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryMolybdenum`: dietary molybdenum (mass, cumulative, usually `mcg`).
    public static let dietaryMolybdenum = QuantityType("DietaryMolybdenum", .mass, .cumulative, .microgram)
    /// `HKQuantityTypeIdentifierDietaryChloride`: dietary chloride (mass, cumulative, usually `mg`).
    public static let dietaryChloride = QuantityType("DietaryChloride", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryPotassium`: dietary potassium (mass, cumulative, usually `mg`).
    public static let dietaryPotassium = QuantityType("DietaryPotassium", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryCaffeine`: dietary caffeine (mass, cumulative, usually `mg`).
    public static let dietaryCaffeine = QuantityType("DietaryCaffeine", .mass, .cumulative, .milligram)
    /// `HKQuantityTypeIdentifierDietaryEnergyConsumed`: dietary energy consumed (energy, cumulative, usually `kcal`).
    public static let dietaryEnergyConsumed = QuantityType("DietaryEnergyConsumed", .energy, .cumulative, .kilocalorie)
    /// `HKQuantityTypeIdentifierDietaryWater`: water consumed (volume, cumulative, usually `mL`).
    public static let dietaryWater = QuantityType("DietaryWater", .volume, .cumulative, .milliliter)

    // MARK: Common in real exports (docs/READINGS.md's table after DietaryWater)

    /// `HKQuantityTypeIdentifierRestingHeartRate`: resting heart rate (countPerTime, discrete).
    public static let restingHeartRate = QuantityType(
        "RestingHeartRate", .countPerTime, .discrete, .countPerMinute, plausible: .within(.heartRate))
    /// `HKQuantityTypeIdentifierWalkingHeartRateAverage`: average heart rate while walking (countPerTime, discrete).
    public static let walkingHeartRateAverage = QuantityType(
        "WalkingHeartRateAverage", .countPerTime, .discrete, .countPerMinute, plausible: .within(.heartRate))
    /// `HKQuantityTypeIdentifierHeartRateRecoveryOneMinute`: heart-rate drop one minute after exercise (countPerTime, discrete).
    public static let heartRateRecoveryOneMinute = QuantityType(
        "HeartRateRecoveryOneMinute", .countPerTime, .discrete, .countPerMinute, plausible: .unbounded)
    /// `HKQuantityTypeIdentifierHeartRateVariabilitySDNN`: heart-rate variability (SDNN) (time, discrete).
    public static let heartRateVariabilitySDNN = QuantityType(
        "HeartRateVariabilitySDNN", .time, .discrete, .millisecond)
    /// `HKQuantityTypeIdentifierVO2Max`: maximal oxygen uptake (volumePerTimeMass, discrete).
    public static let vo2Max = QuantityType("VO2Max", .volumePerTimeMass, .discrete, .milliliterPerMinuteKilogram)
    /// `HKQuantityTypeIdentifierWaistCircumference`: waist circumference (length, discrete).
    public static let waistCircumference = QuantityType("WaistCircumference", .length, .discrete, .centimeter)
    /// `HKQuantityTypeIdentifierAppleSleepingWristTemperature`: wrist temperature during sleep (temperature, discrete).
    public static let appleSleepingWristTemperature = QuantityType(
        "AppleSleepingWristTemperature", .temperature, .discrete, .degreeCelsius, plausible: .unbounded)
    /// `HKQuantityTypeIdentifierDistanceSwimming`: distance swum (length, cumulative).
    public static let distanceSwimming = QuantityType("DistanceSwimming", .length, .cumulative, .meter)
    /// `HKQuantityTypeIdentifierDistanceWheelchair`: distance in a wheelchair (length, cumulative).
    public static let distanceWheelchair = QuantityType("DistanceWheelchair", .length, .cumulative, .meter)
    /// `HKQuantityTypeIdentifierDistanceDownhillSnowSports`: distance in downhill snow sports (length, cumulative).
    public static let distanceDownhillSnowSports = QuantityType(
        "DistanceDownhillSnowSports", .length, .cumulative, .meter)
    /// `HKQuantityTypeIdentifierPushCount`: wheelchair pushes (count, cumulative).
    public static let pushCount = QuantityType("PushCount", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierSwimmingStrokeCount`: swimming strokes (count, cumulative).
    public static let swimmingStrokeCount = QuantityType("SwimmingStrokeCount", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierAppleStandTime`: stand time (time, cumulative).
    public static let appleStandTime = QuantityType("AppleStandTime", .time, .cumulative, .minute)
    /// `HKQuantityTypeIdentifierTimeInDaylight`: time in daylight (time, cumulative).
    public static let timeInDaylight = QuantityType("TimeInDaylight", .time, .cumulative, .minute)
    /// `HKQuantityTypeIdentifierNumberOfAlcoholicBeverages`: alcoholic beverages (count, cumulative).
    public static let numberOfAlcoholicBeverages = QuantityType(
        "NumberOfAlcoholicBeverages", .count, .cumulative, .count)
    /// `HKQuantityTypeIdentifierWalkingSpeed`: walking speed (speed, discrete).
    public static let walkingSpeed = QuantityType("WalkingSpeed", .speed, .discrete, .metersPerSecond)
    /// `HKQuantityTypeIdentifierWalkingStepLength`: walking step length (length, discrete).
    public static let walkingStepLength = QuantityType("WalkingStepLength", .length, .discrete, .meter)
    /// `HKQuantityTypeIdentifierWalkingDoubleSupportPercentage`: double-support time while walking (percent, discrete).
    public static let walkingDoubleSupportPercentage = QuantityType(
        "WalkingDoubleSupportPercentage", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierWalkingAsymmetryPercentage`: walking asymmetry (percent, discrete).
    public static let walkingAsymmetryPercentage = QuantityType(
        "WalkingAsymmetryPercentage", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierAppleWalkingSteadiness`: walking steadiness (percent, discrete).
    public static let appleWalkingSteadiness = QuantityType(
        "AppleWalkingSteadiness", .percent, .discrete, .percent, plausible: .within(.fraction))
    /// `HKQuantityTypeIdentifierSixMinuteWalkTestDistance`: six-minute walk distance (length, discrete).
    public static let sixMinuteWalkTestDistance = QuantityType("SixMinuteWalkTestDistance", .length, .discrete, .meter)
    /// `HKQuantityTypeIdentifierStairAscentSpeed`: stair ascent speed (speed, discrete).
    public static let stairAscentSpeed = QuantityType("StairAscentSpeed", .speed, .discrete, .metersPerSecond)
    /// `HKQuantityTypeIdentifierStairDescentSpeed`: stair descent speed (speed, discrete).
    public static let stairDescentSpeed = QuantityType("StairDescentSpeed", .speed, .discrete, .metersPerSecond)
    /// `HKQuantityTypeIdentifierRunningSpeed`: running speed (speed, discrete).
    public static let runningSpeed = QuantityType("RunningSpeed", .speed, .discrete, .metersPerSecond)
    /// `HKQuantityTypeIdentifierRunningStrideLength`: running stride length (length, discrete).
    public static let runningStrideLength = QuantityType("RunningStrideLength", .length, .discrete, .meter)
    /// `HKQuantityTypeIdentifierRunningVerticalOscillation`: running vertical oscillation (length, discrete).
    public static let runningVerticalOscillation = QuantityType(
        "RunningVerticalOscillation", .length, .discrete, .centimeter)
    /// `HKQuantityTypeIdentifierRunningGroundContactTime`: running ground-contact time (time, discrete).
    public static let runningGroundContactTime = QuantityType(
        "RunningGroundContactTime", .time, .discrete, .millisecond)
    /// `HKQuantityTypeIdentifierRunningPower`: running power (power, discrete).
    public static let runningPower = QuantityType("RunningPower", .power, .discrete, .watt)
    /// `HKQuantityTypeIdentifierEnvironmentalAudioExposure`: ambient sound level (soundPressureLevel, discrete).
    public static let environmentalAudioExposure = QuantityType(
        "EnvironmentalAudioExposure", .soundPressureLevel, .discrete, .decibelAWeightedSoundPressureLevel, plausible: .unbounded)
    /// `HKQuantityTypeIdentifierHeadphoneAudioExposure`: headphone sound level (soundPressureLevel, discrete).
    public static let headphoneAudioExposure = QuantityType(
        "HeadphoneAudioExposure", .soundPressureLevel, .discrete, .decibelAWeightedSoundPressureLevel, plausible: .unbounded)
    /// `HKQuantityTypeIdentifierInsulinDelivery`: insulin delivered (internationalUnit, cumulative).
    public static let insulinDelivery = QuantityType(
        "InsulinDelivery", .internationalUnit, .cumulative, .internationalUnit)
    /// `HKQuantityTypeIdentifierPhysicalEffort`: physical effort (energy rate per body mass) (energyPerTimeMass, discrete).
    public static let physicalEffort = QuantityType(
        "PhysicalEffort", .energyPerTimeMass, .discrete, .kilocaloriePerHourKilogram)

    /// The core types, in the order of docs/READINGS.md's "Quantity types" table (`BodyMassIndex`
    /// to `DietaryWater`).
    public static let specified: [QuantityType] = [
        .bodyMassIndex, .bodyFatPercentage, .height, .bodyMass,
        .leanBodyMass, .stepCount, .distanceWalkingRunning, .distanceCycling,
        .basalEnergyBurned, .activeEnergyBurned, .flightsClimbed, .nikeFuel,
        .appleExerciseTime, .heartRate, .bodyTemperature, .basalBodyTemperature,
        .bloodPressureSystolic, .bloodPressureDiastolic, .respiratoryRate, .oxygenSaturation,
        .peripheralPerfusionIndex, .bloodGlucose, .numberOfTimesFallen, .electrodermalActivity,
        .inhalerUsage, .bloodAlcoholContent, .forcedVitalCapacity, .forcedExpiratoryVolume1,
        .peakExpiratoryFlowRate, .uvExposure, .dietaryFatTotal, .dietaryFatPolyunsaturated,
        .dietaryFatMonounsaturated, .dietaryFatSaturated, .dietaryCholesterol, .dietarySodium,
        .dietaryCarbohydrates, .dietaryFiber, .dietarySugar, .dietaryProtein,
        .dietaryVitaminA, .dietaryVitaminB6, .dietaryVitaminB12, .dietaryVitaminC,
        .dietaryVitaminD, .dietaryVitaminE, .dietaryVitaminK, .dietaryCalcium,
        .dietaryIron, .dietaryThiamin, .dietaryRiboflavin, .dietaryNiacin,
        .dietaryFolate, .dietaryBiotin, .dietaryPantothenicAcid, .dietaryPhosphorus,
        .dietaryIodine, .dietaryMagnesium, .dietaryZinc, .dietarySelenium,
        .dietaryCopper, .dietaryManganese, .dietaryChromium, .dietaryMolybdenum,
        .dietaryChloride, .dietaryPotassium, .dietaryCaffeine, .dietaryEnergyConsumed,
        .dietaryWater,
    ]

    /// Types beyond the core ones that real Health exports commonly contain (docs/READINGS.md's
    /// "Quantity types" table from `RestingHeartRate` on).
    public static let commonExtras: [QuantityType] = [
        .restingHeartRate, .walkingHeartRateAverage, .heartRateRecoveryOneMinute, .heartRateVariabilitySDNN,
        .vo2Max, .waistCircumference, .appleSleepingWristTemperature, .distanceSwimming,
        .distanceWheelchair, .distanceDownhillSnowSports, .pushCount, .swimmingStrokeCount,
        .appleStandTime, .timeInDaylight, .numberOfAlcoholicBeverages, .walkingSpeed,
        .walkingStepLength, .walkingDoubleSupportPercentage, .walkingAsymmetryPercentage, .appleWalkingSteadiness,
        .sixMinuteWalkTestDistance, .stairAscentSpeed, .stairDescentSpeed, .runningSpeed,
        .runningStrideLength, .runningVerticalOscillation, .runningGroundContactTime, .runningPower,
        .physicalEffort, .environmentalAudioExposure, .headphoneAudioExposure, .insulinDelivery,
    ]

    /// Every known quantity type: ``specified`` followed by ``commonExtras``.
    public static let all: [QuantityType] = specified + commonExtras
}
