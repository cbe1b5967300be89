/// The readings `samples.json` signs and then stores, altered or not: JSON sample text in the
/// project's format, and export.xml renderings of the same readings.
enum SampleVectorReadings {
    static let acme = #""manufacturer":"Acme Medical Devices Inc.""#
    static let hrDevice = #"{"name":"Acme HR Strap",\#(acme),"model":"HR-10","firmwareVersion":"2.3.1"}"#

    /// Heart rate 72 count/min at 08:00:00Z.
    static let heartRate = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":\#(hrDevice),"metadata":{"HKDeviceSerialNumber":"HR10-000417"}}"#
    /// Another heart-rate reading of the same device: 64 count/min at 20:15:00Z.
    static let heartRateEvening = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":64,"unit":"count/min","startDate":"2026-11-21T20:15:00Z","endDate":"2026-11-21T20:15:00Z","device":\#(hrDevice),"metadata":{"HKDeviceSerialNumber":"HR10-000417"}}"#
    /// Body temperature 36.6 degC at 07:30:00.25Z.
    static let temperature = #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":36.6,"unit":"degC","startDate":"2026-11-21T07:30:00.250Z","endDate":"2026-11-21T07:30:00.250Z","device":{"name":"Acme Thermo",\#(acme),"model":"T-3"}}"#
    /// A heart rate with the temperature's dates and device: only type, unit and value differ.
    static let heartRateLikeTemperature = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T07:30:00.250Z","endDate":"2026-11-21T07:30:00.250Z","device":{"name":"Acme Thermo",\#(acme),"model":"T-3"}}"#
    /// Blood glucose 5.5 mmol/L at 07:45 -05:00.
    static let glucose = #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":5.5,"unit":"mmol<180.15588000005408>/L","startDate":"2026-11-21T07:45:00-05:00","endDate":"2026-11-21T07:45:00-05:00","device":{"name":"Acme Gluco",\#(acme),"model":"G-5"},"metadata":{"HKDeviceSerialNumber":"G5-99812"}}"#
    static let bpDevice = #"{"name":"Acme BP-200 Cuff",\#(acme),"model":"BP-200","hardwareVersion":"2.1","firmwareVersion":"1.4.7","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"}"#

    /// Blood pressure `systolic`/`diastolic` mmHg at 08:05 +01:00, full device, serial and time zone.
    static func bloodPressure(_ systolic: Int, _ diastolic: Int) -> String {
        let dates = #""startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00""#
        return #"{"type":"HKCorrelationTypeIdentifierBloodPressure",\#(dates),"objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":\#(systolic),"unit":"mmHg",\#(dates)},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":\#(diastolic),"unit":"mmHg",\#(dates)}],"device":\#(bpDevice),"metadata":{"HKDeviceSerialNumber":"BP200-12345","HKTimeZone":"Europe/Paris"}}"#
    }

    static let bloodPressure = bloodPressure(120, 80)
    /// Respiratory rate 16.5 count/min, no device (entered by a phone app).
    static let respiratoryRate = #"{"type":"HKQuantityTypeIdentifierRespiratoryRate","value":16.5,"unit":"count/min","startDate":"2026-11-21T03:00:00Z","endDate":"2026-11-21T03:01:00Z"}"#

    /// Sleep analysis asleepCore (3).
    static let sleep = #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"startDate":"2026-11-20T23:10:00Z","endDate":"2026-11-21T06:40:00Z","device":{"name":"Acme Sleep Band",\#(acme),"model":"SB-1"}}"#
    /// A meal: energy and two carbohydrate objects (paired by position among their type).
    static let food: String = {
        let dates = #""startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z""#
        return #"{"type":"HKCorrelationTypeIdentifierFood",\#(dates),"objects":[{"type":"HKQuantityTypeIdentifierDietaryEnergyConsumed","value":250,"unit":"kcal",\#(dates)},{"type":"HKQuantityTypeIdentifierDietaryCarbohydrates","value":30,"unit":"g",\#(dates)},{"type":"HKQuantityTypeIdentifierDietaryCarbohydrates","value":12,"unit":"g",\#(dates)}],"device":{"name":"Acme NutriScale",\#(acme),"model":"N-4"}}"#
    }()

    // MARK: - export.xml

    static let hrDeviceString = "<<HKDevice: 0x283f1c0a0>, name:Acme HR Strap, manufacturer:Acme Medical Devices Inc., model:HR-10, firmware:2.3.1>"
    static let thermoDeviceString = "<<HKDevice: 0x283f1c1b0>, name:Acme Thermo, manufacturer:Acme Medical Devices Inc., model:T-3>"
    static let glucoDeviceString = "<<HKDevice: 0x283f1c2c0>, name:Acme Gluco, manufacturer:Acme Medical Devices Inc., model:G-5>"
    static let bpDeviceString = "<<HKDevice: 0x283f1c3d0>, name:Acme BP-200 Cuff, manufacturer:Acme Medical Devices Inc., model:BP-200, hardware:2.1, software:3.0.12>"
    static let sleepDeviceString = "<<HKDevice: 0x283f1c4e0>, name:Acme Sleep Band, manufacturer:Acme Medical Devices Inc., model:SB-1>"

    /// XML attribute text (`&`, `<`, `>`, `"` escaped).
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A `Record` element in the attribute order real exports use.
    static func record(type: String, unit: String?, value: String, start: String, end: String, device: String?,
                       metadata: [(String, String)], indent: String = " ") -> String {
        var attributes = [("type", type), ("sourceName", "Acme Health"), ("sourceVersion", "4.1")]
        if let device { attributes.append(("device", device)) }
        if let unit { attributes.append(("unit", unit)) }
        attributes += [("creationDate", "2026-11-21 12:00:00 +0000"), ("startDate", start), ("endDate", end), ("value", value)]
        let open = indent + "<Record " + attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ")
        guard !metadata.isEmpty else { return open + "/>" }
        let entries = metadata.map { indent + " <MetadataEntry key=\"\(escape($0.0))\" value=\"\(escape($0.1))\"/>" }
        return ([open + ">"] + entries + [indent + "</Record>"]).joined(separator: "\n")
    }

    /// A `Correlation` element holding `records`.
    static func correlation(type: String, start: String, end: String, device: String?, metadata: [(String, String)],
                            records: [String]) -> String {
        var attributes = [("type", type), ("sourceName", "Acme Health"), ("sourceVersion", "4.1")]
        if let device { attributes.append(("device", device)) }
        attributes += [("creationDate", "2026-11-21 12:00:00 +0000"), ("startDate", start), ("endDate", end)]
        let open = " <Correlation " + attributes.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: " ") + ">"
        let entries = metadata.map { "  <MetadataEntry key=\"\(escape($0.0))\" value=\"\(escape($0.1))\"/>" }
        return ([open] + entries + records + [" </Correlation>"]).joined(separator: "\n")
    }

    /// The heart rate as export.xml shows it, with `value` and `start` changeable.
    static func heartRateXML(signature: String?, value: String = "72", start: String = "2026-11-21 08:00:00 +0000",
                             device: String = hrDeviceString, signatureKey: String = "HKDigitalSignature") -> String {
        record(type: "HKQuantityTypeIdentifierHeartRate", unit: "count/min", value: value, start: start,
               end: "2026-11-21 08:00:00 +0000", device: device,
               metadata: [("HKDeviceSerialNumber", "HR10-000417")] + (signature.map { [(signatureKey, $0)] } ?? []))
    }

    /// The body temperature in the user's unit degF.
    static func temperatureXML(signature: String, value: String, unit: String = "degF") -> String {
        record(type: "HKQuantityTypeIdentifierBodyTemperature", unit: unit, value: value,
               start: "2026-11-21 07:30:00 +0000", end: "2026-11-21 07:30:00 +0000", device: thermoDeviceString,
               metadata: [("HKDigitalSignature", signature)])
    }

    /// The blood glucose in `unit`.
    static func glucoseXML(signature: String, value: String, unit: String) -> String {
        record(type: "HKQuantityTypeIdentifierBloodGlucose", unit: unit, value: value,
               start: "2026-11-21 07:45:00 -0500", end: "2026-11-21 07:45:00 -0500", device: glucoDeviceString,
               metadata: [("HKDeviceSerialNumber", "G5-99812"), ("HKDigitalSignature", signature)])
    }

    /// The blood-pressure correlation, members without device, as export.xml nests them.
    static func bloodPressureXML(signature: String, systolic: String = "120", diastolic: String = "80") -> String {
        let start = "2026-11-21 08:05:00 +0100"
        let end = "2026-11-21 08:05:40 +0100"
        return correlation(
            type: "HKCorrelationTypeIdentifierBloodPressure", start: start, end: end, device: bpDeviceString,
            metadata: [("HKDeviceSerialNumber", "BP200-12345"), ("HKTimeZone", "Europe/Paris"), ("HKDigitalSignature", signature)],
            records: [
                record(type: "HKQuantityTypeIdentifierBloodPressureSystolic", unit: "mmHg", value: systolic, start: start,
                       end: end, device: nil, metadata: [], indent: "  "),
                record(type: "HKQuantityTypeIdentifierBloodPressureDiastolic", unit: "mmHg", value: diastolic, start: start,
                       end: end, device: nil, metadata: [], indent: "  "),
            ])
    }

    /// The respiratory rate with the phone's own device description, as the Health app may add it.
    static func respiratoryRateXML(signature: String) -> String {
        record(type: "HKQuantityTypeIdentifierRespiratoryRate", unit: "count/min", value: "16.5",
               start: "2026-11-21 03:00:00 +0000", end: "2026-11-21 03:01:00 +0000",
               device: "<<HKDevice: 0x283f1c5f0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:18.1>",
               metadata: [("HKDigitalSignature", signature)])
    }

    /// The sleep record with its category label.
    static func sleepXML(signature: String, label: String = "HKCategoryValueSleepAnalysisAsleepCore") -> String {
        record(type: "HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: label,
               start: "2026-11-20 23:10:00 +0000", end: "2026-11-21 06:40:00 +0000", device: sleepDeviceString,
               metadata: [("HKDigitalSignature", signature)])
    }
}
