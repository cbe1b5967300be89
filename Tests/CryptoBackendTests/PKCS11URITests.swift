import CryptoBackend
import Testing

/// RFC 7512 URIs as `sign --key`, `keygen --issuer` and `revoke --ca` take them: what is read,
/// and what is refused before any module is loaded.
@Suite("PKCS#11 URIs")
struct PKCS11URITests {
    @Test("path attributes are read in order with their percent-encoded values decoded")
    func attributesAreDecoded() throws {
        let uri = try PKCS11URI("pkcs11:token=Factory%20HSM;id=%01%a2;object=bp200-0001;type=private;x-vendor=1?x-hint=2")
        #expect(uri.attributes.map(\.name) == ["token", "id", "object", "type", "x-vendor"])
        #expect(uri.attributes[0].value == Array("Factory HSM".utf8))
        #expect(uri.attributes[1].value == [0x01, 0xA2])
        #expect(uri.text == "pkcs11:token=Factory%20HSM;id=%01%a2;object=bp200-0001;type=private;x-vendor=1?x-hint=2")
    }

    @Test("the scheme is recognised whatever its case, and only at the start")
    func schemeIsRecognised() {
        #expect(PKCS11URI.isPKCS11URI("PKCS11:object=a"))
        #expect(PKCS11URI.isPKCS11URI("pkcs11:object=a"))
        #expect(!PKCS11URI.isPKCS11URI("keys/pkcs11:object=a"))
        #expect(!PKCS11URI.isPKCS11URI("pkcs11"))
    }

    @Test("a URI without a key, with an unknown, repeated or unencoded attribute, or with a PIN or module in it is refused",
          arguments: [
              ("pkcs11:", "it names no key: give object=LABEL or id=%XX (RFC 7512 §2.3)"),
              ("pkcs11:object", "'object' is not name=value"),
              ("pkcs11:object=a;slot=1", "unknown attribute 'slot' (RFC 7512 §2.3)"),
              ("pkcs11:id=%01;id=%02", "attribute id is given twice (RFC 7512 §2.3)"),
              ("pkcs11:object=a/b", "attribute object: '/' must be percent-encoded (RFC 7512 §2.3)"),
              ("pkcs11:object=a%zz", "attribute object: '%' must be followed by two hexadecimal digits"),
              ("pkcs11:object=a;type=public", "type=public names no private key; leave type out or give type=private"),
              ("pkcs11:object=a?pin-source=file:/tmp/pin", "pin-source puts the PIN on the command line; give it with --pin-env or --pin-file"),
              ("pkcs11:object=a?module-path=/lib/x.so", "module-path is not taken from the URI; give the module with --pkcs11-module"),
              ("pkcs11:object=a?hint=1", "unknown attribute 'hint' (RFC 7512 §2.3)"),
          ])
    func malformedURIsAreRefused(text: String, reason: String) {
        #expect(throws: TokenKeyError.invalidURI(uri: text, reason: reason)) { try PKCS11URI(text) }
    }

    @Test("a module that does not exist is refused before OpenSSL's engine is asked")
    func missingModuleIsNamed() throws {
        let uri = try PKCS11URI("pkcs11:object=a")
        #expect(throws: TokenKeyError.moduleUnavailable(module: "/nonexistent/libtoken.so", detail: "No such file or directory")) {
            try P256PrivateKey.inToken(uri, module: "/nonexistent/libtoken.so", pin: Array("1234".utf8))
        }
    }
}
