/// Readings of every sample kind for `healthsig bench --full-path`: the seven kinds of the
/// bundled examples (heart rate, blood-pressure correlation, body temperature, blood glucose,
/// body mass, oxygen saturation, sleep analysis), each with its full device and metadata, and
/// values and dates that differ from one set to the next.
enum BenchmarkReadings {
    /// The seven JSON Lines readings of set `index` (0-based), each line ending in a line feed.
    static func lines(set index: Int) -> String {
        let minute = index % 60, hour = index / 60 % 24, day = 1 + index / 1440 % 28
        let date = "2026-11-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
        let v = index % 40
        return """
        {"type":"HKQuantityTypeIdentifierHeartRate","value":\(50 + v),"unit":"count/min","startDate":"\(date):00Z","endDate":"\(date):00Z","device":{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"HR10-000417"}}
        {"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"\(date):05+01:00","endDate":"\(date):45+01:00","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":\(100 + v),"unit":"mmHg","startDate":"\(date):05+01:00","endDate":"\(date):45+01:00"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":\(60 + v),"unit":"mmHg","startDate":"\(date):05+01:00","endDate":"\(date):45+01:00"}],"device":{"name":"Acme BP-200 Cuff","manufacturer":"Acme Medical Devices Inc.","model":"BP-200","hardwareVersion":"2.1","firmwareVersion":"1.4.7","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"BP200-12345","HKMetadataKeyTimeZone":"Europe/Paris"}}
        {"type":"HKQuantityTypeIdentifierBodyTemperature","value":36.\(v % 10),"unit":"degC","startDate":"\(date):10.250Z","endDate":"\(date):10.250Z","device":{"name":"Acme Thermo","manufacturer":"Acme Medical Devices Inc.","model":"T-3"},"metadata":{"HKBodyTemperatureSensorLocation":2}}
        {"type":"HKQuantityTypeIdentifierBloodGlucose","value":5.\(v % 10),"unit":"mmol<180.15588000005408>/L","startDate":"\(date):15-05:00","endDate":"\(date):15-05:00","device":{"name":"Acme Gluco","manufacturer":"Acme Medical Devices Inc.","model":"G-5","udiDeviceIdentifier":"(01)00812345678918"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"G5-99812"}}
        {"type":"HKQuantityTypeIdentifierBodyMass","value":7\(v % 10).4,"unit":"kg","startDate":"\(date):20Z","endDate":"\(date):20Z","device":{"name":"Acme Scale","manufacturer":"Acme Medical Devices Inc.","model":"S-1"}}
        {"type":"HKQuantityTypeIdentifierOxygenSaturation","value":0.9\(v % 10),"unit":"%","startDate":"\(date):25Z","endDate":"\(date):25Z","device":{"name":"Acme Oximeter","manufacturer":"Acme Medical Devices Inc.","model":"OX-2"}}
        {"type":"HKCategoryTypeIdentifierSleepAnalysis","value":\(3 + v % 3),"startDate":"\(date):30Z","endDate":"\(date):50Z","device":{"name":"Acme Sleep Band","manufacturer":"Acme Medical Devices Inc.","model":"SB-1"}}

        """
    }

    /// An export.xml Record of set `index`: an unsigned heart-rate reading as the Health app
    /// writes one, with a device string and a metadata entry.
    static func exportRecord(_ index: Int) -> String {
        let minute = index % 60, hour = index / 60 % 24, day = 1 + index / 1440 % 28
        let date = "2026-11-\(day < 10 ? "0" : "")\(day) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00 +0100"
        return """
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Acme" sourceVersion="2.3.1" device="&lt;&lt;HKDevice: 0x280f0c0a0&gt;, name:Acme HR Strap, manufacturer:Acme Medical Devices Inc., model:HR-10, software:2.3.1&gt;" unit="count/min" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(50 + index % 40)">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>

        """
    }
}
