import HealthSamples
import SampleIO

/// The reading a report entry shows, as stored: value and unit (a correlation's members),
/// start and end in RFC 3339, the device's name and model, and the export.xml source.
struct ReportedReading: Sendable {
    /// One member of a correlation.
    struct Member: Sendable {
        let type: String
        let value: String?
        let unit: String?
    }

    /// Decimal text of a quantity, the integer of a category; nil for a correlation or when unknown.
    let value: String?
    /// Unit string of a quantity; nil otherwise.
    let unit: String?
    /// A correlation's members, in stored order; empty for other samples.
    let objects: [Member]
    let startDate: String?
    let endDate: String?
    let deviceName: String?
    let deviceModel: String?
    /// export.xml `sourceName` (the app or device that wrote the record); nil for JSON.
    let source: String?

    init(_ decided: borrowing DecidedSample) {
        // The sample is handed over as an argument, which borrows it from the decided sample;
        // switching on `decided.sample` here copied it (every string retained and released).
        self.init(decided, sample: decided.sample)
    }

    private init(_ decided: borrowing DecidedSample, sample: borrowing Sample?) {
        let item = decided.exportItem
        source = item?.sourceName
        // The fields are read from the sample's own case: `Sample`'s `startDate`, `endDate` and
        // `device` each copy the whole case out first, and the device twice (name, then model),
        // retaining every string it holds, for every reported sample.
        switch sample {
        case .quantity(let q)?:
            (value, unit, objects) = (DecimalText.format(q.quantity.value), q.quantity.unit.unitString, [])
            (startDate, endDate) = Self.dates(q.startDate, q.endDate, decided)
            (deviceName, deviceModel) = (q.device?.name, q.device?.model)
        case .category(let c)?:
            (value, unit, objects) = (String(c.value), nil, [])
            (startDate, endDate) = Self.dates(c.startDate, c.endDate, decided)
            (deviceName, deviceModel) = (c.device?.name, c.device?.model)
        case .correlation(let c)?:
            (value, unit) = (nil, nil)
            objects = c.objects.map { Member(type: $0.type.identifier, value: DecimalText.format($0.quantity.value),
                                             unit: $0.quantity.unit.unitString) }
            (startDate, endDate) = Self.dates(c.startDate, c.endDate, decided)
            (deviceName, deviceModel) = (c.device?.name, c.device?.model)
        case .workout(let w)?:
            // A workout has no single value; its duration is the one figure every workout has.
            (value, unit, objects) = (DecimalText.format(w.duration.value), w.duration.unit.unitString, [])
            (startDate, endDate) = Self.dates(w.startDate, w.endDate, decided)
            (deviceName, deviceModel) = (w.device?.name, w.device?.model)
        case nil:
            // An item that is not a valid sample: its raw attributes, dates converted when they
            // can be read (a report never shows export.xml's own date notation).
            value = item?.attribute("value")
            unit = item?.attribute("unit")
            objects = item?.records.map { Member(type: $0.type ?? $0.elementName, value: $0.attribute("value"), unit: $0.attribute("unit")) } ?? []
            startDate = item?.startDate.map(Self.rfc3339) ?? (decided.entry.startDate.isEmpty ? nil : decided.entry.startDate)
            endDate = item?.attribute("endDate").map(Self.rfc3339)
            deviceName = nil
            deviceModel = nil
        }
    }

    /// A valid sample's start and end in RFC 3339: the entry's start when it holds it as text. Most
    /// readings (a heart rate, a weight) end where they start, written alike: their end is the
    /// same text, not formatted again.
    private static func dates(_ start: SampleDate, _ end: SampleDate, _ decided: borrowing DecidedSample)
        -> (start: String, end: String) {
        let startText = switch decided.entry.start {
        case .text(let text) where !text.isEmpty: text
        default: start.rfc3339String
        }
        return (startText, start.isWrittenAlike(end) ? startText : end.rfc3339String)
    }

    /// export.xml date text in RFC 3339, or the text itself when it is not a date.
    static func rfc3339(_ exportText: String) -> String {
        (try? SampleDate(exportXML: exportText))?.rfc3339String ?? exportText
    }

    /// `72 count/min`, `3` (a category), `120/80 mmHg` (members in one unit),
    /// `30 g, 12 g, 250 kcal` (members in several units); `-` when unknown.
    var text: String {
        if !objects.isEmpty {
            let units = Set(objects.compactMap(\.unit))
            if units.count == 1, let unit = units.first {
                return objects.map { $0.value ?? "?" }.joined(separator: "/") + " " + unit
            }
            return objects.map { [$0.value, $0.unit].compactMap { $0 }.joined(separator: " ") }.joined(separator: ", ")
        }
        let parts = [value, unit].compactMap { $0 }
        return parts.isEmpty ? "-" : parts.joined(separator: " ")
    }

    /// `Acme BP-200 Cuff (BP-200)`, or nil without a device name or model.
    var deviceText: String? {
        switch (deviceName, deviceModel) {
        case (let name?, let model?): return "\(name) (\(model))"
        case (let name?, nil): return name
        case (nil, let model?): return model
        case (nil, nil): return nil
        }
    }
}
