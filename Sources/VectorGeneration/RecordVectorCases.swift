/// The hand-written `records.json` cases: a sample in the JSON sample format and the fields its
/// signed record must decode to (docs/FORMAT.md), written from the format, not from this
/// implementation's output.
enum RecordVectorCases {
    /// The flag of a record built under format version 1's rule (``RecordBuilder/MetadataSelection/version1Keys``).
    static let version1Flag = "Version1Signer"

    struct Case {
        let comment: String
        let flags: [String]
        let sample: String
        let decoded: String
        /// The record bytes when a document gives them (docs/FORMAT.md's worked example); else
        /// the record is built from `sample`.
        var recordDer: String? = nil
    }

    /// docs/FORMAT.md, "Example": heart rate 72 count/min at 2026-11-21T08:00:00Z, no device,
    /// no metadata, 125 bytes, copied from the hex dump there.
    /// docs/FORMAT.md, "Format versions": the post-meal glucose whose meal time is signed, 167
    /// bytes, copied from the hex dump there.
    static let formatVersion2Example = "3181a430070c026676020102300a0c01750c056d672f644c300d0c01760908033232312e452b3030140c0165180f32303236313132313133333030305a30140c0173180f32303236313132313133333030305a30270c016d312230200c16484b426c6f6f64476c75636f73654d65616c54696d65090603322e452b3030290c01740c24484b5175616e74697479547970654964656e746966696572426c6f6f64476c75636f7365"

    static let formatExample = "317b30070c026676020101300c0c017609070337322e452b30300e0c01750c09636f756e742f6d696e30140c0165180f32303236313132313038303030305a30140c0173180f32303236313132313038303030305a30260c01740c21484b5175616e74697479547970654964656e746966696572486561727452617465"

    /// docs/FORMAT.md, "Workouts": the run with a pause and a lap, 176 bytes, copied from the hex
    /// dump there.
    static let workoutFormatExample = "3181ad30070c02617402012530070c026676020101300d0c0264750907033234332e453130140c0165180f32303236313132303036343231305a30140c0173180f32303236313132303036303030305a30140c027464300e0908033632312e452d320c026b6d301c0c01740c17484b576f726b6f7574547970654964656e746966696572302a0c0265763024300b02010109060331322e4532301502010309060331382e45320908033930352e452d31"

    static let acme = #""manufacturer":"Acme Medical Devices Inc.""#

    static let all: [Case] = [
        Case(comment: "heart rate with a device name", flags: ["Quantity"],
             sample: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme HR"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme HR"}}"#),
        Case(comment: "blood pressure correlation with every device field and offset dates", flags: ["Correlation", "FullDevice", "OffsetDate", "SignedMetadata"],
             sample: #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"mmHg","startDate":"2026-11-21T08:05:00+01:00","endDate":"2026-11-21T08:05:40+01:00"}],"device":{"name":"Acme BP-200 Cuff",\#(acme),"model":"BP-200","hardwareVersion":"2.1","firmwareVersion":"1.4.7","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"},"metadata":{"HKDeviceSerialNumber":"BP200-12345","HKTimeZone":"Europe/Paris"}}"#,
             decoded: #"{"type":"HKCorrelationTypeIdentifierBloodPressure","startDate":"2026-11-21T07:05:00Z","endDate":"2026-11-21T07:05:40Z","objects":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":120,"unit":"mmHg","startDate":"2026-11-21T07:05:00Z","endDate":"2026-11-21T07:05:40Z"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"mmHg","startDate":"2026-11-21T07:05:00Z","endDate":"2026-11-21T07:05:40Z"}],"device":{"name":"Acme BP-200 Cuff",\#(acme),"model":"BP-200","hardwareVersion":"2.1","firmwareVersion":"1.4.7","softwareVersion":"3.0.12","localIdentifier":"AA:BB:CC:DD:EE:FF","udiDeviceIdentifier":"(01)00812345678901(21)SN12345"},"metadata":{"HKDeviceSerialNumber":"BP200-12345","HKTimeZone":"Europe/Paris"}}"#),
        Case(comment: "body temperature 36.6 degC at a quarter second, unsigned metadata left out", flags: ["Quantity", "FractionalSeconds", "UnsignedMetadata", "Version1Signer"],
             sample: #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":36.6,"unit":"degC","startDate":"2026-11-21T07:30:00.250Z","endDate":"2026-11-21T07:30:00.250Z","device":{"name":"Acme Thermo",\#(acme),"model":"T-3"},"metadata":{"HKBodyTemperatureSensorLocation":2}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":36.6,"unit":"degC","startDate":"2026-11-21T07:30:00.25Z","endDate":"2026-11-21T07:30:00.25Z","device":{"name":"Acme Thermo",\#(acme),"model":"T-3"}}"#),
        Case(comment: "blood glucose 5.5 mmol/L with the molar-mass unit, offset -05:00", flags: ["Quantity", "OffsetDate", "SignedMetadata"],
             sample: #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":5.5,"unit":"mmol<180.15588000005408>/L","startDate":"2026-11-21T07:45:00-05:00","endDate":"2026-11-21T07:45:00-05:00","device":{"name":"Acme Gluco",\#(acme),"model":"G-5","udiDeviceIdentifier":"(01)00812345678918"},"metadata":{"HKDeviceSerialNumber":"G5-99812"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":5.5,"unit":"mmol<180.15588000005408>/L","startDate":"2026-11-21T12:45:00Z","endDate":"2026-11-21T12:45:00Z","device":{"name":"Acme Gluco",\#(acme),"model":"G-5","udiDeviceIdentifier":"(01)00812345678918"},"metadata":{"HKDeviceSerialNumber":"G5-99812"}}"#),
        Case(comment: "body mass 72.4 kg", flags: ["Quantity"],
             sample: #"{"type":"HKQuantityTypeIdentifierBodyMass","value":72.4,"unit":"kg","startDate":"2026-11-21T06:50:00Z","endDate":"2026-11-21T06:50:00Z","device":{"name":"Acme Scale",\#(acme),"model":"S-1"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBodyMass","value":72.4,"unit":"kg","startDate":"2026-11-21T06:50:00Z","endDate":"2026-11-21T06:50:00Z","device":{"name":"Acme Scale",\#(acme),"model":"S-1"}}"#),
        Case(comment: "oxygen saturation 0.97 %", flags: ["Quantity"],
             sample: #"{"type":"HKQuantityTypeIdentifierOxygenSaturation","value":0.97,"unit":"%","startDate":"2026-11-21T08:01:00Z","endDate":"2026-11-21T08:01:00Z","device":{"name":"Acme Oximeter",\#(acme),"model":"OX-2"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierOxygenSaturation","value":0.97,"unit":"%","startDate":"2026-11-21T08:01:00Z","endDate":"2026-11-21T08:01:00Z","device":{"name":"Acme Oximeter",\#(acme),"model":"OX-2"}}"#),
        Case(comment: "sleep analysis asleepCore (3) over night", flags: ["Category"],
             sample: #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"startDate":"2026-11-20T23:10:00Z","endDate":"2026-11-21T06:40:00Z","device":{"name":"Acme Sleep Band",\#(acme),"model":"SB-1"}}"#,
             decoded: #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"startDate":"2026-11-20T23:10:00Z","endDate":"2026-11-21T06:40:00Z","device":{"name":"Acme Sleep Band",\#(acme),"model":"SB-1"}}"#),
        Case(comment: "step count 1234 over an hour", flags: ["Quantity", "Cumulative"],
             sample: #"{"type":"HKQuantityTypeIdentifierStepCount","value":1234,"unit":"count","startDate":"2026-11-21T09:00:00Z","endDate":"2026-11-21T10:00:00Z","device":{"name":"Acme Pedometer",\#(acme),"model":"P-1","softwareVersion":"5.2"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierStepCount","value":1234,"unit":"count","startDate":"2026-11-21T09:00:00Z","endDate":"2026-11-21T10:00:00Z","device":{"name":"Acme Pedometer",\#(acme),"model":"P-1","softwareVersion":"5.2"}}"#),
        Case(comment: "dietary caffeine 95 mg", flags: ["Quantity", "Dietary"],
             sample: #"{"type":"HKQuantityTypeIdentifierDietaryCaffeine","value":95,"unit":"mg","startDate":"2026-11-21T08:30:00Z","endDate":"2026-11-21T08:30:00Z","device":{"name":"Acme Coffee Machine",\#(acme),"model":"C-9"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierDietaryCaffeine","value":95,"unit":"mg","startDate":"2026-11-21T08:30:00Z","endDate":"2026-11-21T08:30:00Z","device":{"name":"Acme Coffee Machine",\#(acme),"model":"C-9"}}"#),
        Case(comment: "food correlation with energy, carbohydrates and protein", flags: ["Correlation", "Dietary", "Version1Signer"],
             sample: #"{"type":"HKCorrelationTypeIdentifierFood","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z","objects":[{"type":"HKQuantityTypeIdentifierDietaryEnergyConsumed","value":250,"unit":"kcal","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"},{"type":"HKQuantityTypeIdentifierDietaryCarbohydrates","value":30,"unit":"g","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"},{"type":"HKQuantityTypeIdentifierDietaryProtein","value":12.5,"unit":"g","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"}],"device":{"name":"Acme NutriScale",\#(acme),"model":"N-4"},"metadata":{"HKFoodType":"TEST sandwich"}}"#,
             decoded: #"{"type":"HKCorrelationTypeIdentifierFood","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z","objects":[{"type":"HKQuantityTypeIdentifierDietaryEnergyConsumed","value":250,"unit":"kcal","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"},{"type":"HKQuantityTypeIdentifierDietaryCarbohydrates","value":30,"unit":"g","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"},{"type":"HKQuantityTypeIdentifierDietaryProtein","value":12.5,"unit":"g","startDate":"2026-11-21T12:30:00Z","endDate":"2026-11-21T12:30:00Z"}],"device":{"name":"Acme NutriScale",\#(acme),"model":"N-4"}}"#),
        Case(comment: "heart rate with nine fraction digits and a half-second end", flags: ["Quantity", "FractionalSeconds"],
             sample: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":71,"unit":"count/min","startDate":"2026-11-21T08:00:00.123456789Z","endDate":"2026-11-21T08:00:01.5Z","device":{"name":"Acme HR"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":71,"unit":"count/min","startDate":"2026-11-21T08:00:00.123456789Z","endDate":"2026-11-21T08:00:01.5Z","device":{"name":"Acme HR"}}"#),
        Case(comment: "body mass 80 kg at a +05:30 offset", flags: ["Quantity", "OffsetDate"],
             sample: #"{"type":"HKQuantityTypeIdentifierBodyMass","value":80,"unit":"kg","startDate":"2026-11-21T12:00:00+05:30","endDate":"2026-11-21T12:00:00+05:30","device":{"name":"Acme Scale",\#(acme),"model":"S-1"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBodyMass","value":80,"unit":"kg","startDate":"2026-11-21T06:30:00Z","endDate":"2026-11-21T06:30:00Z","device":{"name":"Acme Scale",\#(acme),"model":"S-1"}}"#),
        Case(comment: "heart rate with all five signed metadata keys and two unsigned ones", flags: ["Quantity", "SignedMetadata", "UnsignedMetadata", "Version1Signer"],
             sample: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":64,"unit":"count/min","startDate":"2026-11-21T20:15:00Z","endDate":"2026-11-21T20:15:00Z","device":{"name":"Acme HR Strap",\#(acme),"model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKDeviceSerialNumber":"HR10-000417","HKUDIDeviceIdentifier":"(01)00812345678901","HKUDIProductionIdentifier":"(10)LOT42(21)SN7","HKExternalUUID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","HKTimeZone":"Europe/Berlin","HKWasUserEntered":false,"HKMetadataKeyHeartRateMotionContext":1}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":64,"unit":"count/min","startDate":"2026-11-21T20:15:00Z","endDate":"2026-11-21T20:15:00Z","device":{"name":"Acme HR Strap",\#(acme),"model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKDeviceSerialNumber":"HR10-000417","HKUDIDeviceIdentifier":"(01)00812345678901","HKUDIProductionIdentifier":"(10)LOT42(21)SN7","HKExternalUUID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","HKTimeZone":"Europe/Berlin"}}"#),
        Case(comment: "metadata keys in their SDK spelling are signed under the stored spelling", flags: ["Quantity", "SignedMetadata", "SDKKeySpelling"],
             sample: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme HR Strap",\#(acme),"model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKMetadataKeyDeviceSerialNumber":"HR10-000417","HKMetadataKeyTimeZone":"Europe/Berlin"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z","device":{"name":"Acme HR Strap",\#(acme),"model":"HR-10","firmwareVersion":"2.3.1"},"metadata":{"HKDeviceSerialNumber":"HR10-000417","HKTimeZone":"Europe/Berlin"}}"#),
        Case(comment: "blood alcohol content 0.0004 %, a small decimal", flags: ["Quantity"],
             sample: #"{"type":"HKQuantityTypeIdentifierBloodAlcoholContent","value":0.0004,"unit":"%","startDate":"2026-11-21T22:00:00Z","endDate":"2026-11-21T22:00:00Z","device":{"name":"Acme Breath",\#(acme),"model":"BA-1"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBloodAlcoholContent","value":0.0004,"unit":"%","startDate":"2026-11-21T22:00:00Z","endDate":"2026-11-21T22:00:00Z","device":{"name":"Acme Breath",\#(acme),"model":"BA-1"}}"#),
        Case(comment: "flights climbed 0: REAL zero has no content octets", flags: ["Quantity", "Zero"],
             sample: #"{"type":"HKQuantityTypeIdentifierFlightsClimbed","value":0,"unit":"count","startDate":"2026-11-21T09:00:00Z","endDate":"2026-11-21T10:00:00Z","device":{"name":"Acme Pedometer",\#(acme),"model":"P-1"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierFlightsClimbed","value":0,"unit":"count","startDate":"2026-11-21T09:00:00Z","endDate":"2026-11-21T10:00:00Z","device":{"name":"Acme Pedometer",\#(acme),"model":"P-1"}}"#),
        Case(comment: "body temperature 98.24 degF", flags: ["Quantity"],
             sample: #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":98.24,"unit":"degF","startDate":"2026-11-21T07:35:00Z","endDate":"2026-11-21T07:35:00Z","device":{"name":"Acme Thermo US",\#(acme),"model":"T-3F"}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBodyTemperature","value":98.24,"unit":"degF","startDate":"2026-11-21T07:35:00Z","endDate":"2026-11-21T07:35:00Z","device":{"name":"Acme Thermo US",\#(acme),"model":"T-3F"}}"#),
        Case(comment: "respiratory rate 16.5 count/min without a device", flags: ["Quantity", "NoDevice"],
             sample: #"{"type":"HKQuantityTypeIdentifierRespiratoryRate","value":16.5,"unit":"count/min","startDate":"2026-11-21T03:00:00Z","endDate":"2026-11-21T03:01:00Z"}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierRespiratoryRate","value":16.5,"unit":"count/min","startDate":"2026-11-21T03:00:00Z","endDate":"2026-11-21T03:01:00Z"}"#),
        Case(comment: "heart rate without device or metadata, the worked example of docs/FORMAT.md", flags: ["Quantity", "NoDevice"],
             sample: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"unit":"count/min","startDate":"2026-11-21T08:00:00Z","endDate":"2026-11-21T08:00:00Z"}"#,
             recordDer: formatExample),
        Case(comment: "workout: the run of docs/FORMAT.md, a pause and a 90.5-second lap", flags: ["Workout", "NoDevice", "OffsetDate"],
             sample: #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeRunning","startDate":"2026-11-20T07:00:00+01:00","endDate":"2026-11-20T07:42:10+01:00","duration":2430,"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T07:20:00+01:00"},{"type":"HKWorkoutEventTypeLap","date":"2026-11-20T07:30:00+01:00","duration":90.5}]}"#,
             decoded: #"{"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T06:00:00Z","endDate":"2026-11-20T06:42:10Z","duration":2430,"totalDistance":{"value":6.21,"unit":"km"},"events":[{"type":1,"date":"2026-11-20T06:20:00Z"},{"type":3,"date":"2026-11-20T06:30:00Z","duration":90.5}]}"#,
             recordDer: workoutFormatExample),
        Case(comment: "workout: treadmill run with device, three totals, workout metadata signed and weather left out", flags: ["Workout", "SignedMetadata", "UnsignedMetadata", "SDKKeySpelling"],
             sample: #"{"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T06:00:00Z","endDate":"2026-11-20T06:45:00Z","duration":2400,"totalEnergyBurned":{"value":412.5,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"totalFlightsClimbed":{"value":0,"unit":"count"},"events":[{"type":"HKWorkoutEventTypePause","date":"2026-11-20T06:20:00Z"},{"type":"HKWorkoutEventTypeResume","date":"2026-11-20T06:25:00Z"},{"type":"HKWorkoutEventTypeMotionPaused","date":"2026-11-20T06:30:00Z"},{"type":"HKWorkoutEventTypeMotionResumed","date":"2026-11-20T06:30:20Z"},{"type":"HKWorkoutEventTypeMarker","date":"2026-11-20T06:40:00Z"}],"device":{"name":"Acme Treadmill",\#(acme),"model":"T-900","firmwareVersion":"4.2"},"metadata":{"HKIndoorWorkout":true,"HKMetadataKeyWorkoutBrandName":"Acme Intervals","HKAverageSpeed":"2.6 m/s","HKElevationAscended":"42 m","HKDeviceSerialNumber":"T900-0042","HKWeatherTemperature":"56 degF","HKWeatherHumidity":"45 %"}}"#,
             decoded: #"{"type":"HKWorkoutTypeIdentifier","activityType":37,"startDate":"2026-11-20T06:00:00Z","endDate":"2026-11-20T06:45:00Z","duration":2400,"totalEnergyBurned":{"value":412.5,"unit":"kcal"},"totalDistance":{"value":6.21,"unit":"km"},"totalFlightsClimbed":{"value":0,"unit":"count"},"events":[{"type":1,"date":"2026-11-20T06:20:00Z"},{"type":2,"date":"2026-11-20T06:25:00Z"},{"type":5,"date":"2026-11-20T06:30:00Z"},{"type":6,"date":"2026-11-20T06:30:20Z"},{"type":4,"date":"2026-11-20T06:40:00Z"}],"device":{"name":"Acme Treadmill",\#(acme),"model":"T-900","firmwareVersion":"4.2"},"metadata":{"HKIndoorWorkout":true,"HKWorkoutBrandName":"Acme Intervals","HKAverageSpeed":"2.6 m/s","HKElevationAscended":"42 m","HKDeviceSerialNumber":"T900-0042"}}"#),
        Case(comment: "workout: pool swim, duration in minutes, fractional start, lap with stroke style and no duration", flags: ["Workout", "FractionalSeconds", "SignedMetadata"],
             sample: #"{"type":"HKWorkoutTypeIdentifier","activityType":"HKWorkoutActivityTypeSwimming","startDate":"2026-11-20T18:00:00.5Z","endDate":"2026-11-20T18:30:00Z","duration":{"value":29.5,"unit":"min"},"totalDistance":{"value":1000,"unit":"m"},"totalSwimmingStrokeCount":{"value":640,"unit":"count"},"events":[{"type":"HKWorkoutEventTypeLap","date":"2026-11-20T18:00:00.5Z","metadata":{"HKSwimmingStrokeStyle":2}},{"type":"HKWorkoutEventTypeSegment","date":"2026-11-20T18:10:00.75Z","duration":{"value":250,"unit":"ms"}}],"metadata":{"HKLapLength":"25 m","HKSwimmingLocationType":1}}"#,
             decoded: #"{"type":"HKWorkoutTypeIdentifier","activityType":46,"startDate":"2026-11-20T18:00:00.5Z","endDate":"2026-11-20T18:30:00Z","duration":1770,"totalDistance":{"value":1000,"unit":"m"},"totalSwimmingStrokeCount":{"value":640,"unit":"count"},"events":[{"type":3,"date":"2026-11-20T18:00:00.5Z","metadata":{"HKSwimmingStrokeStyle":2}},{"type":7,"date":"2026-11-20T18:10:00.75Z","duration":0.25}],"metadata":{"HKLapLength":"25 m","HKSwimmingLocationType":1}}"#),
        Case(comment: "blood glucose 221 mg/dL after a meal: the format-version-2 example of docs/FORMAT.md, meal time signed", flags: ["Quantity", "NoDevice", "FormatVersion2"],
             sample: #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":221,"unit":"mg/dL","startDate":"2026-11-21T13:30:00Z","endDate":"2026-11-21T13:30:00Z","metadata":{"HKBloodGlucoseMealTime":2}}"#,
             decoded: #"{"type":"HKQuantityTypeIdentifierBloodGlucose","value":221,"unit":"mg/dL","startDate":"2026-11-21T13:30:00Z","endDate":"2026-11-21T13:30:00Z","metadata":{"HKBloodGlucoseMealTime":2}}"#,
             recordDer: formatVersion2Example),
    ]
}
