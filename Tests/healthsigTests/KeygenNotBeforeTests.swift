import Foundation
import Testing

/// `keygen --not-before`: a certificate whose validity starts before the day it is made, so it
/// covers readings already taken; `openssl x509` reads the same period.
@Suite("keygen --not-before")
struct KeygenNotBeforeTests {
    @Test("a date or an RFC 3339 date-time starts the validity; --days counts from it", arguments: [
        ("2026-11-01", "notBefore=Nov  1 00:00:00 2026 GMT\nnotAfter=Dec  1 00:00:00 2026 GMT\n"),
        ("2026-11-01T08:00:00+01:00", "notBefore=Nov  1 07:00:00 2026 GMT\nnotAfter=Dec  1 07:00:00 2026 GMT\n"),
    ])
    func startAndDaysAsOpenSSLReadsThem(value: String, expected: String) throws {
        let dir = try TemporaryDirectory()
        for kind in ["--cert", "--ca"] {
            let keygen = try dir.healthsig(["keygen", "--out", "keys", "--name", "k\(kind)", kind, "--not-before", value, "--days", "30"])
            #expect(keygen.status == 0, "\(keygen)")
            let dates = try dir.openssl(["x509", "-in", "keys/k\(kind).cert.pem", "-noout", "-startdate", "-enddate"])
            #expect(dates.stdout == expected, "\(dates)")
        }
        let issued = try dir.healthsig(["keygen", "--out", "keys", "--name", "device", "--issuer", "keys/k--ca",
                                        "--not-before", value, "--days", "30"])
        #expect(issued.status == 0 && issued.stderr.isEmpty, "\(issued)")
        let dates = try dir.openssl(["x509", "-in", "keys/device.cert.pem", "-noout", "-startdate", "-enddate"])
        #expect(dates.stdout == expected, "\(dates)")
        let chain = try dir.openssl(["verify", "-x509_strict", "-attime", "1793534400", "-CAfile", "keys/k--ca.cert.pem",
                                     "keys/device.cert.pem"])
        #expect(chain.status == 0, "\(chain)")
    }

    @Test("--not-before takes a date or an RFC 3339 date-time; anything else is a usage error and writes nothing",
          arguments: ["yesterday", "2026-13-01", "2026-11-01T08:00:00", "", "now"])
    func badValue(value: String) throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["keygen", "--out", "keys", "--name", "k", "--cert", "--not-before", value])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--not-before takes an RFC 3339 date-time such as 2026-11-01T00:00:00Z or a date"),
                "\(result)")
        #expect(!dir.exists("keys"))
    }

    @Test("a period that cannot be written (before 1950, past 9999) is refused and writes nothing")
    func unwritablePeriod() throws {
        let dir = try TemporaryDirectory()
        for (start, days) in [("1949-12-31", "1"), ("9999-12-01", "60")] {
            let result = try dir.healthsig(["keygen", "--out", "keys", "--name", "k", "--cert", "--not-before", start, "--days", days])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("does not fit between 1950-01-01 and 9999-12-31"), "\(result)")
            #expect(!dir.exists("keys"))
        }
    }

    @Test("--not-before without a certificate is a usage error")
    func needsCertificate() throws {
        let dir = try TemporaryDirectory()
        let result = try dir.healthsig(["keygen", "--out", "keys", "--name", "k", "--not-before", "2026-11-01"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--not-before needs a certificate: give --cert, --ca, --issuer or --subject"), "\(result)")
    }

    @Test("keygen --issuer warns when the device certificate's period starts before its CA's")
    func warnsOutsideTheCA() throws {
        let dir = try TemporaryDirectory()
        let ca = try dir.healthsig(["keygen", "--out", "vendor", "--name", "ca", "--ca", "--not-before", "2026-11-10", "--days", "100"])
        #expect(ca.status == 0, "\(ca)")
        let early = try dir.healthsig(["keygen", "--out", "devices", "--name", "early", "--issuer", "vendor/ca",
                                       "--not-before", "2026-11-01", "--days", "30"])
        #expect(early.status == 0, "\(early)")
        #expect(early.stderr == "healthsig: warning: the device certificate is valid from 2026-11-01T00:00:00Z but its CA CN=ca "
                + "only from 2026-11-10T00:00:00Z: readings dated before 2026-11-10T00:00:00Z will not verify through the CA; "
                + "make the CA with an earlier keygen --ca --not-before\n", "\(early)")
    }
}
