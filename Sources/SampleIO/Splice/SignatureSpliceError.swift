/// Why a metadata value could not be spliced into a JSON line.
public enum SignatureSpliceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line is not valid JSON.
    case invalidJSON(JSONSyntaxError)
    /// The line's top-level value is not an object (the value's kind is given).
    case topLevelNotAnObject(found: String)
    /// The object has a `metadata` member that is not an object (its kind is given).
    case metadataNotAnObject(found: String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .invalidJSON(let error): "not valid JSON: \(error)"
        case .topLevelNotAnObject(let kind): "expected a JSON object, found \(kind)"
        case .metadataNotAnObject(let kind): "\"metadata\" must be an object, found \(kind)"
        }
    }
}
