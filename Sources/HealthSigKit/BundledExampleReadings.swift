/// A copy of `examples/readings.jsonl`, so `healthsig demo` runs from any directory, also where
/// the repository is not (an installed binary). `DemoFromAnyDirectoryTests` keeps it equal to the file.
enum BundledExampleReadings {
    static let jsonLines = #"""
{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme HR Strap","manufacturer":"Acme Medical Devices Inc.","model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"HR10-000417"}}
{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"mmHg","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00"}],"device":{"name":"Acme BP-200 Cuff","manufacturer":"Acme Medical Devices Inc.","model":"BP-200","hardwareVersion":"2.1","firmwareVersion":"1.4.7","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"BP200-12345","HKMetadataKeyTimeZone":"Europe/Paris"}}
{"type":"HKQuantityTypeIdentifierBodyTemperature","value":36.6,"unit":"degC","startDate":"2026-11-21T07:30:00.250Z","endDate":"2026-11-21T07:30:00.250Z","device":{"name":"Acme Thermo","manufacturer":"Acme Medical Devices Inc.","model":"T-3"},"metadata":{"HKBodyTemperatureSensorLocation":2}}
{"type":"HKQuantityTypeIdentifierBloodGlucose","value":5.5,"unit":"mmol<180.15588000005408>/L","startDate":"2026-11-21T07:45:00-05:00","endDate":"2026-11-21T07:45:00-05:00","device":{"name":"Acme Gluco","manufacturer":"Acme Medical Devices Inc.","model":"G-5","udiDeviceIdentifier":"(01)00812345678918"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"G5-99812"}}
{"type":"HKQuantityTypeIdentifierBodyMass","value":72.4,"unit":"kg","startDate":"2026-11-21T06:50:00Z","endDate":"2026-11-21T06:50:00Z","device":{"name":"Acme Scale","manufacturer":"Acme Medical Devices Inc.","model":"S-1"}}
{"type":"HKQuantityTypeIdentifierOxygenSaturation","value":0.97,"unit":"%","startDate":"2026-11-21T08:01:00Z","endDate":"2026-11-21T08:01:00Z","device":{"name":"Acme Oximeter","manufacturer":"Acme Medical Devices Inc.","model":"OX-2"}}
{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"startDate":"2026-11-20T23:10:00Z","endDate":"2026-11-21T06:40:00Z","device":{"name":"Acme Sleep Band","manufacturer":"Acme Medical Devices Inc.","model":"SB-1"}}

"""#
}
