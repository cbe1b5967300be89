import DER
import HealthSigKit

/// The hand-written `der.json` cases: input bytes and the result X.690's DER rules give, written
/// down from the standard rather than taken from this implementation's output.
enum DERVectorCases {
    /// Expected result of one case.
    enum Expected: Sendable {
        case valid(String)
        case invalid(DERError.Code)
    }

    /// One case: the type, the input, the expected result, the flags and the comment (which is
    /// prefixed with the type name to make it unique in the file).
    struct Case: Sendable {
        let type: String
        let hex: String
        let expected: Expected
        let flags: [String]
        let comment: String

        init(_ type: String, _ hex: String, _ expected: Expected, _ flags: [String], _ comment: String) {
            self.type = type
            self.hex = hex
            self.expected = expected
            self.flags = flags
            self.comment = comment
        }
    }

    // MARK: - Helpers

    /// A TLV with a minimal definite length around `content` (hex).
    static func tlv(_ tag: String, _ content: String) -> String {
        let count = content.count / 2
        let length: String
        switch count {
        case ..<0x80: length = hex2(count)
        case ..<0x100: length = "81" + hex2(count)
        default: length = "82" + hex2(count >> 8) + hex2(count & 0xFF)
        }
        return tag + length + content
    }

    /// The UTF-8 bytes of `text` as hex.
    static func ascii(_ text: String) -> String { VectorHex.encode(Array(text.utf8)) }

    static func hex2(_ value: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[(value >> 4) & 0xF], digits[value & 0xF]])
    }

    /// `count` SEQUENCEs nested in each other, the innermost empty.
    static func nested(_ count: Int) -> String {
        var element = "3000"
        for _ in 1..<count { element = tlv("30", element) }
        return element
    }

    static let bytes128 = String(repeating: "ab", count: 128)
    static let bytes256 = String(repeating: "cd", count: 256)

    private static func v(_ text: String) -> Expected { .valid(text) }
    private static func e(_ code: DERError.Code) -> Expected { .invalid(code) }

    // MARK: - Cases

    static let all: [Case] = integer + boolean + null + objectIdentifier + octetString + bitString + strings
        + utcTime + generalizedTime + real + constructed + tagging + tlvRules

    static let integer: [Case] = [
        Case("INTEGER", "020100", v("0"), [], "zero"),
        Case("INTEGER", "02017f", v("127"), [], "127, the largest one-octet value"),
        Case("INTEGER", "02020080", v("128"), ["SignOctet"], "128 needs a leading 00 octet"),
        Case("INTEGER", "02020100", v("256"), [], "256"),
        Case("INTEGER", "0201ff", v("-1"), ["Negative"], "minus one"),
        Case("INTEGER", "020180", v("-128"), ["Negative"], "-128, the smallest one-octet value"),
        Case("INTEGER", "0202ff7f", v("-129"), ["Negative", "SignOctet"], "-129 needs a leading ff octet"),
        Case("INTEGER", "0209" + "00ffffffffffffffff", v("18446744073709551615"), ["BigInteger"], "2^64-1, wider than a signed 64-bit integer"),
        Case("INTEGER", "0209" + "ff0000000000000000", v("-18446744073709551616"), ["BigInteger", "Negative"], "-2^64"),
        Case("INTEGER", "0211" + "0080000000000000000000000000000000", v("170141183460469231731687303715884105728"), ["BigInteger"], "2^127"),
        Case("INTEGER", "0200", e(.emptyInteger), ["EmptyInteger"], "no content octets"),
        Case("INTEGER", "02020000", e(.nonMinimalInteger), ["NonMinimalInteger"], "zero with a redundant 00 octet"),
        Case("INTEGER", "0202007f", e(.nonMinimalInteger), ["NonMinimalInteger"], "127 with a redundant 00 octet"),
        Case("INTEGER", "0202ffff", e(.nonMinimalInteger), ["NonMinimalInteger"], "-1 with a redundant ff octet"),
        Case("INTEGER", "0202ff80", e(.nonMinimalInteger), ["NonMinimalInteger"], "-128 with a redundant ff octet"),
        Case("INTEGER", "0203000080", e(.nonMinimalInteger), ["NonMinimalInteger"], "128 with two leading 00 octets"),
        Case("INTEGER", "2203020101", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
        Case("INTEGER", "020201", e(.truncated), ["Truncated"], "length 2 but one content octet"),
        Case("INTEGER", "0201", e(.truncated), ["Truncated"], "no content octets although the length is 1"),
        Case("INTEGER", "02", e(.truncated), ["Truncated"], "identifier only"),
        Case("INTEGER", "02010100", e(.trailingBytes), ["TrailingBytes"], "a 00 octet after the element"),
        Case("INTEGER", "0281" + "0101", e(.nonMinimalLength), ["NonMinimalLength"], "length 1 in long form 81 01"),
        Case("INTEGER", "0282" + "000101", e(.nonMinimalLength), ["NonMinimalLength"], "length 1 in long form 82 00 01"),
        Case("INTEGER", "0280" + "01010000", e(.indefiniteLength), ["IndefiniteLength"], "indefinite length with end-of-contents"),
        Case("INTEGER", "0285" + "0000000001" + "01", e(.lengthTooLarge), ["LengthTooLarge"], "five length octets"),
        Case("INTEGER", "1f02" + "0101", e(.nonMinimalTag), ["NonMinimalTag"], "tag number 2 in high-tag-number form"),
        Case("INTEGER", "040101", e(.unexpectedTag), ["UnexpectedTag"], "an OCTET STRING where an INTEGER is expected"),
        Case("INTEGER", "0a0101", e(.unexpectedTag), ["UnexpectedTag"], "an ENUMERATED where an INTEGER is expected"),
    ]

    static let boolean: [Case] = [
        Case("BOOLEAN", "0101ff", v("true"), [], "TRUE is ff"),
        Case("BOOLEAN", "010100", v("false"), [], "FALSE is 00"),
        Case("BOOLEAN", "010101", e(.invalidBoolean), ["InvalidBoolean"], "TRUE written as 01 (BER only)"),
        Case("BOOLEAN", "01017f", e(.invalidBoolean), ["InvalidBoolean"], "TRUE written as 7f"),
        Case("BOOLEAN", "0100", e(.invalidBoolean), ["InvalidBoolean"], "no content octets"),
        Case("BOOLEAN", "0102ffff", e(.invalidBoolean), ["InvalidBoolean"], "two content octets"),
        Case("BOOLEAN", "21030101ff", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
    ]

    static let null: [Case] = [
        Case("NULL", "0500", v("null"), [], "NULL"),
        Case("NULL", "050100", e(.invalidNull), ["InvalidNull"], "one content octet"),
        Case("NULL", "2500", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
        Case("NULL", "058100", e(.nonMinimalLength), ["NonMinimalLength"], "length 0 in long form"),
    ]

    static let objectIdentifier: [Case] = [
        Case("OBJECT IDENTIFIER", "06092a864886f70d010702", v("1.2.840.113549.1.7.2"), [], "id-signedData"),
        Case("OBJECT IDENTIFIER", "06082a8648ce3d040302", v("1.2.840.10045.4.3.2"), [], "ecdsa-with-SHA256"),
        Case("OBJECT IDENTIFIER", "0609608648016503040201", v("2.16.840.1.101.3.4.2.1"), [], "id-sha256"),
        Case("OBJECT IDENTIFIER", "0603550403", v("2.5.4.3"), [], "id-at-commonName"),
        Case("OBJECT IDENTIFIER", "060100", v("0.0"), ["EdgeCase"], "0.0, the smallest OID"),
        Case("OBJECT IDENTIFIER", "06028837", v("2.999"), ["EdgeCase"], "2.999: the first subidentifier above 127"),
        Case("OBJECT IDENTIFIER", "060b2a81ffffffffffffffff7f", v("1.2.18446744073709551615"), ["EdgeCase"], "an arc of 2^64-1"),
        Case("OBJECT IDENTIFIER", "0600", e(.invalidObjectIdentifier), ["InvalidOID", "OIDEmpty"], "no content octets"),
        Case("OBJECT IDENTIFIER", "06032a8001", e(.invalidObjectIdentifier), ["InvalidOID", "OIDNonMinimalArc"], "subidentifier with a leading 80 octet"),
        Case("OBJECT IDENTIFIER", "0602802a", e(.invalidObjectIdentifier), ["InvalidOID", "OIDNonMinimalArc"], "first subidentifier with a leading 80 octet"),
        Case("OBJECT IDENTIFIER", "06022a86", e(.invalidObjectIdentifier), ["InvalidOID", "OIDUnterminatedArc"], "last subidentifier unterminated"),
        Case("OBJECT IDENTIFIER", "060b2a82808080808080808000", e(.invalidObjectIdentifier), ["InvalidOID", "OIDArcTooLarge", "ImplementationLimit"], "an arc of 2^64, beyond 64 bits"),
        Case("OBJECT IDENTIFIER", "2603060100", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
    ]

    static let octetString: [Case] = [
        Case("OCTET STRING", "0400", v(""), ["EmptyContent"], "empty"),
        Case("OCTET STRING", "0403010203", v("010203"), [], "three octets"),
        Case("OCTET STRING", tlv("04", bytes128), v(bytes128), ["LongFormLength"], "128 octets: length 81 80"),
        Case("OCTET STRING", tlv("04", bytes256), v(bytes256), ["LongFormLength"], "256 octets: length 82 01 00"),
        Case("OCTET STRING", "048105" + "0102030405", e(.nonMinimalLength), ["NonMinimalLength"], "5 octets with length 81 05"),
        Case("OCTET STRING", "048200" + "80" + bytes128, e(.nonMinimalLength), ["NonMinimalLength"], "128 octets with length 82 00 80"),
        Case("OCTET STRING", "2406" + "0401aa" + "0401bb", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form with two segments (BER)"),
        Case("OCTET STRING", "2480" + "0401aa" + "0000", e(.indefiniteLength), ["IndefiniteLength"], "constructed indefinite form (BER)"),
        Case("OCTET STRING", "04050102", e(.truncated), ["Truncated"], "length 5 but two octets"),
        Case("OCTET STRING", "0484ffffffff00", e(.truncated), ["Truncated"], "length 2^32-1 claimed by a 7-octet input"),
    ]

    static let bitString: [Case] = [
        Case("BIT STRING", "030100", v(""), ["EmptyContent"], "no bits"),
        Case("BIT STRING", "030200ff", v("11111111"), [], "eight bits"),
        Case("BIT STRING", "030205a0", v("101"), [], "three bits, five unused"),
        Case("BIT STRING", "03020780", v("1"), [], "one bit, seven unused"),
        Case("BIT STRING", "0300", e(.invalidBitString), ["InvalidBitString"], "no unused-bits octet"),
        Case("BIT STRING", "030105", e(.invalidBitString), ["InvalidBitString"], "five unused bits but no octets"),
        Case("BIT STRING", "03020800", e(.invalidBitString), ["InvalidBitString"], "unused-bits octet 8"),
        Case("BIT STRING", "030205a1", e(.invalidBitString), ["BitStringPadding"], "an unused bit is set"),
        Case("BIT STRING", "03020701", e(.invalidBitString), ["BitStringPadding"], "the lowest unused bit is set"),
        Case("BIT STRING", "2304030200ff", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
    ]

    static let strings: [Case] = [
        Case("UTF8String", "0c00", v(""), ["EmptyContent"], "empty"),
        Case("UTF8String", tlv("0c", ascii("hello")), v("hello"), [], "ASCII"),
        Case("UTF8String", "0c02c3a9", v("é"), ["NonAscii"], "two-octet character U+00E9"),
        Case("UTF8String", "0c03e282ac", v("€"), ["NonAscii"], "three-octet character U+20AC"),
        Case("UTF8String", "0c04f09f9880", v("😀"), ["NonAscii"], "four-octet character U+1F600"),
        Case("UTF8String", "0c01ff", e(.invalidString), ["InvalidString"], "octet ff"),
        Case("UTF8String", "0c0180", e(.invalidString), ["InvalidString"], "a lone continuation octet"),
        Case("UTF8String", "0c02c080", e(.invalidString), ["InvalidString"], "overlong encoding of U+0000"),
        Case("UTF8String", "0c03eda080", e(.invalidString), ["InvalidString"], "encoded surrogate U+D800"),
        Case("UTF8String", "0c01c3", e(.invalidString), ["InvalidString"], "a sequence cut after its first octet"),
        Case("UTF8String", "0c04f4908080", e(.invalidString), ["InvalidString"], "U+110000, above the Unicode range"),
        Case("UTF8String", "2c030c0161", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "constructed form"),
        Case("PrintableString", tlv("13", ascii("Acme BP-200 (v2), +1:=?/.'")), v("Acme BP-200 (v2), +1:=?/.'"), [], "every punctuation character PrintableString allows"),
        Case("PrintableString", "1300", v(""), ["EmptyContent"], "empty"),
        Case("PrintableString", tlv("13", ascii("a@b")), e(.invalidString), ["InvalidString"], "@ is not printable"),
        Case("PrintableString", tlv("13", ascii("a*b")), e(.invalidString), ["InvalidString"], "* is not printable"),
        Case("PrintableString", tlv("13", ascii("a_b")), e(.invalidString), ["InvalidString"], "_ is not printable"),
        Case("PrintableString", "1302c3a9", e(.invalidString), ["InvalidString"], "non-ASCII octets"),
        Case("IA5String", tlv("16", ascii("dev@example.org")), v("dev@example.org"), [], "an e-mail address"),
        Case("IA5String", "1600", v(""), ["EmptyContent"], "empty"),
        Case("IA5String", "16017f", v("\u{7F}"), ["EdgeCase"], "DEL, the last IA5 character"),
        Case("IA5String", "160180", e(.invalidString), ["InvalidString"], "octet 80 is outside IA5"),
        Case("IA5String", "1602c3a9", e(.invalidString), ["InvalidString"], "UTF-8 is not IA5"),
    ]

    private static func utc(_ text: String) -> String { tlv("17", ascii(text)) }
    private static func gen(_ text: String) -> String { tlv("18", ascii(text)) }

    static let utcTime: [Case] = [
        Case("UTCTime", utc("261121080000Z"), v("2026-11-21T08:00:00Z"), [], "2026-11-21 08:00:00"),
        Case("UTCTime", utc("491231235959Z"), v("2049-12-31T23:59:59Z"), ["EdgeCase"], "49 is 2049, the last UTCTime year"),
        Case("UTCTime", utc("500101000000Z"), v("1950-01-01T00:00:00Z"), ["EdgeCase"], "50 is 1950, the first UTCTime year"),
        Case("UTCTime", utc("280229120000Z"), v("2028-02-29T12:00:00Z"), ["EdgeCase"], "29 February of a leap year"),
        Case("UTCTime", utc("2611210800Z"), e(.invalidTime), ["InvalidTime", "TimeSecondsMissing"], "seconds missing"),
        Case("UTCTime", utc("261121080000+0100"), e(.invalidTime), ["InvalidTime", "TimeNotZ"], "a UTC offset instead of Z"),
        Case("UTCTime", utc("261121080000.5Z"), e(.invalidTime), ["InvalidTime", "TimeFractionInUTCTime"], "fractional seconds"),
        Case("UTCTime", utc("261121080000"), e(.invalidTime), ["InvalidTime", "TimeNotZ"], "no Z"),
        Case("UTCTime", utc("261321080000Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "month 13"),
        Case("UTCTime", utc("261131080000Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "31 November"),
        Case("UTCTime", utc("270229120000Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "29 February of a common year"),
        Case("UTCTime", utc("261121240000Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "hour 24"),
        Case("UTCTime", utc("261121235960Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "second 60"),
        Case("UTCTime", utc("26112108000aZ"), e(.invalidTime), ["InvalidTime", "TimeNonDigit"], "a letter among the digits"),
        Case("UTCTime", utc("261121080000Z0"), e(.invalidTime), ["InvalidTime", "TimeTrailingOctets"], "an octet after Z"),
    ]

    static let generalizedTime: [Case] = [
        Case("GeneralizedTime", gen("20261121080000Z"), v("2026-11-21T08:00:00Z"), [], "whole seconds"),
        Case("GeneralizedTime", gen("20261121080000.25Z"), v("2026-11-21T08:00:00.25Z"), ["Fraction"], "a quarter second"),
        Case("GeneralizedTime", gen("20261121080000.123456789Z"), v("2026-11-21T08:00:00.123456789Z"), ["Fraction"], "nine fraction digits"),
        Case("GeneralizedTime", gen("99991231235959Z"), v("9999-12-31T23:59:59Z"), ["EdgeCase"], "the last second of year 9999"),
        Case("GeneralizedTime", gen("20500101000000Z"), v("2050-01-01T00:00:00Z"), ["EdgeCase"], "2050, beyond UTCTime"),
        Case("GeneralizedTime", gen("20261121080000.250Z"), e(.invalidTime), ["InvalidTime", "TimeFractionTrailingZero"], "fraction with a trailing zero"),
        Case("GeneralizedTime", gen("20261121080000.0Z"), e(.invalidTime), ["InvalidTime", "TimeFractionTrailingZero"], "a zero fraction written out"),
        Case("GeneralizedTime", gen("20261121080000,25Z"), e(.invalidTime), ["InvalidTime", "TimeFractionComma"], "comma as decimal mark"),
        Case("GeneralizedTime", gen("20261121080000.Z"), e(.invalidTime), ["InvalidTime", "TimeFractionEmpty"], "decimal point without digits"),
        Case("GeneralizedTime", gen("202611210800Z"), e(.invalidTime), ["InvalidTime", "TimeSecondsMissing"], "seconds missing"),
        Case("GeneralizedTime", gen("2026112108Z"), e(.invalidTime), ["InvalidTime", "TimeSecondsMissing"], "minutes and seconds missing"),
        Case("GeneralizedTime", gen("20261121080000"), e(.invalidTime), ["InvalidTime", "TimeNotZ"], "local time, no Z"),
        Case("GeneralizedTime", gen("20261121080000+0100"), e(.invalidTime), ["InvalidTime", "TimeNotZ"], "a UTC offset instead of Z"),
        Case("GeneralizedTime", gen("20261231235960Z"), e(.invalidTime), ["InvalidTime", "TimeNotCalendar"], "a leap second"),
        Case("GeneralizedTime", gen("20261121080000.1234567891Z"), e(.invalidTime), ["InvalidTime", "TimeFractionTooLong", "ImplementationLimit"], "ten fraction digits, beyond nanoseconds"),
    ]

    private static func nr3(_ text: String) -> String { tlv("09", "03" + ascii(text)) }

    static let real: [Case] = [
        Case("REAL", "0900", v("0"), ["EdgeCase"], "zero has no content octets"),
        Case("REAL", nr3("366.E-1"), v("36.6"), [], "36.6 as 366.E-1"),
        Case("REAL", nr3("12.E1"), v("120"), [], "120 as 12.E1"),
        Case("REAL", nr3("72.E+0"), v("72"), [], "72 as 72.E+0"),
        Case("REAL", nr3("55.E-1"), v("5.5"), [], "5.5 as 55.E-1"),
        Case("REAL", nr3("-5.E-1"), v("-0.5"), ["Negative"], "-0.5 as -5.E-1"),
        Case("REAL", nr3("97.E-2"), v("0.97"), [], "0.97 as 97.E-2"),
        Case("REAL", "090140", v("PLUS-INFINITY"), ["SpecialReal"], "PLUS-INFINITY"),
        Case("REAL", "090141", v("MINUS-INFINITY"), ["SpecialReal"], "MINUS-INFINITY"),
        Case("REAL", "090142", v("NOT-A-NUMBER"), ["SpecialReal"], "NOT-A-NUMBER"),
        Case("REAL", "090143", v("-0"), ["SpecialReal"], "minus zero"),
        Case("REAL", nr3("0366.E-1"), e(.invalidReal), ["NonCanonicalReal", "RealLeadingZero"], "mantissa with a leading zero"),
        Case("REAL", nr3("3660.E-2"), e(.invalidReal), ["NonCanonicalReal", "RealTrailingZero"], "mantissa with a trailing zero"),
        Case("REAL", nr3("36.6E0"), e(.invalidReal), ["NonCanonicalReal", "RealPointPlacement"], "a decimal point inside the mantissa"),
        Case("REAL", nr3("366E-1"), e(.invalidReal), ["NonCanonicalReal", "RealPointPlacement"], "no point before E"),
        Case("REAL", nr3("72.E0"), e(.invalidReal), ["NonCanonicalReal", "RealExponentSign"], "zero exponent without plus sign"),
        Case("REAL", nr3("12.E+1"), e(.invalidReal), ["NonCanonicalReal", "RealExponentSign"], "plus sign on a non-zero exponent"),
        Case("REAL", nr3("12.E01"), e(.invalidReal), ["NonCanonicalReal", "RealExponentLeadingZero"], "exponent with a leading zero"),
        Case("REAL", nr3("+72.E+0"), e(.invalidReal), ["NonCanonicalReal", "RealMantissaSign"], "plus sign on the mantissa"),
        Case("REAL", nr3(" 72.E+0"), e(.invalidReal), ["NonCanonicalReal", "RealSpaces"], "leading space"),
        Case("REAL", nr3("0.E+0"), e(.invalidReal), ["NonCanonicalReal", "RealZeroForm"], "zero in NR3 instead of no content"),
        Case("REAL", tlv("09", "01" + ascii("72")), e(.invalidReal), ["NonCanonicalReal", "RealNotNR3"], "NR1 decimal form"),
        Case("REAL", tlv("09", "02" + ascii("72.0")), e(.invalidReal), ["NonCanonicalReal", "RealNotNR3"], "NR2 decimal form"),
        Case("REAL", "0903800001", e(.invalidReal), ["NonCanonicalReal", "RealBinary"], "binary encoding (base 2)"),
        Case("REAL", "090144", e(.invalidReal), ["NonCanonicalReal", "RealBadSpecial"], "reserved special value 44"),
        Case("REAL", "09024000", e(.invalidReal), ["NonCanonicalReal", "RealBadSpecial"], "special value followed by another octet"),
    ]

    static let constructed: [Case] = [
        Case("SEQUENCE OF INTEGER", "3000", v("[]"), ["EmptyContent"], "empty"),
        Case("SEQUENCE OF INTEGER", "3006020101020102", v("[1, 2]"), [], "two elements in order"),
        Case("SEQUENCE OF INTEGER", "3006020102020101", v("[2, 1]"), [], "a SEQUENCE OF keeps its order"),
        Case("SEQUENCE OF INTEGER", "1006020101020102", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "primitive form"),
        Case("SEQUENCE OF INTEGER", "3080" + "020101" + "0000", e(.indefiniteLength), ["IndefiniteLength"], "indefinite length"),
        Case("SEQUENCE OF INTEGER", "3004020101", e(.truncated), ["Truncated"], "length 4 but three content octets"),
        Case("SEQUENCE OF INTEGER", "3003020101" + "0500", e(.trailingBytes), ["TrailingBytes"], "a NULL after the SEQUENCE"),
        Case("SEQUENCE OF INTEGER", "3002020101", e(.truncated), ["Truncated"], "an element runs past the end of its SEQUENCE"),
        Case("SEQUENCE OF INTEGER", "30050201010500", e(.unexpectedTag), ["UnexpectedTag"], "a NULL element"),
        Case("SEQUENCE OF INTEGER", "30040202007f", e(.nonMinimalInteger), ["NonMinimalInteger"], "an element breaks a rule of its own"),
        Case("SET OF INTEGER", "3100", v("[]"), ["EmptyContent"], "empty"),
        Case("SET OF INTEGER", "3106020101020102", v("[1, 2]"), [], "two elements in order"),
        Case("SET OF INTEGER", "3106020101020101", v("[1, 1]"), ["EdgeCase"], "equal elements may repeat"),
        Case("SET OF INTEGER", "310702010102020100", v("[1, 256]"), [], "the shorter encoding first: 02 01 01 < 02 02 01 00"),
        Case("SET OF INTEGER", "3106020102020101", e(.unsortedSet), ["UnsortedSet"], "2 before 1"),
        Case("SET OF INTEGER", "310702020100020101", e(.unsortedSet), ["UnsortedSet"], "256 before 1: ordered by encoding, not length first"),
        Case("SET OF INTEGER", "110106020101020102", e(.invalidConstructedFlag), ["ConstructedPrimitive"], "primitive form"),
        Case("SET OF OCTET STRING", "3106040100040101", v("[00, 01]"), [], "octet strings in order"),
        Case("SET OF OCTET STRING", "310704010104020000", v("[01, 0000]"), [], "the length octet decides: 04 01 01 before 04 02 00 00"),
        Case("SET OF OCTET STRING", "310704020000040101", e(.unsortedSet), ["UnsortedSet"], "04 02 00 00 before 04 01 01"),
    ]

    static let tagging: [Case] = [
        Case("[0] EXPLICIT INTEGER", "a003020105", v("5"), [], "[0] EXPLICIT wraps the INTEGER"),
        Case("[0] EXPLICIT INTEGER", "800105", e(.unexpectedTag), ["UnexpectedTag"], "primitive [0]: implicit instead of explicit"),
        Case("[0] EXPLICIT INTEGER", "a103020105", e(.unexpectedTag), ["UnexpectedTag"], "tag [1] instead of [0]"),
        Case("[0] EXPLICIT INTEGER", "a000", e(.missingField), ["MissingField"], "an empty wrapper"),
        Case("[0] EXPLICIT INTEGER", "a006020105020106", e(.unexpectedField), ["UnexpectedField"], "two elements in the wrapper"),
        Case("[1] IMPLICIT INTEGER", "810105", v("5"), [], "[1] IMPLICIT replaces the INTEGER tag"),
        Case("[1] IMPLICIT INTEGER", "020105", e(.unexpectedTag), ["UnexpectedTag"], "the universal tag instead of [1]"),
        Case("[1] IMPLICIT INTEGER", "a103020105", e(.unexpectedTag), ["UnexpectedTag"], "constructed [1]"),
        Case("[2] IMPLICIT OCTET STRING", "8203010203", v("010203"), [], "[2] IMPLICIT OCTET STRING"),
        Case("[31] IMPLICIT INTEGER", "9f1f0105", v("5"), ["HighTagNumber"], "tag 31 needs the high-tag-number form"),
        Case("[200] IMPLICIT INTEGER", "9f81480105", v("5"), ["HighTagNumber"], "tag 200 in two base-128 octets"),
        Case("[30] IMPLICIT INTEGER", "9f1e0105", e(.nonMinimalTag), ["NonMinimalTag"], "tag 30 in high-tag-number form"),
        Case("[200] IMPLICIT INTEGER", "9f8081480105", e(.nonMinimalTag), ["NonMinimalTag"], "high tag number with a leading 80 octet"),
    ]

    static let tlvRules: [Case] = [
        Case("ANY", nested(50), v(nested(50)), ["EdgeCase", "ImplementationLimit"], "50 nested SEQUENCEs"),
        Case("ANY", nested(51), e(.nestingTooDeep), ["NestingTooDeep", "ImplementationLimit"], "51 nested SEQUENCEs"),
        Case("ANY", "000100", e(.reservedTag), ["ReservedTag"], "universal tag 0 (end-of-contents)"),
        Case("ANY", "0000", e(.reservedTag), ["ReservedTag"], "a bare end-of-contents marker"),
        Case("ANY", "0f0100", e(.reservedTag), ["ReservedTag"], "universal tag 15, reserved by X.680"),
        Case("ANY", "1f8fffffff7f00", e(.tagTooLarge), ["TagTooLarge"], "a tag number of five base-128 octets"),
        Case("ANY", "1f", e(.truncated), ["Truncated"], "input ends inside a high tag number"),
        Case("ANY", "", e(.truncated), ["Truncated"], "empty input"),
        Case("ANY", "0483010203", e(.truncated), ["Truncated"], "input ends inside a long-form length"),
        Case("ANY", "308400000003020101", e(.nonMinimalLength), ["NonMinimalLength"], "length 3 in four length octets"),
    ]
}
