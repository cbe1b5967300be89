import DER
import Foundation
import HealthSigKit
import SampleIO
import SampleSigning

/// Issue 26's cases: clinical context signed in records of format version 2, every newly
/// signed key changed, unsigned context reported, and records of version 1 still valid
/// (docs/FORMAT.md, "Signed metadata" and "Format versions").
extension SampleVectorCases {
    /// A stored JSON test with its expected unsigned context.
    static func jsonWithContext(_ comment: String, _ flags: [String], _ verdict: String, _ fields: [String] = [],
                                unsignedContext: [String], _ make: @escaping () throws -> JSONValue) -> VectorCase {
        VectorCase(comment, flags: flags + ["UnsignedContext"]) {
            [("stored", try make()), ("storedForm", .text("json")), ("verdict", .text(verdict)),
             ("fields", .texts(fields.sorted())), ("unsignedContext", .texts(unsignedContext))]
        }
    }

    /// A post-meal glucose of 221 mg/dL with its meal time (2, after a meal) and serial number.
    static let glucoseAfterMeal = #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":221,"unit":"mg/dL","startDate":"2026-11-21T13:30:00Z","endDate":"2026-11-21T13:30:00Z","device":{"name":"Acme Gluco","manufacturer":"Acme Medical Devices Inc.","model":"G-5"},"metadata":{"HKDeviceSerialNumber":"G5-99812","HKBloodGlucoseMealTime":2}}"#

    /// `reading` (whose metadata ends with the serial number `serial`) with `key`: `value` (JSON
    /// text) added to its metadata.
    static func adding(_ key: String, _ value: String, to reading: String = R.heartRate, serial: String = "HR10-000417") -> String {
        reading.replacingOccurrences(of: #""\#(serial)"}"#, with: #""\#(serial)","\#(key)":\#(value)}"#)
    }

    static func clinicalContext(_ m: SampleVectorMaker) -> [VectorCase] {
        let glucose = glucoseAfterMeal
        func signedGlucose(_ edits: [(String, JSONValue?)] = []) throws -> JSONValue {
            try m.stored(glucose, signature: try m.signature(glucose), edits)
        }
        /// Each key the issue names: a reading that carries it, the key as stored, the stored
        /// change, and the comment's words.
        let changed: [(reading: String, key: String, stored: JSONValue, words: String)] = [
            (adding("HKWasUserEntered", "false"), "HKWasUserEntered", .bool(true), "heart rate marked as entered by hand after signing"),
            (adding("HKHeartRateSensorLocation", "1"), "HKHeartRateSensorLocation", number("2"), "heart rate sensor location chest (1) stored as wrist (2)"),
            (adding("HKMetadataKeyHeartRateMotionContext", "1"), "HKMetadataKeyHeartRateMotionContext", number("2"),
             "heart rate motion context sedentary (1) stored as active (2)"),
            (adding("HKBodyTemperatureSensorLocation", "6", to: #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":38.4,"unit":"degC","startDate":"2026-11-21T07:30:00Z","endDate":"2026-11-21T07:30:00Z","device":{"name":"Acme Thermo","manufacturer":"Acme Medical Devices Inc.","model":"T-3"},"metadata":{"HKDeviceSerialNumber":"T3-0001"}}"#, serial: "T3-0001"),
             "HKBodyTemperatureSensorLocation", number("1"), "body temperature sensor location mouth (6) stored as armpit (1)"),
            (adding("HKInsulinDeliveryReason", "1", to: #"{"type":"HKQuantityTypeIdentifierInsulinDelivery","value":1.5,"unit":"IU","startDate":"2026-11-21T13:00:00Z","endDate":"2026-11-21T13:00:00Z","device":{"name":"Acme Pump","manufacturer":"Acme Medical Devices Inc.","model":"IP-1"},"metadata":{"HKDeviceSerialNumber":"IP1-0007"}}"#, serial: "IP1-0007"),
             "HKInsulinDeliveryReason", number("2"), "insulin delivery reason basal (1) stored as bolus (2)"),
            (adding("HKVO2MaxTestType", "1", to: #"{"type":"HKQuantityTypeIdentifierVO2Max","value":42.5,"unit":"mL/min·kg","startDate":"2026-11-21T10:00:00Z","endDate":"2026-11-21T10:00:00Z","device":{"name":"Acme Lab Cart","manufacturer":"Acme Medical Devices Inc.","model":"VO-1"},"metadata":{"HKDeviceSerialNumber":"VO1-0003"}}"#, serial: "VO1-0003"),
             "HKVO2MaxTestType", number("3"), "VO2 max test type maximal exercise (1) stored as predicted without exercise (3)"),
            (adding("HKReferenceRangeLowerLimit", "70", to: glucose.replacingOccurrences(of: #","HKBloodGlucoseMealTime":2"#, with: ""), serial: "G5-99812"),
             "HKReferenceRangeLowerLimit", number("60"), "blood glucose reference range lower limit 70 stored as 60"),
            (adding("HKReferenceRangeUpperLimit", "180", to: glucose.replacingOccurrences(of: #","HKBloodGlucoseMealTime":2"#, with: ""), serial: "G5-99812"),
             "HKReferenceRangeUpperLimit", number("250"), "blood glucose reference range upper limit 180 stored as 250"),
            (adding("AcmeCuffSize", #""adult""#), "AcmeCuffSize", .text("child"), "heart rate custom key AcmeCuffSize changed"),
        ]
        var cases: [VectorCase] = [
            jsonWithContext("blood glucose after a meal, signed with its meal time, stored as signed", ["ClinicalContext", "FormatVersion2"],
                            "valid", unsignedContext: []) {
                try signedGlucose()
            },
            json("blood glucose meal time relabelled from after a meal (2) to fasting, before a meal (1)", ["ClinicalContext", "FormatVersion2", "MetadataAltered"],
                 "content-mismatch", ["metadata.HKBloodGlucoseMealTime"]) {
                try signedGlucose([("metadata.HKBloodGlucoseMealTime", number("1"))])
            },
            json("blood glucose meal time removed from the stored sample", ["ClinicalContext", "FormatVersion2", "MetadataAltered"],
                 "content-mismatch", ["metadata.HKBloodGlucoseMealTime"]) {
                try signedGlucose([("metadata.HKBloodGlucoseMealTime", nil)])
            },
            json("blood glucose meal time stored under its SDK name with the signed value", ["ClinicalContext", "FormatVersion2", "SDKKeySpelling"],
                 "valid") {
                try signedGlucose([("metadata.HKBloodGlucoseMealTime", nil), ("metadata.HKMetadataKeyBloodGlucoseMealTime", number("2"))])
            },
            jsonWithContext("blood glucose with the sync identifier and version the phone adds: unsigned context", ["ClinicalContext", "FormatVersion2"],
                            "valid", unsignedContext: ["HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion"]) {
                try signedGlucose([("metadata.HKMetadataKeySyncIdentifier", .text("app-42")), ("metadata.HKMetadataKeySyncVersion", number("3"))])
            },
            jsonWithContext("blood glucose meal time relabelled beside a version-1 record, which never signed it: valid, meal time unsigned context",
                            ["ClinicalContext", "Version1Signer"], "valid", unsignedContext: ["HKBloodGlucoseMealTime"]) {
                let sample = try VectorSampleJSON.sample(try VectorSampleJSON.parse(glucose))
                let record = try RecordBuilder.encodedRecord(for: sample, selecting: .version1Keys)
                return try m.stored(glucose, signature: try m.cms(record), [("metadata.HKBloodGlucoseMealTime", number("1"))])
            },
            jsonWithContext("heart rate of a version-1 record with motion context and user-entered flag added: valid, both unsigned context",
                            ["Version1Signer", "UnsignedMetadata"], "valid",
                            unsignedContext: ["HKMetadataKeyHeartRateMotionContext", "HKWasUserEntered"]) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate),
                             [("metadata.HKWasUserEntered", .bool(false)), ("metadata.HKMetadataKeyHeartRateMotionContext", number("1"))])
            },
            jsonWithContext("heart rate stored as signed by a version-1 signer: no unsigned context", ["Version1Signer", "AsSigned"], "valid",
                            unsignedContext: []) {
                try m.stored(R.heartRate, signature: try m.signature(R.heartRate))
            },
            jsonWithContext("blood pressure with the sync version the phone adds on its systolic object: unsigned context of the object",
                            ["UnsignedMetadata"], "valid", unsignedContext: ["objects[0].HKMetadataKeySyncVersion"]) {
                try m.stored(R.bloodPressure, signature: try m.signature(R.bloodPressure),
                             [("objects[0].metadata.HKMetadataKeySyncVersion", number("4"))])
            },
            json("record with format version 3", ["NotARecord"], "malformed") {
                try m.stored(R.heartRate, signature: try m.cms(try {
                    var dictionary = try m.recordDictionary(R.heartRate)
                    dictionary[RecordKeys.formatVersion] = .integer(DERInteger(3))
                    return RecordBuilder.encode(dictionary)
                }()))
            },
            json("record with format version 1 signing a meal time: compared like any signed key", ["ClinicalContext", "MetadataAltered"],
                 "content-mismatch", ["metadata.HKBloodGlucoseMealTime"]) {
                var dictionary = try m.recordDictionary(glucose)
                dictionary[RecordKeys.formatVersion] = .integer(DERInteger(1))
                return try m.stored(glucose, signature: try m.cms(RecordBuilder.encode(dictionary)),
                                    [("metadata.HKBloodGlucoseMealTime", number("1"))])
            },
        ]
        // export.xml stores every value as text: a number as its digits, a boolean as 0 or 1.
        let glucoseDevice = "<<HKDevice: 0x283f1c2c0>, name:Acme Gluco, manufacturer:Acme Medical Devices Inc., model:G-5>"
        func glucoseXML(mealTime: String) throws -> String {
            R.record(type: "HKQuantityTypeIdentifierBloodGlucose", unit: "mg/dL", value: "221", start: "2026-11-21 13:30:00 +0000",
                     end: "2026-11-21 13:30:00 +0000", device: glucoseDevice,
                     metadata: [("HKDeviceSerialNumber", "G5-99812"), ("HKBloodGlucoseMealTime", mealTime),
                                ("HKDigitalSignature", try m.signature(glucose))])
        }
        let typedFalse = adding("HKWasUserEntered", "false")
        func heartRateXML(wasUserEntered: String) throws -> String {
            R.record(type: "HKQuantityTypeIdentifierHeartRate", unit: "count/min", value: "72", start: "2026-11-21 08:00:00 +0000",
                     end: "2026-11-21 08:00:00 +0000", device: R.hrDeviceString,
                     metadata: [("HKDeviceSerialNumber", "HR10-000417"), ("HKWasUserEntered", wasUserEntered),
                                ("HKDigitalSignature", try m.signature(typedFalse))])
        }
        cases += [
            xml("blood glucose in export.xml with its signed meal time 2 as text", ["ClinicalContext", "FormatVersion2"], "valid") {
                try glucoseXML(mealTime: "2")
            },
            xml("blood glucose in export.xml with its meal time relabelled to 1", ["ClinicalContext", "FormatVersion2", "MetadataAltered"],
                "content-mismatch", ["metadata.HKBloodGlucoseMealTime"]) {
                try glucoseXML(mealTime: "1")
            },
            xml("heart rate in export.xml with its signed HKWasUserEntered false stored as 0", ["ClinicalContext", "FormatVersion2"], "valid") {
                try heartRateXML(wasUserEntered: "0")
            },
            xml("heart rate in export.xml with its signed HKWasUserEntered false stored as 1", ["ClinicalContext", "FormatVersion2", "MetadataAltered"],
                "content-mismatch", ["metadata.HKWasUserEntered"]) {
                try heartRateXML(wasUserEntered: "1")
            },
        ]
        for item in changed {
            cases.append(json(item.words, ["ClinicalContext", "FormatVersion2", "MetadataAltered"], "content-mismatch",
                              ["metadata." + item.key]) {
                try m.stored(item.reading, signature: try m.signature(item.reading), [("metadata." + item.key, item.stored)])
            })
        }
        return cases
    }
}
