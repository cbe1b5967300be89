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
