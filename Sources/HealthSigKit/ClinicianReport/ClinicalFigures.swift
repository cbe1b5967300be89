import Foundation
import HealthSamples
import SampleIO
import SampleSigning

/// The clinical figures of `report --json` (docs/REPORT.md, "Figures as JSON"), from authentic
/// readings only: valid ones, and altered ones at their signed values. Every other reading is
/// counted in ``excludedUnverified`` and used for nothing. Memory is bounded: sums and counts,
/// and one entry per UTC day with blood pressure (at most ``dayLimit``).
struct ClinicalFigures {
    /// Days of blood pressure kept; past them a reading is counted as not used.
    static let dayLimit = 36_600

    struct DayOfPressure {
        var systolic = 0.0
        var diastolic = 0.0
        var readings = 0
        /// Readings at or above 135 systolic or 85 diastolic mmHg.
        var high = 0
    }

    private(set) var pressureDays: [Int64: DayOfPressure] = [:]
    private(set) var pressureNotUsed = 0
    private(set) var glucoseSum = 0.0
    private(set) var glucoseSquares = 0.0
    private(set) var glucoseReadings = 0
    /// Readings below 54, below 70, 70–180, above 180, above 250 mg/dL (3.0, 3.9, 10.0, 13.9 mmol/L).
    private(set) var glucoseBands = [0, 0, 0, 0, 0]
    private(set) var spo2Minimum: Double?
    private(set) var spo2Readings = 0
    private(set) var spo2Below92 = 0
    private(set) var temperatureMaximum: Double?
    private(set) var temperatureReadings = 0
    private(set) var temperatureAtOrAbove38 = 0
    /// Readings left out of every figure: unsigned, not checkable, or altered with no signed value.
    private(set) var excludedUnverified = 0

    /// Counts a reading that no figure may use.
    mutating func exclude() { excludedUnverified += 1 }

    /// Adds an authentic reading (an altered one's signed sample).
    mutating func add(_ sample: Sample) {
        switch sample {
        case .correlation(let c) where c.type == .bloodPressure:
            let mmHg = HealthUnit.millimetersOfMercury
            guard let systolic = c.objects.first(where: { $0.type == .bloodPressureSystolic }).flatMap({ try? $0.quantity.doubleValue(in: mmHg) }),
                  let diastolic = c.objects.first(where: { $0.type == .bloodPressureDiastolic }).flatMap({ try? $0.quantity.doubleValue(in: mmHg) })
            else { return }
            let day = TimeBins<ValueBin>.floorDiv(c.startDate.epochSeconds, 86_400)
            guard pressureDays[day] != nil || pressureDays.count < Self.dayLimit else { pressureNotUsed += 1; return }
            pressureDays[day, default: DayOfPressure()].systolic += systolic
            pressureDays[day, default: DayOfPressure()].diastolic += diastolic
            pressureDays[day, default: DayOfPressure()].readings += 1
            if systolic >= 135 || diastolic >= 85 { pressureDays[day, default: DayOfPressure()].high += 1 }
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
        default:
            break
        }
    }

    // MARK: JSON

    func json(counts: [SampleVerdict.Kind: Int], absence: BatchAbsence) -> JSONValue {
        var verdicts: [(String, JSONValue?)] = []
        for kind in SampleVerdict.Kind.allCases { verdicts.append((kind.rawValue, Self.integer(counts[kind, default: 0]))) }
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
        ])
    }

    /// Home blood pressure as ESH 2023 / AHA 2017 home monitoring reads it: the first day is
    /// left out of the means and the share.
    struct HomePressure {
        var days = 0, readings = 0, firstDayReadings = 0
        var systolicMean: Double?, diastolicMean: Double?, shareAtOrAbove135_85: Double?
    }

    var homePressure: HomePressure {
        let first = pressureDays.keys.min()
        var systolic = 0.0, diastolic = 0.0, readings = 0, high = 0
        for (day, figures) in pressureDays where day != first {
            systolic += figures.systolic
            diastolic += figures.diastolic
            readings += figures.readings
            high += figures.high
        }
        var home = HomePressure(days: pressureDays.count, readings: readings,
                                firstDayReadings: first.flatMap { pressureDays[$0]?.readings } ?? 0)
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

    func bloodPressureJSON() -> JSONValue {
        let home = homePressure
        return FHIRJSON.object([
            ("days", Self.integer(home.days)),
            ("readings", Self.integer(home.readings)),
            ("firstDayReadingsLeftOut", Self.integer(home.firstDayReadings)),
            ("systolicMean", Self.number(home.systolicMean, places: 1)),
            ("diastolicMean", Self.number(home.diastolicMean, places: 1)),
            ("shareAtOrAbove135_85", Self.number(home.shareAtOrAbove135_85, places: 4)),
        ])
    }

    func glucoseJSON() -> JSONValue {
        let n = Double(glucoseReadings)
        let mean = glucoseMean
        let sd = glucoseSD
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
