/// An attribute of a start tag, with entity and character references decoded.
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute name, as written.
    public var name: String
    /// The normalized value (XML 1.0 §3.3.3 for CDATA attributes): references decoded, each
    /// literal tab, line feed, carriage return or CR LF pair replaced by one space.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What ``XMLPullTokenizer/next()`` reports. Character data, comments, processing instructions,
/// CDATA sections and the DOCTYPE are consumed without being reported.
public enum XMLEvent: Sendable, Equatable {
    /// A start tag `<name …>` or an empty-element tag `<name …/>` (`isSelfClosing`; no
    /// ``endElement(name:line:)`` follows it). Its attributes are available from
    /// ``XMLPullTokenizer/attributes()`` until the next call of `next()`.
    case startElement(name: String, line: Int, isSelfClosing: Bool)
    /// An end tag `</name>`.
    case endElement(name: String, line: Int)
}
