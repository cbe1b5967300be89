import HealthSamples
import SampleIO

/// The parts of a workout's Observation (docs/FHIR.md, "Workouts"): the activity type as the
/// value, and one component per field that holds a quantity.
extension FHIRResourceBuilder {
    /// A workout field that becomes a component: its code in ``FHIRCodeSystems/workoutField``
    /// and the LOINC code that names exactly that measurement, where LOINC has one.
    struct WorkoutComponentCode {
        let field: String
        let loinc: FHIRObservationCode.LOINC?
        /// The component's `code.text` when LOINC has no code.
        let text: String
    }

    /// Duration and energy have method-less LOINC codes that fit any activity. LOINC's distance
    /// codes are walking distances and its stair and stroke codes are for other settings, so
    /// distance, flights climbed and stroke count carry this project's field code only.
    static let workoutComponentCodes: [WorkoutTotal?: WorkoutComponentCode] = [
        nil: WorkoutComponentCode(field: "duration", loinc: FHIRObservationCode.LOINC(code: "55411-3", display: "Exercise duration"),
                                  text: "Exercise duration"),
        .energyBurned: WorkoutComponentCode(field: WorkoutTotal.energyBurned.fieldName,
                                            loinc: FHIRObservationCode.LOINC(code: "41981-2", display: "Calories burned"),
                                            text: "Calories burned"),
        .distance: WorkoutComponentCode(field: WorkoutTotal.distance.fieldName, loinc: nil, text: "Total distance"),
        .flightsClimbed: WorkoutComponentCode(field: WorkoutTotal.flightsClimbed.fieldName, loinc: nil, text: "Flights climbed"),
        .swimmingStrokeCount: WorkoutComponentCode(field: WorkoutTotal.swimmingStrokeCount.fieldName, loinc: nil,
                                                   text: "Swimming stroke count"),
    ]

    /// The activity type as `valueCodeableConcept`: its HealthKit name in the HealthKit system
    /// (as category values are), its short name as display and text.
    func activityType(_ type: WorkoutActivityType) -> JSONValue {
        FHIRJSON.codeableConcept([FHIRJSON.coding(system: FHIRCodeSystems.healthKit, code: type.name, display: type.shortName)],
                                 text: type.shortName)
    }

    /// Duration first, then the totals that are set in ``WorkoutTotal`` order, each with its
    /// stored value and unit (never converted, as every other quantity).
    func workoutComponents(_ workout: Workout) -> [JSONValue] {
        var fields: [(WorkoutTotal?, Quantity)] = [(nil, workout.duration)]
        for total in WorkoutTotal.allCases {
            if let value = workout.totals[total] { fields.append((total, value)) }
        }
        return fields.compactMap { total, value in
            guard let code = Self.workoutComponentCodes[total] else { return nil }
            let loinc = code.loinc.map { [FHIRJSON.coding(system: FHIRCodeSystems.loinc, code: $0.code, display: $0.display)] } ?? []
            let concept = FHIRJSON.codeableConcept(loinc + [FHIRJSON.coding(system: FHIRCodeSystems.workoutField, code: code.field)],
                                                   text: code.loinc?.display ?? code.text)
            return FHIRJSON.object([("code", concept), ("valueQuantity", quantity(value, of: nil))])
        }
    }
}
