/// Reads export.xml (plain or in export.zip) as a stream of ``ExportSampleOutcome``s: one per
/// top-level `Record`, `Correlation` or `Workout`, in file order.
public final class ExportSampleReader<Source: ByteChunkSource> {
    /// The underlying item reader (locale, export date, item count).
    public let items: ExportXMLReader<Source>
    private var mapper = ExportSampleMapper()
    /// The last metadata key found not to be one of `plainKeyCounting`'s signing keys.
    private var lastPlainKey: String?
    private var plainKeyCounting: [String] = []

    /// Creates a reader over `source`.
    public init(source: Source) {
        items = ExportXMLReader(source: source)
    }

    /// Creates a reader over `source` whose item reader takes no shortcut when `recordShortcut`
    /// is false (``ExportXMLReader/init(source:maximumBytesPerItem:recordShortcut:)``).
    @_spi(FastPathReference)
    public init(source: Source, recordShortcut: Bool) {
        items = ExportXMLReader(source: source, recordShortcut: recordShortcut)
    }

    /// Creates a reader over a part of a larger document, its first byte on line `firstLine`
    /// and `itemsBefore` items before it (``ExportXMLReader/init(source:firstLine:itemsBefore:)``).
    public init(source: Source, firstLine: Int, itemsBefore: Int) {
        items = ExportXMLReader(source: source, firstLine: firstLine, itemsBefore: itemsBefore)
    }

    /// Aims the reader at a new part of a document (``ExportXMLReader/restart(source:firstLine:itemsBefore:)``);
    /// the mapper keeps what it remembers, which it matches on exact text.
    public func restart(source: Source, firstLine: Int, itemsBefore: Int) {
        items.restart(source: source, firstLine: firstLine, itemsBefore: itemsBefore)
    }

    /// The next item's outcome, or `nil` at the end of the document.
    ///
    /// - Throws: ``XMLError``, ``ExportXMLError`` or the source's error (e.g. ``ZipError``):
    ///   problems with the document as a whole, after which reading cannot go on.
    public func next() throws -> ExportSampleOutcome? {
        guard let item = try items.next() else { return nil }
        return mapper.map(item)
    }

    /// The next item as ``next()`` reads it, except that a usual unsigned `Record` is handed out
    /// unmapped (``ExportCountingOutcome/unsignedRecord(_:)``) when `counting` allows it; `nil`
    /// at the end of the document.
    ///
    /// - Throws: as ``next()``.
    public func next(counting: ExportRecordCounting) throws -> ExportCountingOutcome? {
        let readByShortcut = items.recordsReadByShortcut
        guard let item = try items.next() else { return nil }
        // Only what the shortcut read: anything unusual keeps the reference path whole.
        if items.recordsReadByShortcut != readByShortcut, !carriesSigningKey(item, counting),
           mapper.isCountableUnsignedRecordType(item) {
            return .unsignedRecord(item)
        }
        return .outcome(mapper.map(item))
    }

    /// Whether `item` carries a metadata entry under one of `counting`'s signing keys.
    private func carriesSigningKey(_ item: ExportXMLItem, _ counting: ExportRecordCounting) -> Bool {
        if counting.signingKeys != plainKeyCounting {
            (lastPlainKey, plainKeyCounting) = (nil, counting.signingKeys)
        }
        for entry in item.metadata {
            // Perf: the reader hands out a repeated key as the same String, which compares
            // equal at once; the answer depends only on String equality, so it is kept.
            if let lastPlainKey, entry.key == lastPlainKey { continue }
            if counting.isSigningKey(entry.key) { return true }
            lastPlainKey = entry.key
        }
        return false
    }
}

extension ExportSampleReader where Source == AnyByteChunkSource {
    /// Creates a reader over `path`: an export.zip (its `export.xml` entry) or an export.xml
    /// (see ``ExportInput/openExportXML(path:)``).
    public convenience init(path: String) throws {
        self.init(source: try ExportInput.openExportXML(path: path))
    }
}
