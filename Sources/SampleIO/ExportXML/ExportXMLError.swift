/// A structural problem in export.xml above the XML level.
public struct ExportXMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// A required attribute (per Apple's DTD) is missing.
        case missingAttribute(element: String, attribute: String)
        /// An item with more `MetadataEntry` or member `Record` children than the reader keeps
        /// (a guard against memory exhaustion; real items have a few dozen at most).
        case tooManyChildren(element: String, limit: Int)
        /// An item whose attribute text (its own, its metadata entries' and its member records')
        /// exceeds what the reader keeps (``ExportXMLReader/maximumBytesPerItem``).
        case itemTooLarge(element: String, limit: Int)
    }

    /// What is wrong.
    public let reason: Reason
    /// 1-based line of the element.
    public let line: Int

    /// Creates an error.
    public init(_ reason: Reason, line: Int) {
        self.reason = reason
        self.line = line
    }

    /// A one-line description.
    public var description: String {
        switch reason {
        case .missingAttribute(let element, let attribute): "line \(line): <\(element)> has no \(attribute) attribute"
        case .tooManyChildren(let element, let limit): "line \(line): <\(element)> has more than \(limit) children"
        case .itemTooLarge(let element, let limit): "line \(line): <\(element)> holds more than \(limit) bytes of attribute text"
        }
    }
}
