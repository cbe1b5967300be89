/// Reads the Health app's export.xml as a stream of top-level `Record`, `Correlation` and
/// `Workout` items.
///
/// Everything else (`Me`, `ActivitySummary`, `ClinicalRecord`, `Audiogram`,
/// `VisionPrescription`, HRV beat lists inside records, …) is skipped without decoding its
/// attributes. `HealthData@locale` and `ExportDate@value` are kept as ``locale`` and
/// ``exportDate`` once read. Memory does not grow with the file: each call returns one item and
/// keeps nothing of it.
///
/// A workout keeps its `MetadataEntry`, `WorkoutEvent` (with their own `MetadataEntry`
/// children) and `WorkoutStatistics` children; its `WorkoutRoute` (a GPX file reference, or
/// inline `Location`s in old exports) is skipped: the route is not part of a signed workout.
public final class ExportXMLReader<Source: ByteChunkSource> {
    /// Most `MetadataEntry` plus member `Record` children kept for one item.
    public static var maximumChildrenPerItem: Int { 10_000 }
    /// Default for ``maximumBytesPerItem``: 64 MiB.
    public static var defaultMaximumBytesPerItem: Int { 64 * 1024 * 1024 }

    /// Most attribute text (names and decoded values, member records included) kept for one
    /// item. The child count alone does not bound memory: each tag may be 4 MiB, so 10,000
    /// children could hold 40 GB — and a zip entry of that size deflates to a few megabytes.
    public let maximumBytesPerItem: Int

    private let tokenizer: XMLPullTokenizer<Source>
    /// Whether usual records are read by ``ExportRecordShortcut``; `false` in the reference reader.
    private let recordShortcut: Bool
    private var shortcut = ExportRecordShortcut()
    /// Items the shortcut read (tests check that it answers).
    private(set) var recordsReadByShortcut = 0
    /// `HealthData@locale`, e.g. `en_US`, once the root element has been read.
    public private(set) var locale: String?
    /// `ExportDate@value`, e.g. `2019-06-04 09:27:33 -0400`, once read.
    public private(set) var exportDate: String?
    /// Number of items returned so far.
    public private(set) var itemCount = 0

    /// Creates a reader over `source` (a file, a zip entry, or bytes in memory).
    public convenience init(source: Source) {
        self.init(source: source, maximumBytesPerItem: Self.defaultMaximumBytesPerItem)
    }

    /// Creates a reader over `source` that keeps at most `maximumBytesPerItem` bytes of
    /// attribute text per item (at least 1 KiB).
    public convenience init(source: Source, maximumBytesPerItem: Int) {
        self.init(source: source, maximumBytesPerItem: maximumBytesPerItem, recordShortcut: true)
    }

    /// Creates a reader that reads every element with the general tokenizer walk when
    /// `recordShortcut` is false: the reference the record shortcut is held to (tests, fuzzing).
    @_spi(FastPathReference)
    public convenience init(source: Source, maximumBytesPerItem: Int = ExportXMLReader.defaultMaximumBytesPerItem, recordShortcut: Bool) {
        self.init(source: source, maximumBytesPerItem: maximumBytesPerItem, recordShortcut: recordShortcut,
                  firstLine: 1, itemsBefore: 0)
    }

    /// Creates a reader over a part of a larger document: its first byte is on line
    /// `firstLine` and `itemsBefore` items come before it, so that lines and positions are the
    /// document's (a piece parsed on its own, in parallel).
    public convenience init(source: Source, firstLine: Int, itemsBefore: Int) {
        self.init(source: source, maximumBytesPerItem: Self.defaultMaximumBytesPerItem, recordShortcut: true,
                  firstLine: firstLine, itemsBefore: itemsBefore)
    }

    private init(source: Source, maximumBytesPerItem: Int, recordShortcut: Bool, firstLine: Int, itemsBefore: Int) {
        self.tokenizer = XMLPullTokenizer(source: source, firstLine: firstLine)
        self.maximumBytesPerItem = max(1024, maximumBytesPerItem)
        self.recordShortcut = recordShortcut
        self.itemCount = max(0, itemsBefore)
    }

    /// Aims the reader at a new part of a document, as ``init(source:firstLine:itemsBefore:)``
    /// would: it then reads exactly as a new reader, whatever it read before and however that
    /// ended. The record shortcut's remembered values stay (matched on exact bytes), so that
    /// one reader can read many pieces.
    public func restart(source: Source, firstLine: Int, itemsBefore: Int) {
        tokenizer.restart(source: source, firstLine: firstLine)
        locale = nil
        exportDate = nil
        itemCount = max(0, itemsBefore)
        recordsReadByShortcut = 0
    }

    /// Whether the DOCTYPE declared entities, which were ignored (never expanded).
    public var ignoredEntityDeclarations: Bool { tokenizer.ignoredEntityDeclarations }

    /// The next top-level `Record`, `Correlation` or `Workout`, or `nil` at the end of the document.
    ///
    /// - Throws: ``XMLError`` (malformed XML), ``ExportXMLError`` (a `MetadataEntry` without
    ///   `key` or `value`), or the source's error (e.g. ``ZipError``).
    public func next() throws -> ExportXMLItem? {
        while true {
            // Perf: ≈ 14,150 instructions a record of export.xml verify (30.4 %), callgrind of
            // `verify --jobs 1 --format ndjson` on a 20 MB tools/make_export.py export.
            if recordShortcut, tokenizer.depth == 1,
               let item = shortcut.read(tokenizer, maximumBytes: maximumBytesPerItem,
                                        maximumChildren: Self.maximumChildrenPerItem, position: itemCount + 1) {
                itemCount += 1
                recordsReadByShortcut += 1
                return item
            }
            switch try tokenizer.nextRaw() {
            case .endOfDocument:
                return nil
            case .end:
                continue
            case .start(let selfClosing):
                // Depth of this element: the root is 1, its children (the items) 2.
                let elementDepth = selfClosing ? tokenizer.depth + 1 : tokenizer.depth
                if elementDepth == 1 {
                    locale = try tokenizer.attributeValue("locale")
                    continue
                }
                if elementDepth == 2 {
                    let kind: ExportXMLItem.Kind? = tokenizer.tagNameIs("Record") ? .record
                        : tokenizer.tagNameIs("Correlation") ? .correlation
                        : tokenizer.tagNameIs("Workout") ? .workout : nil
                    if let kind {
                        itemCount += 1
                        var budget = ItemBudget(left: maximumBytesPerItem)
                        return try readItem(kind: kind, selfClosing: selfClosing, position: itemCount, budget: &budget)
                    }
                    if tokenizer.tagNameIs("ExportDate") {
                        exportDate = try tokenizer.attributeValue("value")
                    }
                }
                if !selfClosing { try tokenizer.skipElement() }
            }
        }
    }

    /// What is left of ``maximumBytesPerItem`` for one top-level item, members included; an
    /// overrun is reported on that item (its element and line), not on a member.
    private struct ItemBudget {
        var left: Int
        var owner: (element: String, line: Int)?
    }

    /// Reads the item whose start tag was just reported, including its children.
    private func readItem(kind: ExportXMLItem.Kind, selfClosing: Bool, position: Int, budget: inout ItemBudget) throws -> ExportXMLItem {
        let attributes = try tokenizer.attributes()
        var item = ExportXMLItem(kind: kind, attributes: attributes, line: tokenizer.line, position: position)
        if budget.owner == nil { budget.owner = (item.elementName, item.line) }
        for attribute in attributes { try spend(attribute.name.utf8.count + attribute.value.utf8.count, of: &budget) }
        if selfClosing { return item }
        let depth = tokenizer.depth
        while true {
            switch try tokenizer.nextRaw() {
            case .endOfDocument:
                // The tokenizer reports unclosed elements itself; this is defensive.
                throw XMLError(.unexpectedEndOfInput, line: tokenizer.line)
            case .end:
                if tokenizer.depth < depth { return item }
            case .start(let childSelfClosing):
                let keptChild = tokenizer.tagNameIs("MetadataEntry") || (kind == .correlation && tokenizer.tagNameIs("Record"))
                    || (kind == .workout && (tokenizer.tagNameIs("WorkoutEvent") || tokenizer.tagNameIs("WorkoutStatistics")))
                if item.metadata.count + item.records.count + item.events.count + item.statistics.count >= Self.maximumChildrenPerItem,
                   keptChild {
                    throw ExportXMLError(.tooManyChildren(element: item.elementName, limit: Self.maximumChildrenPerItem),
                                         line: item.line)
                }
                if tokenizer.tagNameIs("MetadataEntry") {
                    let line = tokenizer.line
                    guard let key = try tokenizer.attributeValue("key") else {
                        throw ExportXMLError(.missingAttribute(element: "MetadataEntry", attribute: "key"), line: line)
                    }
                    guard let value = try tokenizer.attributeValue("value") else {
                        throw ExportXMLError(.missingAttribute(element: "MetadataEntry", attribute: "value"), line: line)
                    }
                    try spend(key.utf8.count + value.utf8.count, of: &budget)
                    item.metadata.append(ExportMetadataEntry(key: key, value: value, line: line))
                    if !childSelfClosing { try tokenizer.skipElement() }
                } else if kind == .correlation, tokenizer.tagNameIs("Record") {
                    let member = try readItem(kind: .record, selfClosing: childSelfClosing, position: item.records.count + 1,
                                              budget: &budget)
                    item.records.append(member)
                } else if kind == .workout, tokenizer.tagNameIs("WorkoutEvent") {
                    item.events.append(try readItem(kind: .workoutEvent, selfClosing: childSelfClosing,
                                                    position: item.events.count + 1, budget: &budget))
                } else if kind == .workout, tokenizer.tagNameIs("WorkoutStatistics") {
                    item.statistics.append(try readItem(kind: .workoutStatistics, selfClosing: childSelfClosing,
                                                        position: item.statistics.count + 1, budget: &budget))
                } else if !childSelfClosing {
                    try tokenizer.skipElement()
                }
            }
        }
    }

    /// Takes `bytes` from `budget`, or throws ``ExportXMLError/Reason/itemTooLarge(element:limit:)``.
    private func spend(_ bytes: Int, of budget: inout ItemBudget) throws(ExportXMLError) {
        budget.left -= bytes
        guard budget.left >= 0 else {
            throw ExportXMLError(.itemTooLarge(element: budget.owner?.element ?? "item", limit: maximumBytesPerItem),
                                 line: budget.owner?.line ?? tokenizer.line)
        }
    }
}

extension ExportXMLReader where Source == FileChunkSource {
    /// Creates a reader over the export.xml file at `path`.
    public convenience init(path: String) throws {
        self.init(source: try FileChunkSource(path: path))
    }
}
