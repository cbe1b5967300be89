import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// The clinical figures of `report --json` (docs/REPORT.md, "Figures as JSON"), from authentic
/// readings only: valid ones, and altered ones at their signed values. Every other reading is
/// counted in ``excludedUnverified`` and used for nothing. Days and hours are the reading's local
/// ones (``ReportZone``). Memory is bounded: sums and counts, one entry per local day with blood
/// pressure or glucose (at most ``dayLimit`` each), and the first and last weight.
struct ClinicalFigures {
    /// Days of blood pressure (and of glucose) kept; past them a reading is counted as not used.
    static let dayLimit = 36_600
    /// Authentic glucose readings a local day needs to count as a day of continuous monitoring:
    /// 70 % of the 96 a day of a sensor reading every 15 minutes, the sparsest common CGM rate
    /// (AGP asks for 70 % of possible readings). Fingerstick testing gives a handful a day.
    static let continuousReadingsPerDay = 67
    /// Days of continuous monitoring GMI needs (Bergenstal 2018, the AGP's 14 days).
    static let gmiDays = 14

    struct DayOfPressure {
        var systolic = 0.0
        var diastolic = 0.0
        var readings = 0
        /// Readings at or above 135 systolic or 85 diastolic mmHg.
        var high = 0
        /// Readings from 04:00 to 12:00 and from 18:00 to 24:00 local time: sums and counts.
        var morning = Means()
        var evening = Means()
    }

    struct Means {
        var systolic = 0.0, diastolic = 0.0, readings = 0
        mutating func add(_ other: Means) {
            systolic += other.systolic
            diastolic += other.diastolic
            readings += other.readings
        }
    }

    struct DayOfGlucose {
        var sum = 0.0
        var readings = 0
    }

    /// An authentic weight: kilograms at an instant.
    struct Weight {
        let kilograms: Double
        let date: SampleDate
    }

    private(set) var pressureDays: [Int64: DayOfPressure] = [:]
    private(set) var pressureNotUsed = 0
    private(set) var glucoseSum = 0.0
    private(set) var glucoseSquares = 0.0
    private(set) var glucoseReadings = 0
    /// Readings below 54, below 70, 70–180, above 180, above 250 mg/dL (3.0, 3.9, 10.0, 13.9 mmol/L).
    private(set) var glucoseBands = [0, 0, 0, 0, 0]
    /// Readings whose signed `HKBloodGlucoseMealTime` is 1 (preprandial) or 2 (postprandial), in mg/dL.
    private(set) var fasting = DayOfGlucose()
    private(set) var postMeal = DayOfGlucose()
    private(set) var glucoseDays: [Int64: DayOfGlucose] = [:]
    private(set) var glucoseDaysNotKept = 0
    private(set) var spo2Minimum: Double?
    private(set) var spo2Readings = 0
    private(set) var spo2Below92 = 0
    private(set) var temperatureMaximum: Double?
    private(set) var temperatureReadings = 0
    private(set) var temperatureAtOrAbove38 = 0
    private(set) var weightReadings = 0
    private(set) var firstWeight: Weight?
    private(set) var lastWeight: Weight?
    private(set) var workouts = 0
    private(set) var workoutMinutes = 0.0
    /// Readings left out of every figure: unsigned, not checkable, or altered with no signed value.
    private(set) var excludedUnverified = 0

    /// Counts a reading that no figure may use.
    mutating func exclude() { excludedUnverified += 1 }

    /// Adds an authentic reading (an altered one's signed sample), dated in `zone`; `mealTime` is
    /// its signed `HKBloodGlucoseMealTime` (never an unsigned stored one).
    mutating func add(_ sample: Sample, zone: ReportZone = .utc, mealTime: Int? = nil) {
        switch sample {
        case .correlation(let c) where c.type == .bloodPressure:
            let mmHg = HealthUnit.millimetersOfMercury
            guard let systolic = c.objects.first(where: { $0.type == .bloodPressureSystolic }).flatMap({ try? $0.quantity.doubleValue(in: mmHg) }),
                  let diastolic = c.objects.first(where: { $0.type == .bloodPressureDiastolic }).flatMap({ try? $0.quantity.doubleValue(in: mmHg) }),
                  systolic.isFinite, diastolic.isFinite
            else { return }
            let day = zone.day(of: c.startDate)
            guard pressureDays[day] != nil || pressureDays.count < Self.dayLimit else { pressureNotUsed += 1; return }
            var figures = pressureDays[day, default: DayOfPressure()]
            figures.systolic += systolic
            figures.diastolic += diastolic
            figures.readings += 1
            if systolic >= 135 || diastolic >= 85 { figures.high += 1 }
            let reading = Means(systolic: systolic, diastolic: diastolic, readings: 1)
            switch zone.hour(of: c.startDate) {
            case 4..<12: figures.morning.add(reading)
            case 18..<24: figures.evening.add(reading)
            default: break
            }
            pressureDays[day] = figures
        case .quantity(let q) where q.type == .bloodGlucose:
            let molar = q.quantity.unit.unitString.hasPrefix("mmol")
            guard let mgdl = try? q.quantity.doubleValue(in: .milligramsPerDeciliter), mgdl.isFinite else { return }
            glucoseSum += mgdl
            glucoseSquares += mgdl * mgdl
            glucoseReadings += 1
            // AGP cut-offs in the reading's own unit: mmol/L ones are not the mg/dL ones converted.
            let value = molar ? (try? q.quantity.doubleValue(in: HealthUnit("mmol<180.15588000005408>/L"))) ?? mgdl / 18.015588 : mgdl
            let cuts = molar ? (3.0, 3.9, 10.0, 13.9) : (54.0, 70.0, 180.0, 250.0)
            if value < cuts.0 { glucoseBands[0] += 1 }
            if value < cuts.1 { glucoseBands[1] += 1 } else if value <= cuts.2 { glucoseBands[2] += 1 } else { glucoseBands[3] += 1 }
            if value > cuts.3 { glucoseBands[4] += 1 }
            if mealTime == 1 { fasting.sum += mgdl; fasting.readings += 1 }
            if mealTime == 2 { postMeal.sum += mgdl; postMeal.readings += 1 }
            let day = zone.day(of: q.startDate)
            if glucoseDays[day] != nil || glucoseDays.count < Self.dayLimit {
                glucoseDays[day, default: DayOfGlucose()].sum += mgdl
                glucoseDays[day, default: DayOfGlucose()].readings += 1
            } else {
                glucoseDaysNotKept += 1
            }
        case .quantity(let q) where q.type == .oxygenSaturation:
            guard let percent = ReportChart.value(q.quantity, in: .percent) else { return }
            spo2Readings += 1
            spo2Minimum = min(spo2Minimum ?? percent, percent)
            if percent < 92 { spo2Below92 += 1 }
        case .quantity(let q) where q.type == .bodyTemperature:
            guard let celsius = try? q.quantity.doubleValue(in: .degreeCelsius), celsius.isFinite else { return }
            temperatureReadings += 1
            temperatureMaximum = max(temperatureMaximum ?? celsius, celsius)
            if celsius >= 38.0 { temperatureAtOrAbove38 += 1 }
        case .quantity(let q) where q.type == .bodyMass:
            guard let kilograms = try? q.quantity.doubleValue(in: .kilogram), kilograms.isFinite else { return }
            weightReadings += 1
            let weight = Weight(kilograms: kilograms, date: q.startDate)
            if firstWeight.map({ q.startDate < $0.date }) ?? true { firstWeight = weight }
            if lastWeight.map({ !(q.startDate < $0.date) }) ?? true { lastWeight = weight }
        case .workout(let workout):
            guard let seconds = try? workout.duration.doubleValue(in: .second), seconds.isFinite, seconds >= 0 else { return }
            workouts += 1
            workoutMinutes += seconds / 60
        default:
            break
        }
    }

    // MARK: JSON

    /// `period`: the report's period covered (first start to last end), over which workout
    /// minutes are spread per week.
    func json(counts: [SampleVerdict.Kind: Int], absence: BatchAbsence, period: (start: SampleDate, end: SampleDate)? = nil) -> JSONValue {
        var verdicts: [(String, JSONValue?)] = []
        for kind in SampleVerdict.Kind.allCases { verdicts.append((kind.rawValue, Self.integer(counts[kind, default: 0]))) }
        let weight = weightChange
        let activity = activity(over: period)
        return FHIRJSON.object([
            ("verdicts", FHIRJSON.object(verdicts)),
            ("absentBatchReadings", Self.integer(absence.absentReadings)),
            ("batchesWithoutValidSignature", Self.integer(absence.batchesWithoutValidSignature)),
            ("excludedUnverified", Self.integer(excludedUnverified)),
            ("bloodPressure", FHIRJSON.object([("home", bloodPressureJSON())])),
            ("glucose", glucoseJSON()),
            ("spo2", FHIRJSON.object([
                ("readings", Self.integer(spo2Readings)), ("minimum", Self.number(spo2Minimum, places: 1)),
                ("readingsBelow92", Self.integer(spo2Below92)),
            ])),
            ("temperature", FHIRJSON.object([
                ("readings", Self.integer(temperatureReadings)), ("maximum", Self.number(temperatureMaximum, places: 2)),
                ("readingsAtOrAbove38", Self.integer(temperatureAtOrAbove38)),
            ])),
            ("weight", FHIRJSON.object([
                ("readings", Self.integer(weightReadings)),
                ("first", Self.number(firstWeight?.kilograms, places: 2)),
                ("firstDate", firstWeight.map { .string($0.date.rfc3339String) } ?? .null),
                ("last", Self.number(lastWeight?.kilograms, places: 2)),
                ("lastDate", lastWeight.map { .string($0.date.rfc3339String) } ?? .null),
                ("change", Self.number(weight?.kilograms, places: 2)),
                ("changePercent", Self.number(weight?.percent, places: 2)),
            ])),
            ("workouts", FHIRJSON.object([
                ("workouts", Self.integer(workouts)),
                ("minutes", Self.number(workouts > 0 ? workoutMinutes : nil, places: 1)),
                ("weeks", Self.number(activity?.weeks, places: 2)),
                ("minutesPerWeek", Self.number(activity?.minutesPerWeek, places: 1)),
            ])),
        ])
    }

    /// Home blood pressure as ESH 2023 / AHA 2017 home monitoring reads it: the first day is
    /// left out of the means and the share.
    struct HomePressure {
        var days = 0, readings = 0, firstDayReadings = 0
        var systolicMean: Double?, diastolicMean: Double?, shareAtOrAbove135_85: Double?
        var morning = Means(), evening = Means()
    }

    var homePressure: HomePressure {
        let first = pressureDays.keys.min()
        var systolic = 0.0, diastolic = 0.0, readings = 0, high = 0
        var morning = Means(), evening = Means()
        for (day, figures) in pressureDays where day != first {
            systolic += figures.systolic
            diastolic += figures.diastolic
            readings += figures.readings
            high += figures.high
            morning.add(figures.morning)
            evening.add(figures.evening)
        }
        var home = HomePressure(days: pressureDays.count, readings: readings,
                                firstDayReadings: first.flatMap { pressureDays[$0]?.readings } ?? 0)
        home.morning = morning
        home.evening = evening
        if readings > 0 {
            home.systolicMean = systolic / Double(readings)
            home.diastolicMean = diastolic / Double(readings)
            home.shareAtOrAbove135_85 = Double(high) / Double(readings)
        }
        return home
    }

    var glucoseMean: Double? { glucoseReadings > 0 ? glucoseSum / Double(glucoseReadings) : nil }

    /// Sample standard deviation (n − 1), as AGP reports it.
    var glucoseSD: Double? {
        let n = Double(glucoseReadings)
        return glucoseReadings > 1 ? (max(0, (glucoseSquares - glucoseSum * glucoseSum / n) / (n - 1))).squareRoot() : nil
    }

    static func mean(_ figures: DayOfGlucose) -> Double? { figures.readings > 0 ? figures.sum / Double(figures.readings) : nil }

    /// Days of continuous monitoring and the glucose management indicator from their readings
    /// (GMI % = 3.31 + 0.02392 × mean mg/dL, Bergenstal 2018); `gmi` is nil below ``gmiDays``.
    var continuousMonitoring: (days: Int, readings: Int, gmi: Double?) {
        var days = 0, total = DayOfGlucose()
        for figures in glucoseDays.values where figures.readings >= Self.continuousReadingsPerDay {
            days += 1
            total.sum += figures.sum
            total.readings += figures.readings
        }
        let gmi = days >= Self.gmiDays ? Self.mean(total).map { 3.31 + 0.02392 * $0 } : nil
        return (days, total.readings, gmi)
    }

    /// First → last authentic weight, in kg and as a share of the first; nil below two readings.
    var weightChange: (kilograms: Double, percent: Double)? {
        guard weightReadings > 1, let first = firstWeight, let last = lastWeight else { return nil }
        let change = last.kilograms - first.kilograms
        return (change, first.kilograms > 0 ? change / first.kilograms * 100 : 0)
    }

    /// Workout minutes spread over the weeks of `period` (its length in days / 7, at least one
    /// week, so a short period does not inflate the rate).
    func activity(over period: (start: SampleDate, end: SampleDate)?) -> (weeks: Double, minutesPerWeek: Double)? {
        guard workouts > 0, let period else { return nil }
        let weeks = max(1, Double(period.end.epochSeconds - period.start.epochSeconds) / 604_800)
        return (weeks, workoutMinutes / weeks)
    }

    func bloodPressureJSON() -> JSONValue {
        let home = homePressure
        func mean(_ sum: Double, _ part: Means) -> JSONValue {
            Self.number(part.readings > 0 ? sum / Double(part.readings) : nil, places: 1)
        }
        return FHIRJSON.object([
            ("days", Self.integer(home.days)),
            ("readings", Self.integer(home.readings)),
            ("firstDayReadingsLeftOut", Self.integer(home.firstDayReadings)),
            ("systolicMean", Self.number(home.systolicMean, places: 1)),
            ("diastolicMean", Self.number(home.diastolicMean, places: 1)),
            ("shareAtOrAbove135_85", Self.number(home.shareAtOrAbove135_85, places: 4)),
            ("morningReadings", Self.integer(home.morning.readings)),
            ("morningSystolicMean", mean(home.morning.systolic, home.morning)),
            ("morningDiastolicMean", mean(home.morning.diastolic, home.morning)),
            ("eveningReadings", Self.integer(home.evening.readings)),
            ("eveningSystolicMean", mean(home.evening.systolic, home.evening)),
            ("eveningDiastolicMean", mean(home.evening.diastolic, home.evening)),
        ])
    }

    func glucoseJSON() -> JSONValue {
        let n = Double(glucoseReadings)
        let mean = glucoseMean
        let sd = glucoseSD
        let monitoring = continuousMonitoring
        func share(_ count: Int) -> JSONValue { Self.number(glucoseReadings > 0 ? Double(count) / n : nil, places: 4) }
        return FHIRJSON.object([
            ("unit", .string("mg/dL")),
            ("readings", Self.integer(glucoseReadings)),
            ("mean", Self.number(mean, places: 1)),
            ("sd", Self.number(sd, places: 1)),
            ("cv", Self.number(sd.flatMap { sd in mean.map { $0 > 0 ? sd / $0 : 0 } }, places: 4)),
            ("shareBelow54", share(glucoseBands[0])),
            ("shareBelow70", share(glucoseBands[1])),
            ("shareInRange70_180", share(glucoseBands[2])),
            ("shareAbove180", share(glucoseBands[3])),
            ("shareAbove250", share(glucoseBands[4])),
            ("fastingReadings", Self.integer(fasting.readings)),
            ("fastingMean", Self.number(Self.mean(fasting), places: 1)),
            ("postMealReadings", Self.integer(postMeal.readings)),
            ("postMealMean", Self.number(Self.mean(postMeal), places: 1)),
            ("continuousMonitoringDays", Self.integer(monitoring.days)),
            ("gmiReadings", Self.integer(monitoring.gmi == nil ? 0 : monitoring.readings)),
            ("gmi", Self.number(monitoring.gmi, places: 1)),
        ])
    }

    static func integer(_ value: Int) -> JSONValue {
        FHIRJSON.decimal(Decimal(value)) ?? .null
    }

    /// `value` rounded half away from zero to `places` decimals, written exactly; `null` when absent.
    static func number(_ value: Double?, places: Int) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        var exact = Decimal(string: String(format: "%.\(places + 3)f", value)) ?? 0
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, places, .plain)
        return FHIRJSON.decimal(rounded) ?? .null
    }
}
