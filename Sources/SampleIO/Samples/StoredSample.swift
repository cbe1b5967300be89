import HealthSamples

/// A sample read from storage, with where it came from and what its stored form can carry.
///
/// Verification compares a signed copy with the stored sample; how strictly each field can be
/// compared depends on the form it was stored in (see ``Precision``).
public struct StoredSample: Sendable, Hashable {
    /// The stored form a sample was read from.
    public enum Source: String, Sendable, Hashable {
        /// One object per line (`.jsonl`).
        case jsonLines
        /// A `.json` file holding an array of sample objects.
        case json
        /// The Health app's export.xml (plain or inside export.zip).
        case exportXML

        /// The stored form items read from this layout are in, which sets the comparison rules.
        public var form: StoredForm {
            switch self {
            case .jsonLines, .json: .json
            case .exportXML: .healthExport
            }
        }
    }

    /// What the stored form can carry faithfully.
    public struct Precision: Sendable, Hashable, CustomStringConvertible {
        /// Dates keep fractional seconds (export.xml truncates to whole seconds).
        public var fractionalSeconds: Bool
        /// Dates keep the UTC offset they were recorded with (export.xml rewrites every date in
        /// the exporting phone's offset at export time; the instant is kept).
        public var originalUTCOffsets: Bool
        /// All eight device fields are stored as such (export.xml keeps only the HKDevice
        /// description string; `firmware` and `localIdentifier` were never seen in one).
        public var allDeviceFields: Bool
        /// Metadata values keep their type: numbers, booleans (export.xml writes every value as text).
        public var typedMetadataValues: Bool
        /// Quantities keep the unit they were recorded in (the Health app may convert to the
        /// user's preferred unit on export — not documented by Apple).
        public var originalUnits: Bool

        /// Creates a precision description.
        public init(fractionalSeconds: Bool, originalUTCOffsets: Bool, allDeviceFields: Bool,
                    typedMetadataValues: Bool, originalUnits: Bool) {
            self.fractionalSeconds = fractionalSeconds
            self.originalUTCOffsets = originalUTCOffsets
            self.allDeviceFields = allDeviceFields
            self.typedMetadataValues = typedMetadataValues
            self.originalUnits = originalUnits
        }

        /// Our JSON forms: everything exact.
        public static let exact = Precision(fractionalSeconds: true, originalUTCOffsets: true, allDeviceFields: true,
                                            typedMetadataValues: true, originalUnits: true)
        /// The Health app's export.xml: whole-second dates in the export's offset, device only
        /// via its description string, metadata values as strings, units possibly converted.
        public static let healthExport = Precision(fractionalSeconds: false, originalUTCOffsets: false,
                                                   allDeviceFields: false, typedMetadataValues: false, originalUnits: false)

        /// What is lost, e.g. `exact` or `whole-second dates, …`.
        public var description: String {
            var lost: [String] = []
            if !fractionalSeconds { lost.append("whole-second dates") }
            if !originalUTCOffsets { lost.append("dates re-zoned to the export's UTC offset") }
            if !allDeviceFields { lost.append("device only via its description string") }
            if !typedMetadataValues { lost.append("metadata values as strings") }
            if !originalUnits { lost.append("units possibly converted") }
            return lost.isEmpty ? "exact" : lost.joined(separator: ", ")
        }
    }

    /// The sample.
    public var sample: Sample
    /// 1-based ordinal of the item in the input: the n-th non-blank line, array element, or
    /// top-level Record/Correlation.
    public var position: Int
    /// 1-based line where the item starts.
    public var line: Int
    /// The layout it was read from.
    public var source: Source
    /// The stored form it was read in (``Source/form``), which the verifier is given.
    public var form: StoredForm { source.form }
    /// What that form can carry.
    public var precision: Precision
    /// The item's exact text for JSON sources (the line without its line break, or the array
    /// element's text), as needed by ``insertingMetadataValue(key:stringValue:into:)``; `nil`
    /// for export.xml.
    public var rawText: String?
    /// The raw export.xml item (all attributes as written, `sourceName`, `creationDate`, …);
    /// `nil` for JSON sources.
    public var exportItem: ExportXMLItem?

    /// Creates a stored sample.
    public init(sample: Sample, position: Int, line: Int, source: Source, precision: Precision,
                rawText: String? = nil, exportItem: ExportXMLItem? = nil) {
        self.sample = sample
        self.position = position
        self.line = line
        self.source = source
        self.precision = precision
        self.rawText = rawText
        self.exportItem = exportItem
    }
}
