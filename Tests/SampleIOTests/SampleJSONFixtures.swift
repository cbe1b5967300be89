/// JSON sample lines in the exact input format.
enum SampleJSONFixtures {
    static let heartRate = #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Pulse","manufacturer":"Acme Medical, Inc.","model":"P1","hardwareVersion":"1.0","firmwareVersion":"2.1","softwareVersion":"3.2","localIdentifier":"AA:BB","udiDeviceIdentifier":"00812345678901"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"SN-1"}}"#

    static let temperature = #"{"type":"HKQuantityTypeIdentifierBodyTemperature","uuid":"6F1A0C2E-8B7D-4C1E-9A55-3E2B1D0F4A77","value":36.6,"unit":"degC","startDate":"2026-11-21T08:00:00.250+01:00","endDate":"2026-11-21T08:00:00.250+01:00","metadata":{"HKBodyTemperatureSensorLocation":1,"HKWasUserEntered":false,"note":"2026-11-21T08:00:00Z"}}"#

    static let sleep = #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":1,"startDate":"2026-11-20T23:00:00Z","endDate":"2026-11-21T07:00:00Z"}"#

    static let bloodPressure = #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"mmHg","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}],"device":{"name":"BP7000","manufacturer":"Omron"},"metadata":{"HKTimeZone":"Europe/Paris"}}"#
}
