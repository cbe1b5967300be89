import DER
import HealthSigKit
import SampleIO

/// How `DERVectors` proposes its tests: the file's header and notes, and every case it builds.
extension DERVectors: VectorFamilyGenerator {
    var header: [String] {
        [
            "DER (ITU-T X.690 clause 10-11) decoding of the types the health-sample profile and the signed record use.",
            "Decode `der` as `type`; `valid` tests give the decoded value's canonical text (TestVectors/README.md, \"DER value text\"),",
            "`invalid` tests the rule that is broken, named by this toolkit's DERError.Code.",
        ]
    }

    var notes: [String: String] {
        [
            "SignOctet": "A positive INTEGER whose top bit is set needs a leading 00 octet, a negative one whose top bit is clear a leading ff octet (X.690 8.3.2).",
            "Negative": "A negative value.",
            "BigInteger": "An INTEGER wider than 64 bits; implementations must not truncate it.",
            "EdgeCase": "A valid encoding at the edge of a range (first/last year, smallest OID, deepest nesting accepted).",
            "EmptyContent": "A valid element with no content octets (or no characters / bits / elements).",
            "LongFormLength": "A valid long-form length (content of 128 octets or more, X.690 8.1.3.5).",
            "NonAscii": "A UTF8String with characters outside ASCII.",
            "Fraction": "GeneralizedTime with fractional seconds, no trailing zeros (X.690 11.7.3).",
            "SpecialReal": "A REAL special value (X.690 8.5.9): one content octet 40, 41, 42 or 43.",
            "HighTagNumber": "A tag number of 31 or more, in minimal high-tag-number form (X.690 8.1.2.4).",
            "EmptyInteger": "INTEGER without content octets (X.690 8.3.1).",
            "NonMinimalInteger": "INTEGER whose first nine bits are all zeros or all ones (X.690 8.3.2).",
            "InvalidBoolean": "BOOLEAN content other than the single octet 00 or ff (X.690 8.2.2, 11.1).",
            "InvalidNull": "NULL with content octets (X.690 8.8.2).",
            "InvalidOID": "OBJECT IDENTIFIER empty, with a subidentifier starting 80, unterminated, or an arc beyond 64 bits (X.690 8.19.2).",
            "InvalidBitString": "BIT STRING without its unused-bits octet, with more than 7 unused bits, or unused bits without octets (X.690 8.6.2).",
            "BitStringPadding": "BIT STRING whose unused bits are not zero (X.690 11.2.1).",
            "InvalidString": "A character string with octets outside its type's alphabet, or ill-formed UTF-8 (RFC 3629).",
            "InvalidTime": "UTCTime / GeneralizedTime not in the one form DER allows (X.690 11.7, 11.8) or not a real calendar instant.",
            "NonCanonicalReal": "REAL not in DER's canonical form: base-10 NR3 with an integer mantissa without leading or trailing zeros, '.E', an exponent without '+' (unless zero, '+0') or leading zeros, zero as no content (X.690 8.5, 11.3).",
            // One flag per rule inside the three broad families above (the broad flag stays on each test).
            "OIDEmpty": "OBJECT IDENTIFIER without content octets (X.690 8.19.2).",
            "OIDNonMinimalArc": "A subidentifier whose first octet is 80: not in the fewest octets (X.690 8.19.2).",
            "OIDUnterminatedArc": "The last subidentifier has bit 8 set on its last octet, so it never ends (X.690 8.19.2).",
            "OIDArcTooLarge": "An arc beyond 64 bits: a limit of this toolkit, not a DER rule.",
            "TimeSecondsMissing": "Seconds (or minutes and seconds) left out: DER requires them (X.690 11.7.2, 11.8.2).",
            "TimeNotZ": "A local time or a UTC offset instead of the terminating Z (X.690 11.7.1, 11.8.1).",
            "TimeFractionInUTCTime": "UTCTime with fractional seconds: its form has none.",
            "TimeNotCalendar": "Digits in the right form naming no real instant: month 13, 31 November, 29 February of a common year, hour 24, second 60.",
            "TimeNonDigit": "A character other than a digit where the form has digits.",
            "TimeTrailingOctets": "Octets after the terminating Z.",
            "TimeFractionTrailingZero": "A fraction ending in 0, including a zero fraction written out (X.690 11.7.3).",
            "TimeFractionComma": "A comma as decimal mark instead of the full stop (X.690 11.7.4).",
            "TimeFractionEmpty": "A decimal mark without fraction digits (X.690 11.7.3).",
            "TimeFractionTooLong": "More than 9 fraction digits: a limit of this toolkit (nanoseconds), not a DER rule.",
            "RealLeadingZero": "NR3 mantissa with a leading zero (X.690 11.3.2).",
            "RealTrailingZero": "NR3 mantissa with a trailing zero: it belongs in the exponent (X.690 11.3.2).",
            "RealPointPlacement": "The full stop not directly before E, or missing (X.690 11.3.2: integer mantissa, then '.E').",
            "RealExponentSign": "Exponent 0 without '+', or '+' on a non-zero exponent (X.690 11.3.2).",
            "RealExponentLeadingZero": "Exponent with a leading zero (X.690 11.3.2).",
            "RealMantissaSign": "A '+' on the mantissa (X.690 11.3.2: only '-' is written).",
            "RealSpaces": "Leading spaces in the NR3 text (X.690 11.3.2).",
            "RealZeroForm": "Zero written in NR3 instead of with no content octets (X.690 8.5.2).",
            "RealNotNR3": "A decimal REAL in NR1 or NR2 form: DER uses NR3 only (X.690 11.3.2).",
            "RealBinary": "A binary (base 2) encoding: valid DER, but the record format allows only decimal REAL.",
            "RealBadSpecial": "A special-value octet other than 40-43, or a special value with more octets (X.690 8.5.9).",
            "UnsortedSet": "SET OF elements not in ascending order of their encodings (X.690 11.6).",
            "ConstructedPrimitive": "A primitive-only type in constructed form, or SEQUENCE / SET in primitive form (X.690 10.2, 8.9.1, 8.11.1).",
            "IndefiniteLength": "Indefinite length (BER); DER has only definite lengths (X.690 10.1).",
            "NonMinimalLength": "A length in long form that fits a shorter form, or with leading zero octets (X.690 10.1).",
            "LengthTooLarge": "More than 4 length octets: no input of this profile is that long.",
            "NonMinimalTag": "A tag number below 31 in high-tag-number form, or a high tag number starting with 80 (X.690 8.1.2.4).",
            "TagTooLarge": "A tag number of more than 4 base-128 octets.",
            "ReservedTag": "Universal tag 0, reserved for BER's end-of-contents (X.690 8.1.5), or universal tag 15, reserved for future editions (X.680).",
            "TrailingBytes": "Octets after the one element the input must hold.",
            "NestingTooDeep": "More than 50 nested constructed elements: beyond the bound this toolkit sets on recursion (swift-asn1 uses 50 too); the root counts as level 1.",
            "Truncated": "The input ends before the element it announces.",
            "UnexpectedTag": "An element with another tag than the type requires.",
            "MissingField": "An EXPLICIT wrapper without the element it must hold.",
            "UnexpectedField": "An EXPLICIT wrapper with more than the one element it must hold.",
            "ImplementationLimit": "The result depends on a limit this toolkit sets, not on a DER rule: at most 9 fraction digits in GeneralizedTime (nanoseconds), OBJECT IDENTIFIER arcs of at most 64 bits, at most 50 nested constructed elements. Another implementation may set other limits and skip these tests.",
        ]
    }

    func groups(_ context: VectorGenerationContext) throws -> [VectorGroupSpec] {
        var order: [String] = []
        var byType: [String: [VectorCase]] = [:]
        for item in DERVectorCases.all {
            if byType[item.type] == nil { order.append(item.type) }
            byType[item.type, default: []].append(VectorCase("\(item.type): \(item.comment)", flags: item.flags) {
                var fields: [(String, JSONValue)] = [("type", .text(item.type)), ("der", .text(item.hex))]
                switch item.expected {
                case .valid(let value):
                    fields += [("result", .text("valid")), ("value", .text(value))]
                case .invalid(let code):
                    fields += [("result", .text("invalid")), ("error", .text(code.rawValue))]
                }
                return fields
            })
        }
        return order.map { type in
            VectorGroupSpec(name: type, members: { [("type", .text(type))] }, cases: byType[type] ?? [])
        }
    }
}
