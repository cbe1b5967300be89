import Foundation

/// Who the readings are about, as given on the command line (`--patient-name`,
/// `--patient-birth-date`, `--patient-id SYSTEM|VALUE`): the report's header and every printed
/// page, FHIR's Patient and every Observation's `subject`. Nothing in a signed record names a
/// patient, so this is never presented as signed: the report says it was given to healthsig.
public struct PatientIdentity: Sendable, Hashable {
    /// The name as given.
    public let name: String?
    /// `YYYY-MM-DD`, a real calendar day.
    public let birthDate: String?
    /// The identifier's system (a URI, e.g. `urn:oid:2.16.840.1.113883.2.4.6.3`) and value.
    public let identifier: (system: String, value: String)?

    public static func == (lhs: PatientIdentity, rhs: PatientIdentity) -> Bool {
        lhs.name == rhs.name && lhs.birthDate == rhs.birthDate
            && lhs.identifier?.system == rhs.identifier?.system && lhs.identifier?.value == rhs.identifier?.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(birthDate)
        hasher.combine(identifier?.system)
        hasher.combine(identifier?.value)
    }

    /// Reads the options; `nil` when none is given.
    /// - Throws: ``ToolError/usage(_:)`` naming the option: an empty name, a birth date that is
    ///   not a `YYYY-MM-DD` day of the calendar, an identifier not `SYSTEM|VALUE` with a URI system.
    public static func from(name: String?, birthDate: String?, identifier: String?) throws(ToolError) -> PatientIdentity? {
        guard name != nil || birthDate != nil || identifier != nil else { return nil }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .usage("--patient-name is empty")
        }
        if let birthDate, !isCalendarDay(birthDate) {
            throw .usage("--patient-birth-date \(birthDate): not a day written YYYY-MM-DD")
        }
        var parsed: (system: String, value: String)?
        if let identifier {
            let parts = identifier.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].contains(":"),
                  !parts[0].contains(where: { $0 == " " }) else {
                throw .usage("--patient-id \(identifier): expected SYSTEM|VALUE with a URI system, e.g. urn:oid:2.16.840.1.113883.2.4.6.3|123456789")
            }
            parsed = (String(parts[0]), String(parts[1]))
        }
        return PatientIdentity(name: name, birthDate: birthDate, identifier: parsed)
    }

    private init(name: String?, birthDate: String?, identifier: (system: String, value: String)?) {
        self.name = name
        self.birthDate = birthDate
        self.identifier = identifier
    }

    /// `Jane Doe, born 1956-03-14, urn:oid:…|123456789`.
    public var summary: String {
        var parts: [String] = []
        if let name { parts.append(name) }
        if let birthDate { parts.append("born \(birthDate)") }
        if let identifier { parts.append("\(identifier.system)|\(identifier.value)") }
        return parts.joined(separator: ", ")
    }

    static func isCalendarDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) })
        else { return false }
        guard (1...12).contains(month), year >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
