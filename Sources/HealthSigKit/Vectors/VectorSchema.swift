enum VectorSchema {
    static let fileName = "vectors.schema.json"
    static let text = "{}\n"
}
