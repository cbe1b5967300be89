/// A structural problem in export.xml above the XML level.
public struct ExportXMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// A required attribute (per Apple's DTD) is missing.
        case missingAttribute(element: String, attribute: String)
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
        }
    }
}
