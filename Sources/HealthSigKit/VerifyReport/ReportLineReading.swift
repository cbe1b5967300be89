import Foundation
import HealthSamples

// Perf: read when the DecidedSample is made; read later, the sample (a 400-byte optional in a
// class) was copied whole for every line (not measured).
/// What a JSON report line shows of a sample's reading: ``ReportedReading``'s fields, with the
/// dates and the value kept as they are and written straight into the line (``ReportJSON``).
/// Read from the sample when its ``DecidedSample`` is made.
struct ReportLineReading: Sendable {
    let deviceName: String?
    let deviceModel: String?
    let start: Text
    let end: Text
    let value: Text
    let unit: String?
    let members: Members
    let source: String?

    init(deviceName: String?, deviceModel: String?, start: Text, end: Text, value: Text, unit: String?,
         members: Members, source: String?) {
        self.deviceName = deviceName
        self.deviceModel = deviceModel
        self.start = start
        self.end = end
        self.value = value
        self.unit = unit
        self.members = members
        self.source = source
    }

    /// No reading: what a decided sample without a sample holds.
    static var absent: ReportLineReading {
        ReportLineReading(deviceName: nil, deviceModel: nil, start: .absent, end: .absent, value: .absent, unit: nil,
                          members: .none, source: nil)
    }

    /// A valid sample's reading; `source` is its export.xml item's.
    init(device: Device?, start: SampleDate, end: SampleDate, value: Text, unit: String?,
         members: Members = .none, source: String?) {
        deviceName = device?.name
        deviceModel = device?.model
        self.start = .date(start)
        self.end = .date(end)
        self.value = value
        self.unit = unit
        self.members = members
        self.source = source
    }

    /// A string member's value: text, a date in RFC 3339, or a number as decimal text.
    enum Text: Sendable {
        /// A quantity's value: its parts, or (wider than 64 bits, never in practice) its text.
        static func value(of quantity: Quantity) -> Text {
            if let parts = quantity.integerParts { return .decimal(parts) }
            return .text(DecimalText.format(quantity.value))
        }

        case absent
        case text(String)
        case date(SampleDate)
        /// A decimal as the parts it is written from (``DecimalText/writePlain(_:to:)``).
        case decimal(DecimalText.IntegerParts)
        case integer(Int)

        /// Whether this is a date written as `date` is.
        func isDate(writtenAlike date: SampleDate) -> Bool {
            if case .date(let own) = self { return own.isWrittenAlike(date) }
            return false
        }
    }

    /// A correlation's members.
    enum Members: Sendable {
        case none
        case samples([QuantitySample])
        case texts([ReportedReading.Member])
    }
}

extension Sample {
    /// What a report line shows of the sample. The fields are read from the sample's own case:
    /// `Sample`'s `startDate`, `endDate` and `device` each copy the whole case out first.
    func reportLineReading(source: String?) -> ReportLineReading {
        switch self {
        case .quantity(let q):
            ReportLineReading(device: q.device, start: q.startDate, end: q.endDate,
                              value: .value(of: q.quantity),
                              unit: q.quantity.unit.unitString, source: source)
        case .category(let c):
            ReportLineReading(device: c.device, start: c.startDate, end: c.endDate, value: .integer(c.value),
                              unit: nil, source: source)
        case .correlation(let c):
            ReportLineReading(device: c.device, start: c.startDate, end: c.endDate, value: .absent, unit: nil,
                              members: .samples(c.objects), source: source)
        case .workout(let w):
            // A workout has no single value; its duration is the one figure every workout has.
            ReportLineReading(device: w.device, start: w.startDate, end: w.endDate,
                              value: .value(of: w.duration),
                              unit: w.duration.unit.unitString, source: source)
        }
    }
}
