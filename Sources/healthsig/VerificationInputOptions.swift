import ArgumentParser

/// The input and trust options `verify`, `report` and `fhir` share: what is verified, against
/// which keys.
struct VerificationInputOptions: ParsableArguments {
    @Option(help: "PEM file of public keys and/or certificates, or a directory of them (repeatable).") var trust: [String]
    @Option(help: "Stored samples: JSON Lines, JSON, export.xml or export.zip (- for standard input).") var `in`: String

    func validate() throws {
        if trust.isEmpty { throw ValidationError("give at least one --trust") }
    }
}
