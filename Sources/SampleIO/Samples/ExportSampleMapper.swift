import Foundation
import HealthSamples

/// Maps export.xml items to samples.
///
/// - A `Record` of a catalog quantity type becomes a ``HealthSamples/QuantitySample``: `value`
///   text → `Decimal` exactly, `unit` → ``HealthSamples/HealthUnit``, dates via
///   ``HealthSamples/SampleDate/init(exportXML:)``.
/// - A `Record` of a catalog category type becomes a ``HealthSamples/CategorySample``: the value
///   is a label (`HKCategoryValueSleepAnalysisInBed`, older aliases accepted) or an integer;
///   a missing value (mindful sessions) means `HKCategoryValueNotApplicable` (0) for categories
///   whose only value that is. A `unit` attribute on a category record is ignored.
/// - A `Correlation` becomes a ``HealthSamples/Correlation`` whose objects are its nested
///   records (quantity samples; field paths `objects[i].…`).
/// - A `Workout` becomes a ``HealthSamples/Workout`` (see ``workout(_:)``).
/// - `device` is parsed with ``HKDeviceDescription`` (`creation date` dropped); metadata values
///   become strings (export.xml renders every value as text); export records have no UUID.
/// - `sourceName`, `sourceVersion` and `creationDate` have no place in the sample model: they
///   stay available in ``StoredSample/exportItem``.
///
/// The mapper remembers the last record type, device string and unit text it parsed: consecutive records
/// nearly always repeat them, and this keeps the cost per record low for exports with
/// millions of records.
public struct ExportSampleMapper {
    private var lastDeviceText: String?
    private var lastDevice: Device?
    private var lastUnitText: String?
    private var lastUnit: HealthUnit?
    private var lastDateText: String?
    private var lastDate: SampleDate?
    private var lastRecordTypeText: String?
    private var lastRecordType: RecordType?
    private var lastCountableType: [UInt8] = []
    private var lastTypeIsCountable = false

    /// What a `Record`'s `type` names in the catalogs.
    private enum RecordType {
        case quantity(QuantityType)
        case category(CategoryType)
        case unknown
    }

    /// Creates a mapper.
    public init() {}

    /// Maps one item.
    public mutating func map(_ item: ExportXMLItem) -> ExportSampleOutcome {
        do throws(SampleInputError) {
            guard let sample = try sample(for: item) else { return .unsupported(item) }
            do {
                try SampleValidator.validate(sample)
            } catch {
                throw SampleInputError(line: item.line, field: error.field, reason: .invalidSample(error))
            }
            return .sample(StoredSample(sample: sample, position: item.position, line: item.line, source: .exportXML,
                                        precision: .healthExport, exportItem: item))
        } catch {
            var error = error
            if item.signatureText != nil || item.metadata.contains(where: { BatchSignatureKeys.contains($0.key) }) {
                error.storedFields = item.storedFields
            }
            return .invalid(item, error)
        }
    }

    /// The sample for `item`, or `nil` when its type is not in the catalogs.
    private mutating func sample(for item: ExportXMLItem) throws(SampleInputError) -> Sample? {
        guard let identifier = item.type else { throw SampleInputError(line: item.line, field: "type", reason: .missingField) }
        switch item.kind {
        case .record:
            // Records of one type come in long runs: the last lookup is remembered.
            // Perf: ≈ 700 instructions a record of export.xml verify (2.1 %), as in ExportXMLReader.
            switch recordType(identifier) {
            case .quantity(let type): return .quantity(try quantitySample(item, type: type, path: ""))
            case .category(let type): return .category(try categorySample(item, type: type))
            case .unknown: return nil
            }
        case .correlation:
            guard let type = CorrelationType.named(identifier) else { return nil }
            var members: [QuantitySample] = []
            for (index, record) in item.records.enumerated() {
                let path = "objects[\(index)]"
                guard let memberIdentifier = record.type else {
                    throw SampleInputError(line: record.line, field: path + ".type", reason: .missingField)
                }
                guard let memberType = QuantityType.named(memberIdentifier) else {
                    let reason: SampleInputError.Reason = CategoryType.named(memberIdentifier) != nil
                        ? .wrongSampleKind(expected: "quantity", found: "category") : .unsupportedType(memberIdentifier)
                    throw SampleInputError(line: record.line, field: path + ".type", reason: reason)
                }
                members.append(try quantitySample(record, type: memberType, path: path + "."))
            }
            let (start, end) = try dates(item, path: "")
            return .correlation(Correlation(type: type, startDate: start, endDate: end, objects: members,
                                            device: try device(item, path: ""), metadata: metadata(item)))
        case .workout:
            return .workout(try workout(item))
        case .workoutEvent, .workoutStatistics:
            return nil  // children of a workout, never returned as items
        }
    }

    /// What the catalogs name `identifier`; the last lookup is remembered.
    private mutating func recordType(_ identifier: String) -> RecordType {
        if identifier == lastRecordTypeText, let lastRecordType { return lastRecordType }
        let recordType = QuantityType.named(identifier).map(RecordType.quantity)
            ?? CategoryType.named(identifier).map(RecordType.category) ?? .unknown
        (lastRecordTypeText, lastRecordType) = (identifier, recordType)
        return recordType
    }

    /// Whether `item` is a `Record` that ``map(_:)`` maps as a quantity or category sample of
    /// its catalog type, reported under the very `type` text it carries (spelled byte for byte
    /// as the catalog spells it: a canonically equivalent spelling maps to the catalog's, which
    /// a report would then name instead), of a type no correlation holds (a record of such a
    /// type may be a member's copy, which only its whole sample settles).
    public mutating func isCountableUnsignedRecordType(_ item: ExportXMLItem) -> Bool {
        guard item.kind == .record, var identifier = item.type else { return false }
        return identifier.withUTF8 { utf8 in
            // Perf: the last answer is kept with its bytes; the catalogs' String lookups (and a
            // String comparison of the bytes) cost about 3,000 instructions a record.
            let same = utf8.count == lastCountableType.count && lastCountableType.withUnsafeBufferPointer { last in
                guard let kept = last.baseAddress, let read = utf8.baseAddress else { return utf8.isEmpty }
                return memcmp(kept, read, utf8.count) == 0
            }
            if same { return lastTypeIsCountable }
            let countable = if let type = QuantityType.named(utf8: utf8) {
                !CorrelationMemberCopy.isMemberType(type)
            } else {
                CategoryType.named(utf8: utf8) != nil
            }
            (lastCountableType, lastTypeIsCountable) = (Array(utf8), countable)
            return countable
        }
    }

    private mutating func quantitySample(_ item: ExportXMLItem, type: QuantityType, path: String) throws(SampleInputError) -> QuantitySample {
        guard let valueText = item.value else { throw SampleInputError(line: item.line, field: path + "value", reason: .missingField) }
        let value: DecimalText.ExactDecimal
        do {
            value = try DecimalText.parseExactly(valueText)
        } catch {
            throw SampleInputError(line: item.line, field: path + "value", reason: .invalidNumber(error))
        }
        guard let unitText = item.unit else { throw SampleInputError(line: item.line, field: path + "unit", reason: .missingField) }
        let unit: HealthUnit
        if unitText == lastUnitText, let cached = lastUnit {
            unit = cached
        } else {
            do {
                unit = try HealthUnit(unitText)
            } catch {
                throw SampleInputError(line: item.line, field: path + "unit", reason: .invalidUnit(error))
            }
            lastUnitText = unitText
            lastUnit = unit
        }
        let (start, end) = try dates(item, path: path)
        return QuantitySample(type: type, quantity: Quantity(value, unit: unit, fractionDigits: Self.fractionDigits(of: valueText)),
                              startDate: start, endDate: end,
                              device: try device(item, path: path), metadata: metadata(item))
    }

    private mutating func categorySample(_ item: ExportXMLItem, type: CategoryType) throws(SampleInputError) -> CategorySample {
        let value: Int
        if let text = item.value {
            if let rawValue = type.rawValue(forLabel: text) {
                value = rawValue
            } else if let number = Int(text) {
                value = number  // range checked by SampleValidator
            } else {
                throw SampleInputError(line: item.line, field: "value", reason: .invalidCategoryValue(text))
            }
        } else if type.allowedRawValues == [0] {
            value = 0  // e.g. mindful sessions: written without a value
        } else {
            throw SampleInputError(line: item.line, field: "value", reason: .missingField)
        }
        let (start, end) = try dates(item, path: "")
        return CategorySample(type: type, value: value, startDate: start, endDate: end,
                              device: try device(item, path: ""), metadata: metadata(item))
    }

    /// ``HealthSamples/DecimalText/fractionDigits(of:)`` of a value's text, read on its UTF-8 in
    /// place (an attribute's text is contiguous): the String form walks a generic UTF-8 view.
    static func fractionDigits(of text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable(DecimalText.fractionDigits(utf8:)) ?? DecimalText.fractionDigits(of: text)
    }

    mutating func dates(_ item: ExportXMLItem, path: String) throws(SampleInputError) -> (SampleDate, SampleDate) {
        (try date(item.startDate, item: item, field: path + "startDate"), try date(item.endDate, item: item, field: path + "endDate"))
    }

    /// Reads an export date; the last one is remembered, since instants have equal start and
    /// end dates and correlation members repeat their correlation's dates. `field` is only
    /// spelled out for an error: joining the path and the name cost about 220 instructions a record.
    mutating func date(_ text: String?, item: ExportXMLItem, field: @autoclosure () -> String) throws(SampleInputError) -> SampleDate {
        guard let text else { throw SampleInputError(line: item.line, field: field(), reason: .missingField) }
        if text == lastDateText, let lastDate { return lastDate }
        do {
            let date = try SampleDate(exportXML: text)
            lastDateText = text
            lastDate = date
            return date
        } catch {
            throw SampleInputError(line: item.line, field: field(), reason: .invalidDate(error))
        }
    }

    mutating func device(_ item: ExportXMLItem, path: String) throws(SampleInputError) -> Device? {
        guard let text = item.device else { return nil }
        if text == lastDeviceText { return lastDevice }
        guard let description = HKDeviceDescription.parse(text) else {
            throw SampleInputError(line: item.line, field: path + "device", reason: .invalidDeviceDescription(text))
        }
        let device = description.device
        lastDeviceText = text
        lastDevice = device
        return device
    }

    /// The item's metadata entries as strings, repeated keys kept: export.xml may repeat a key
    /// within one element (docs/EXPORT-XML.md §5), and the verifier compares every copy of a signed key.
    func metadata(_ item: ExportXMLItem) -> Metadata {
        Metadata(item.metadata.map { Metadata.Entry(key: $0.key, value: .string($0.value)) })
    }
}
