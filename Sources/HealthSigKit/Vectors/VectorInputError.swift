/// A test whose inputs do not follow the vector format (not an implementation failure, but
/// still a failed test).
package struct VectorInputError: Error {
    package let message: String
    package init(_ message: String) { self.message = message }
}
