/// The readings `batch.json` signs in batches: a few consecutive samples of one device for each
/// sample kind, as JSON sample text in the project's format.
enum BatchVectorReadings {
    typealias R = SampleVectorReadings

    /// A heart rate of the strap of `samples.json` at `time` (HH:MM:SS, UTC, 2026-11-21).
    static func heartRate(_ value: Int, at time: String) -> String {
        R.heartRate.replacingOccurrences(of: #""value":72"#, with: #""value":\#(value)"#)
            .replacingOccurrences(of: "2026-11-21T08:00:00Z", with: "2026-11-21T\(time)Z")
    }

    /// A heart rate of the strap of `samples.json` at `instant` (RFC 3339, UTC).
    static func heartRate(_ value: Int, instant: String) -> String {
        R.heartRate.replacingOccurrences(of: #""value":72"#, with: #""value":\#(value)"#)
            .replacingOccurrences(of: "2026-11-21T08:00:00Z", with: instant)
    }

    /// Batch A: 72, 75 and 71 count/min five seconds apart.
    static let quantity = [heartRate(72, at: "08:00:00"), heartRate(75, at: "08:00:05"), heartRate(71, at: "08:00:10")]
    /// Batch A's times with other values (140, 141, 142 count/min): what a forger would sign.
    static let quantityForged = [heartRate(140, at: "08:00:00"), heartRate(141, at: "08:00:05"), heartRate(142, at: "08:00:10")]
    /// Batch B of the same strap an hour later: 80, 81 and 82 count/min.
    static let quantityLater = [heartRate(80, at: "09:00:00"), heartRate(81, at: "09:00:05"), heartRate(82, at: "09:00:10")]

    /// A night of sleep stages (asleepCore 3, asleepDeep 4, asleepREM 5) from the sleep band.
    static let category: [String] = [
        ("3", "2026-11-20T23:10:00Z", "2026-11-21T01:00:00Z"),
        ("4", "2026-11-21T01:00:00Z", "2026-11-21T03:00:00Z"),
        ("5", "2026-11-21T03:00:00Z", "2026-11-21T06:40:00Z"),
    ].map { value, start, end in
        R.sleep.replacingOccurrences(of: #""value":3"#, with: #""value":\#(value)"#)
            .replacingOccurrences(of: "2026-11-20T23:10:00Z", with: start)
            .replacingOccurrences(of: "2026-11-21T06:40:00Z", with: end)
    }

    /// Two blood-pressure readings of the cuff, half an hour apart.
    static let correlation = [R.bloodPressure(120, 80), R.bloodPressure(118, 79).replacingOccurrences(of: "T08:05:", with: "T08:35:")]

    /// The treadmill run of `samples.json`, and the same run a day later.
    static let workout = [R.workout, R.workout.replacingOccurrences(of: "2026-11-20T", with: "2026-11-21T")]
}
