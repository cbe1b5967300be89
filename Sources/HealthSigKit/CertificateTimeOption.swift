import Foundation
import HealthSamples

/// `verify --at`: when the certificates a signer is trusted through must be valid
/// (docs/VERIFY.md, "Certificate time"). Without it, at each reading's signed time.
public enum CertificateTimeOption {
    /// `now` (the current time) or an RFC 3339 date-time (`2026-11-21T08:00:00Z`).
    public static func parse(_ text: String) throws(ToolError) -> Date {
        if text == "now" { return Date() }
        do {
            return try SampleDate(rfc3339: text).date
        } catch {
            throw .usage("--at takes `now` or an RFC 3339 date-time such as 2026-11-21T08:00:00Z, not \(text): \(error)")
        }
    }
}
