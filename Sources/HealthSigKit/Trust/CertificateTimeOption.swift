import Foundation
import HealthSamples

/// `verify --at`: when the certificates a signer is trusted through must be valid
/// (docs/VERIFY.md, "Certificate time"). Without it, at each reading's signed time.
/// `keygen --not-before`: when a new certificate's validity starts.
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

    /// `keygen --not-before`: an RFC 3339 date-time (`2026-11-01T08:00:00+01:00`) or a date
    /// (`2026-11-01`, taken as its midnight UTC). Readings are dated to the second in any
    /// offset, so a bare date needs one stated instant; UTC midnight is the one `openssl x509
    /// -not_before` users would write.
    public static func parseNotBefore(_ text: String) throws(ToolError) -> Date {
        let isBareDate = text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        do {
            return try SampleDate(rfc3339: isBareDate ? text + "T00:00:00Z" : text).date
        } catch {
            throw .usage("--not-before takes an RFC 3339 date-time such as 2026-11-01T00:00:00Z or a date such as "
                         + "2026-11-01 (midnight UTC), not \(text): \(error)")
        }
    }
}
