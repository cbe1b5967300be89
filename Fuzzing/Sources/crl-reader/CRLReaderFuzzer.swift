import CMS
import CryptoBackend
import Foundation
import FuzzSupport

/// CRL loading and checking: any bytes, seeded with CRLs signed by the fuzz CA's key (below) and
/// others, read as `--crl` and a trust directory read them (PEM or DER, strict DER only) and
/// judged against a trust set holding the fuzz CA, as `verify` does.
/// Invariants: a CRL reads back the same from its DER and its PEM; it counts exactly when the CA
/// in the trust set signed it (and it is refused otherwise, one refusal per input); every entry
/// of a counted CRL is found by its serial number; a refused input never yields a counted CRL.
@main
enum CRLReaderFuzzer {
    static func main() { FuzzerDriver.run(fuzzCRLReader) }
}

/// The fuzz CA's key: a TEST key, fixed so that the seeds (`Fuzzing/make-seed-corpus` signs them
/// with it) are signed by the CA the target trusts on every run.
private let fuzzCAKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgaGVhbHRoc2lnIGZ1
    enogQ0EgVEVTVCBrZXkgMDEhISGhRANCAATRvRu6JGuWUT5AW/9ajr7Vwa94HUS7
    CGbLci5+1GHphru5L4rg+/6X6q8/+8bTcylhqXk3P5AE3fBc1bCf/42L
    -----END PRIVATE KEY-----
    """

private let trust: TrustSet = {
    do {
        let key = try P256PrivateKey(pem: fuzzCAKeyPEM)
        let authority = try Certificate.certificateAuthority(privateKey: key, subject: "CN=healthsig fuzz CA", days: 3650)
        return TrustSet(certificates: [authority])
    } catch {
        Invariant.require(false, "the fuzz CA cannot be made: \(error)")
        return TrustSet()
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCRLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let parsed = try? CertificateRevocationList(fileBytes: input)
    let (set, refusals) = RevocationSet.build([(source: "input", bytes: input)], trust: trust)
    Invariant.require(set.crls.count + refusals.count == 1, "one input gave \(set.crls.count) CRLs and \(refusals.count) refusals")
    guard let parsed else {
        Invariant.require(set.isEmpty, "bytes that are not a CRL counted as one")
        return 0
    }
    let again = try? CertificateRevocationList(derEncoded: parsed.derEncoded)
    Invariant.require(again?.entries == parsed.entries && again?.issuerNameDER == parsed.issuerNameDER
                      && again?.number == parsed.number && again?.thisUpdate == parsed.thisUpdate
                      && again?.nextUpdate == parsed.nextUpdate, "a CRL does not read back the same from its DER")
    let fromPEM = try? CertificateRevocationList(pem: parsed.pemString)
    Invariant.require(fromPEM?.derEncoded == parsed.derEncoded, "a CRL does not read back from its PEM")
    let signed = trust.certificates.contains { parsed.isSigned(by: $0) }
    Invariant.require(set.isEmpty == !signed, "a CRL counted \(set.isEmpty ? "not " : "")although the trusted CA \(signed ? "" : "did not ")sign it")
    if let counted = set.crls.first {
        Invariant.require(counted.crl.derEncoded == parsed.derEncoded, "the counted CRL is not the input")
        for entry in parsed.entries {
            Invariant.require(parsed.entry(forSerialNumber: entry.serialNumberBytes) != nil, "an entry is not found by its serial number")
        }
    }
    return 0
}
