/// The fields that identify an export.xml record regardless of where it appears, for matching
/// a correlation's member `Record`s with their top-level copies (Apple's DTD: "Any Records that
/// appear as children of a correlation also appear as top-level records in this document").
///
/// Built from the attribute text as written, so two records match only if the export wrote the
/// same type, source, unit, value and dates.
public struct ExportRecordKey: Sendable, Hashable {
    /// `type`.
    public var type: String?
    /// `sourceName`.
    public var sourceName: String?
    /// `unit`.
    public var unit: String?
    /// `value`.
    public var value: String?
    /// `startDate`.
    public var startDate: String?
    /// `endDate`.
    public var endDate: String?

    /// The key of `item`.
    public init(_ item: ExportXMLItem) {
        type = item.type
        sourceName = item.sourceName
        unit = item.unit
        value = item.value
        startDate = item.startDate
        endDate = item.endDate
    }
}

extension ExportXMLItem {
    /// This item's identifying fields (see ``ExportRecordKey``).
    public var recordKey: ExportRecordKey { ExportRecordKey(self) }

    /// For a correlation, the keys of its member records: a top-level record whose
    /// ``recordKey`` is among them is the duplicate the DTD announces, not a separate reading.
    public var memberRecordKeys: Set<ExportRecordKey> { Set(records.map(\.recordKey)) }
}
