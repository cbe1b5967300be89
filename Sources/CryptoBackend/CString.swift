extension String {
    /// Decodes a NUL-terminated C character buffer as UTF-8 (invalid bytes become U+FFFD).
    init(decodingCString buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a C string owned by OpenSSL, or returns `nil` for a null pointer.
    init?(optionalCString pointer: UnsafePointer<CChar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }
}
