import DER
import HealthSamples
import HealthSigKit
import SampleIO

/// `vectors.schema.json`: the JSON Schema (draft 2020-12) of every vector file, written by
/// `VectorSuiteGenerator.generate` so it always matches what the generator writes. The DER error names
/// come from `DERError.Code` itself.
enum VectorSchema {
    static let fileName = "vectors.schema.json"

    /// The pretty-printed schema (same layout as the vector files).
    static var text: String {
        // The source below is valid JSON; parsing it here can only fail if it is edited badly,
        // which the vector tests catch (the schema file must parse).
        let value = (try? JSONParser().parse(source)) ?? .null
        return VectorJSONWriter.prettyPrinted(value)
    }

    static var derErrorNames: String {
        DERError.Code.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }

    /// Every stored form's name, from the one enum the readers and the verifier share.
    private static var storedForms: String {
        StoredForm.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }

    static var source: String {
        #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "urn:healthsig:test-vectors:format-1",
          "title": "healthsig conformance vectors, format version 1",
          "description": "One vector file of TestVectors/ (der.json, cms.json, records.json, samples.json, keys.json, batch.json, revocation.json, timestamps.json). See TestVectors/README.md.",
          "type": "object",
          "required": ["family", "formatVersion", "header", "notes", "numberOfTests", "schema", "testGroups"],
          "additionalProperties": false,
          "properties": {
            "family": { "enum": ["der", "cms", "records", "samples", "keys", "batch", "revocation", "timestamps"] },
            "formatVersion": { "const": 1 },
            "header": { "type": "array", "items": { "type": "string" } },
            "notes": {
              "description": "Flag name -> what the flag means.",
              "type": "object",
              "additionalProperties": { "type": "string" }
            },
            "numberOfTests": { "type": "integer", "minimum": 1, "description": "The number of tests in all groups." },
            "schema": { "const": "vectors.schema.json" },
            "testGroups": { "type": "array", "minItems": 1 }
          },
          "allOf": [
            { "if": { "properties": { "family": { "const": "der" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/derGroup" } } } } },
            { "if": { "properties": { "family": { "const": "cms" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/cmsGroup" } } } } },
            { "if": { "properties": { "family": { "const": "records" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/recordsGroup" } } } } },
            { "if": { "properties": { "family": { "const": "samples" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/samplesGroup" } } } } },
            { "if": { "properties": { "family": { "const": "keys" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/keysGroup" } } } } },
            { "if": { "properties": { "family": { "const": "batch" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/batchGroup" } } } } },
            { "if": { "properties": { "family": { "const": "revocation" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/revocationGroup" } } } } },
            { "if": { "properties": { "family": { "const": "timestamps" } } },
              "then": { "properties": { "testGroups": { "items": { "$ref": "#/$defs/timestampsGroup" } } } } }
          ],
          "$defs": {
            "hex": { "type": "string", "pattern": "^([0-9a-f]{2})*$", "description": "Lower-case hex, no separators." },
            "base64": { "type": "string", "pattern": "^[A-Za-z0-9+/=\\s]*$", "description": "Base64 (RFC 4648); whitespace is ignored." },
            "flags": { "type": "array", "items": { "type": "string", "pattern": "^[A-Za-z0-9]+$" }, "uniqueItems": true },
            "groupName": { "type": "string", "minLength": 1, "description": "Stable group name; new tests are appended to the group of the same name." },
            "test": {
              "description": "Members every test has.",
              "type": "object",
              "required": ["tcId", "comment", "flags"],
              "properties": {
                "tcId": { "type": "integer", "minimum": 1, "description": "Unique within the file; never reused." },
                "comment": { "type": "string", "minLength": 1, "description": "Unique within the file: the test's stable identity." },
                "flags": { "$ref": "#/$defs/flags" }
              }
            },
            "trustedKey": {
              "description": "The trusted signer of a group: its public key and/or certificate (the certificate is trusted when present), its RFC 5280 4.2.1.2 method 1 key identifier, and optionally more trusted PEM texts.",
              "type": "object",
              "required": ["keyId"],
              "anyOf": [ { "required": ["publicKeyPem"] }, { "required": ["certificatePem"] } ],
              "additionalProperties": false,
              "properties": {
                "publicKeyPem": { "type": "string", "pattern": "-----BEGIN PUBLIC KEY-----" },
                "certificatePem": { "type": "string", "pattern": "-----BEGIN CERTIFICATE-----" },
                "keyId": { "type": "string", "pattern": "^[0-9a-f]{40}$" },
                "otherTrustedKeys": { "type": "array", "items": { "type": "string" } }
              }
            },
            "derGroup": {
              "type": "object",
              "required": ["name", "type", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "type": { "$ref": "#/$defs/derType" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/derTest" } }
              }
            },
            "derType": {
              "type": "string",
              "description": "A universal type name, SEQUENCE OF T, SET OF T, [n] EXPLICIT T, [n] IMPLICIT T (T primitive), or ANY.",
              "pattern": "^((SEQUENCE OF |SET OF |\\[[0-9]+\\] (EXPLICIT|IMPLICIT) )*)(INTEGER|BOOLEAN|NULL|OBJECT IDENTIFIER|OCTET STRING|BIT STRING|UTF8String|PrintableString|IA5String|UTCTime|GeneralizedTime|REAL|ANY)$"
            },
            "derTest": {
              "$ref": "#/$defs/test",
              "required": ["type", "der", "result"],
              "properties": {
                "type": { "$ref": "#/$defs/derType" },
                "der": { "$ref": "#/$defs/hex" },
                "result": { "enum": ["valid", "invalid"] },
                "value": { "type": "string", "description": "Canonical text of the decoded value (README, DER value text)." },
                "error": { "enum": [\#(derErrorNames)], "description": "The DER rule broken, as a DERError.Code name." }
              },
              "if": { "properties": { "result": { "const": "valid" } } },
              "then": { "required": ["value"], "not": { "required": ["error"] } },
              "else": { "required": ["error"], "not": { "required": ["value"] } },
              "unevaluatedProperties": false
            },
            "cmsGroup": {
              "type": "object",
              "required": ["name", "key", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "key": { "$ref": "#/$defs/trustedKey" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/cmsTest" } }
              }
            },
            "cmsTest": {
              "$ref": "#/$defs/test",
              "required": ["signature", "verdict"],
              "properties": {
                "signature": { "$ref": "#/$defs/base64", "description": "DER ContentInfo holding a SignedData." },
                "detachedContent": { "$ref": "#/$defs/hex", "description": "The content of a detached signature." },
                "verdict": { "enum": ["valid", "malformed", "bad-signature", "untrusted-signer", "unsupported-algorithm"] }
              },
              "unevaluatedProperties": false
            },
            "recordsGroup": {
              "type": "object",
              "required": ["name", "key", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "key": { "$ref": "#/$defs/trustedKey" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/recordsTest" } }
              }
            },
            "recordsTest": {
              "$ref": "#/$defs/test",
              "required": ["sample", "recordDer", "signature", "decoded", "result"],
              "properties": {
                "sample": { "type": "object", "description": "A sample object in the JSON sample format, unsigned." },
                "recordDer": { "$ref": "#/$defs/hex", "description": "The DER record of sample (normative)." },
                "signature": { "$ref": "#/$defs/base64", "description": "A SignedData by the group's key whose eContent is recordDer." },
                "decoded": { "$ref": "#/$defs/decodedRecord" },
                "result": { "const": "valid" }
              },
              "unevaluatedProperties": false
            },
            "decodedRecord": {
              "type": "object",
              "description": "The record's fields under the JSON sample format's names; dates in UTC RFC 3339; objects show inherited dates.",
              "required": ["type", "startDate", "endDate"],
              "properties": {
                "type": { "type": "string" },
                "value": { "type": "number" },
                "unit": { "type": "string" },
                "startDate": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*[1-9])?Z$" },
                "endDate": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*[1-9])?Z$" },
                "device": { "type": "object", "additionalProperties": { "type": "string" } },
                "metadata": { "type": "object" },
                "objects": { "type": "array", "items": { "$ref": "#/$defs/decodedRecord" } }
              }
            },
            "samplesGroup": {
              "type": "object",
              "required": ["name", "key", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "key": { "$ref": "#/$defs/trustedKey" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/samplesTest" } }
              }
            },
            "samplesTest": {
              "$ref": "#/$defs/test",
              "required": ["storedForm", "verdict", "fields"],
              "oneOf": [ { "required": ["stored"] }, { "required": ["storedXML"] } ],
              "properties": {
                "stored": { "type": "object", "description": "A sample object in the JSON sample format, with metadata.HKDigitalSignature." },
                "storedXML": { "type": "string", "pattern": "^\\s*<(Record|Correlation|Workout)[\\s>]", "description": "One export.xml Record, Correlation or Workout element." },
                "storedForm": { "enum": [\#(storedForms)], "description": "Which comparison rules of docs/VERIFY.md apply." },
                "verdict": { "enum": ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch"] },
                "fields": { "type": "array", "items": { "type": "string" }, "description": "Sorted mismatching field paths; empty unless content-mismatch." },
                "unsignedContext": { "type": "array", "items": { "type": "string" }, "description": "When given: exactly the stored metadata keys the record does not sign (signature keys left out), as stored, in stored order (docs/FORMAT.md, Format versions)." }
              },
              "if": { "properties": { "verdict": { "const": "content-mismatch" } } },
              "then": { "properties": { "fields": { "minItems": 1 } } },
              "else": { "properties": { "fields": { "maxItems": 0 } } },
              "unevaluatedProperties": false
            },
            "batchGroup": {
              "type": "object",
              "required": ["name", "key", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "key": { "$ref": "#/$defs/trustedKey" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/batchTest" } }
              }
            },
            "batchTest": {
              "$ref": "#/$defs/test",
              "required": ["samples", "storedForm", "verdicts", "batches"],
              "properties": {
                "samples": { "type": "array", "minItems": 1, "items": { "type": "object" }, "description": "The input: JSON sample objects in order, with HealthSigBatch and, on carriers, HealthSigBatchSignature (docs/BATCH.md)." },
                "storedForm": { "enum": ["json"], "description": "Which comparison rules of docs/VERIFY.md apply." },
                "verdicts": {
                  "type": "array",
                  "description": "One per sample, in input order.",
                  "items": {
                    "type": "object",
                    "required": ["verdict", "fields"],
                    "additionalProperties": false,
                    "properties": {
                      "verdict": { "enum": ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch"] },
                      "fields": { "type": "array", "items": { "type": "string" }, "description": "Sorted mismatching field paths (batch.index included); empty unless content-mismatch." }
                    }
                  }
                },
                "batches": {
                  "type": "array",
                  "description": "The status of every batch the input refers to, sorted by id.",
                  "items": {
                    "type": "object",
                    "required": ["id", "count", "present", "absent", "signature", "complete"],
                    "additionalProperties": false,
                    "properties": {
                      "id": { "type": "string", "pattern": "^[A-Za-z0-9_-]{16}$" },
                      "count": { "type": ["integer", "null"], "description": "Records the signed manifest lists; null without a valid signature." },
                      "present": { "type": "integer", "minimum": 0 },
                      "absent": { "type": ["integer", "null"] },
                      "signature": { "enum": ["valid", "unsigned", "malformed", "bad-signature", "untrusted-signer", "content-mismatch"] },
                      "complete": { "type": "boolean", "description": "What --require-complete asks: a valid signature and no sample absent." }
                    }
                  }
                }
              },
              "unevaluatedProperties": false
            },
            "keysGroup": {
              "type": "object",
              "required": ["name", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/keysTest" } }
              }
            },
            "keysTest": {
              "$ref": "#/$defs/test",
              "required": ["format", "result"],
              "oneOf": [ { "required": ["pem"] }, { "required": ["der"] }, { "required": ["point"] } ],
              "allOf": [
                { "if": { "properties": { "format": { "enum": ["spki-pem", "private-pem", "certificate-pem", "trust-pem"] } } },
                  "then": { "required": ["pem"] } },
                { "if": { "properties": { "format": { "enum": ["spki-der", "pkcs8-der", "certificate-der"] } } },
                  "then": { "required": ["der"] } },
                { "if": { "properties": { "format": { "const": "point" } } },
                  "then": { "required": ["point"] } }
              ],
              "properties": {
                "format": { "enum": ["spki-pem", "spki-der", "point", "private-pem", "pkcs8-der", "certificate-pem", "certificate-der", "trust-pem"] },
                "pem": { "type": "string" },
                "der": { "$ref": "#/$defs/hex" },
                "point": { "$ref": "#/$defs/hex", "description": "A SEC 1 elliptic-curve point." },
                "passphrase": { "type": "string" },
                "result": { "enum": ["valid", "invalid"] },
                "keyId": { "type": "string", "pattern": "^[0-9a-f]{40}$" },
                "error": { "enum": ["invalidKey", "unsupportedKey", "passphraseRequired", "wrongPassphrase", "invalidCertificate", "invalidPEM", "privateKeyNotAllowed"] }
              },
              "if": { "properties": { "result": { "const": "valid" } } },
              "then": { "required": ["keyId"], "not": { "required": ["error"] } },
              "else": { "required": ["error"], "not": { "required": ["keyId"] } },
              "unevaluatedProperties": false
            },
            "revocationGroup": {
              "type": "object",
              "required": ["name", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/revocationTest" } }
              }
            },
            "revocationTest": {
              "$ref": "#/$defs/test",
              "required": ["crl", "trust", "checkedAt", "result"],
              "properties": {
                "crl": { "$ref": "#/$defs/hex", "description": "The CRL file's bytes: DER, or PEM text." },
                "trust": { "type": "string", "description": "The trusted CA certificate, PEM." },
                "checkedAt": { "type": "string", "description": "RFC 3339: when the check is made (decides stale)." },
                "result": { "enum": ["counted", "ignored"] },
                "stale": { "type": "boolean", "description": "For a counted CRL: its nextUpdate is before checkedAt." },
                "certificate": { "type": "string", "description": "A signer's certificate, PEM, issued by the trusted CA." },
                "readingTime": { "type": "string", "description": "RFC 3339: the reading's own date." },
                "verdict": { "enum": ["valid", "revoked"], "description": "A reading of readingTime signed through certificate, with no trusted time." }
              },
              "dependentRequired": { "certificate": ["readingTime", "verdict"], "readingTime": ["certificate"], "verdict": ["certificate"] },
              "if": { "properties": { "result": { "const": "counted" } } },
              "then": { "required": ["stale"] },
              "else": { "not": { "required": ["stale"] } },
              "unevaluatedProperties": false
            },
            "timestampsGroup": {
              "type": "object",
              "required": ["name", "tests"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/groupName" },
                "tests": { "type": "array", "items": { "$ref": "#/$defs/timestampsTest" } }
              }
            },
            "timestampsTest": {
              "$ref": "#/$defs/test",
              "required": ["signature", "storedUnder", "token", "tsaTrust", "timestamp", "trust", "crl", "certificate", "readings"],
              "properties": {
                "signature": { "$ref": "#/$defs/hex", "description": "The DER of the stamped signature (HKDigitalSignature or HealthSigBatchSignature, decoded)." },
                "storedUnder": { "enum": ["HealthSigTimestamp", "HealthSigBatchTimestamp"], "description": "The metadata key the token is stored under: a per-sample or a batch signature's." },
                "token": { "$ref": "#/$defs/hex", "description": "The token's bytes (a TimeStampToken, DER ContentInfo, unless the test says otherwise)." },
                "tsaTrust": { "type": "array", "items": { "type": "string" }, "description": "The certificates given with --tsa-trust, PEM: TSA certificates or CAs that issued them." },
                "timestamp": { "enum": ["trusted", "timestamp-malformed", "timestamp-not-tsa-certificate", "timestamp-untrusted-tsa", "timestamp-bad-signature", "timestamp-imprint-mismatch"] },
                "genTime": { "type": "string", "description": "RFC 3339: the token's genTime, for a trusted token." },
                "trust": { "type": "string", "description": "The CA certificate trusted for the signer, PEM; it signed crl." },
                "crl": { "$ref": "#/$defs/hex", "description": "A DER CRL of that CA revoking certificate." },
                "certificate": { "type": "string", "description": "The signer's certificate, PEM." },
                "readings": {
                  "type": "array", "minItems": 1,
                  "description": "The readings of the signature (a batch signature's members), each with its verdict under the revocation rule given the token.",
                  "items": {
                    "type": "object",
                    "required": ["readingTime", "verdict", "deviceClockAhead"],
                    "additionalProperties": false,
                    "properties": {
                      "readingTime": { "type": "string", "description": "RFC 3339: the reading's own date." },
                      "verdict": { "enum": ["valid", "revoked"] },
                      "deviceClockAhead": { "type": "boolean", "description": "The reading is dated after the trusted genTime." }
                    }
                  }
                }
              },
              "if": { "properties": { "timestamp": { "const": "trusted" } } },
              "then": { "required": ["genTime"] },
              "else": { "not": { "required": ["genTime"] } },
              "unevaluatedProperties": false
            }
          }
        }
        """#
    }
}
