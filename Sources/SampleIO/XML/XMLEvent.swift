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
