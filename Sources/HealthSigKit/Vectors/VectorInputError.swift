/// A test whose inputs do not follow the vector format (not an implementation failure, but
/// still a failed test).
struct VectorInputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
