import HealthSamples

/// What an Observation's `code` says for a HealthKit type: LOINC codings where the FHIR
/// vital-signs profile (or LOINC itself) has one, and the observation category.
///
/// The table is docs/FHIR.md's; `tools/check_fhir.py` reads it there and checks exported
/// Observations against it (scripts/check-fhir).
public struct FHIRObservationCode: Sendable, Hashable {
    /// A LOINC code and its display name.
    public struct LOINC: Sendable, Hashable {
        public let code: String
        public let display: String
    }

    /// LOINC codings, most specific first; empty when LOINC has no code for the type.
    public let loinc: [LOINC]
    /// `vital-signs`, `laboratory`, `activity` or `nil`.
    public let category: String?

    /// The display of a category code of FHIR's observation-category code system.
    public static func categoryDisplay(_ category: String) -> String {
        switch category {
        case "vital-signs": "Vital Signs"
        case "laboratory": "Laboratory"
        case "activity": "Activity"
        default: category
        }
    }

    /// A workout: LOINC's "Exercise activity", the code the HL7 Physical Activity
    /// implementation guide uses for the kind of activity of one exercise session, whose value
    /// is the activity type.
    public static let workout = FHIRObservationCode(loinc: [LOINC(code: "73985-4", display: "Exercise activity")],
                                                    category: "activity")

    /// The codes of a quantity type measured in `unit` (blood glucose has one LOINC code per
    /// dimension: mass or molar concentration, and per specimen: `capillary` when the reading's
    /// signature says it was measured in capillary blood by a meter, docs/FHIR.md).
    public static func forQuantity(_ type: QuantityType, unit: HealthUnit, capillary: Bool = false) -> FHIRObservationCode {
        if type == .bloodGlucose {
            // HealthKit gives `mmol<180.15588000005408>/L` the mass-per-volume dimension (the molar
            // mass converts it), so the unit text, not the dimension, tells a molar reading.
            let molar = unit.unitString.contains("mol")
            if capillary {
                return FHIRObservationCode(loinc: [molar ? capillaryMolar : capillaryMass], category: "laboratory")
            }
            if !molar {
                return FHIRObservationCode(loinc: [LOINC(code: "2339-0", display: "Glucose [Mass/volume] in Blood")], category: "laboratory")
            }
            return FHIRObservationCode(loinc: [LOINC(code: "15074-8", display: "Glucose [Moles/volume] in Blood")], category: "laboratory")
        }
        return vitalSigns[type.identifier].map { FHIRObservationCode(loinc: $0, category: "vital-signs") }
            ?? FHIRObservationCode(loinc: [], category: nil)
    }

    static let capillaryMass = LOINC(code: "41653-7", display: "Glucose [Mass/volume] in Capillary blood by Glucometer")
    static let capillaryMolar = LOINC(code: "14743-9", display: "Glucose [Moles/volume] in Capillary blood by Glucometer")

    /// The codes of a correlation type (the blood-pressure panel; nothing for food).
    public static func forCorrelation(_ type: CorrelationType) -> FHIRObservationCode {
        switch type {
        case .bloodPressure:
            FHIRObservationCode(loinc: [LOINC(code: "85354-9", display: "Blood pressure panel with all children optional")],
                                category: "vital-signs")
        case .food:
            FHIRObservationCode(loinc: [], category: nil)
        }
    }

    /// The vital-signs profile's codes by HealthKit quantity type.
    static let vitalSigns: [String: [LOINC]] = [
        QuantityType.heartRate.identifier: [LOINC(code: "8867-4", display: "Heart rate")],
        QuantityType.bloodPressureSystolic.identifier: [LOINC(code: "8480-6", display: "Systolic blood pressure")],
        QuantityType.bloodPressureDiastolic.identifier: [LOINC(code: "8462-4", display: "Diastolic blood pressure")],
        QuantityType.bodyTemperature.identifier: [LOINC(code: "8310-5", display: "Body temperature")],
        QuantityType.bodyMass.identifier: [LOINC(code: "29463-7", display: "Body weight")],
        // The profile's pulse-oximetry code first, the arterial saturation it specialises second.
        QuantityType.oxygenSaturation.identifier: [
            LOINC(code: "59408-5", display: "Oxygen saturation in Arterial blood by Pulse oximetry"),
            LOINC(code: "2708-6", display: "Oxygen saturation in Arterial blood"),
        ],
        QuantityType.respiratoryRate.identifier: [LOINC(code: "9279-1", display: "Respiratory rate")],
        QuantityType.height.identifier: [LOINC(code: "8302-2", display: "Body height")],
        QuantityType.bodyMassIndex.identifier: [LOINC(code: "39156-5", display: "Body mass index (BMI) [Ratio]")],
    ]
}
