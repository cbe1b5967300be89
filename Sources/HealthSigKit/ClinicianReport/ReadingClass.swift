import SampleSigning

/// The four things a reader of the report needs to tell apart, each drawn with its own shape
/// and colour (Okabe–Ito colours, distinguishable by colour-blind readers; shapes keep them
/// apart in black and white).
enum ReadingClass: Int, CaseIterable, Sendable {
    case unsigned = 0
    case authentic = 1
    case notChecked = 2
    case altered = 3

    init(_ kind: SampleVerdict.Kind) {
        switch kind {
        case .valid: self = .authentic
        case .unsigned: self = .unsigned
        case .contentMismatch: self = .altered
        case .malformed, .badSignature, .untrustedSigner, .revoked: self = .notChecked
        }
    }

    /// Legend text.
    var label: String {
        switch self {
        case .authentic: "authentic (signature verified)"
        case .altered: "altered after signing"
        case .notChecked: "could not be checked"
        case .unsigned: "unsigned"
        }
    }

    var colour: String {
        switch self {
        case .authentic: "#0072B2"
        case .altered: "#D55E00"
        case .notChecked: "#CC79A7"
        case .unsigned: "#666666"
        }
    }

    /// The SVG of this class's marker centred on (x, y).
    func marker(x: Double, y: Double) -> String {
        let c = colour
        let px = SVGNumber.format(x), py = SVGNumber.format(y)
        switch self {
        case .authentic:
            return "<circle cx=\"\(px)\" cy=\"\(py)\" r=\"3.2\" fill=\"\(c)\"/>"
        case .altered:
            return "<path d=\"M\(SVGNumber.format(x)) \(SVGNumber.format(y - 5))L\(SVGNumber.format(x + 4.6)) \(SVGNumber.format(y + 3.5))L\(SVGNumber.format(x - 4.6)) \(SVGNumber.format(y + 3.5))Z\" fill=\"\(c)\" stroke=\"#000\" stroke-width=\"0.6\"/>"
        case .notChecked:
            return "<path d=\"M\(px) \(SVGNumber.format(y - 4.6))L\(SVGNumber.format(x + 4.6)) \(py)L\(px) \(SVGNumber.format(y + 4.6))L\(SVGNumber.format(x - 4.6)) \(py)Z\" fill=\"\(c)\" stroke=\"#000\" stroke-width=\"0.6\"/>"
        case .unsigned:
            return "<rect x=\"\(SVGNumber.format(x - 2.8))\" y=\"\(SVGNumber.format(y - 2.8))\" width=\"5.6\" height=\"5.6\" fill=\"#fff\" stroke=\"\(c)\" stroke-width=\"1.2\"/>"
        }
    }
}

/// Numbers in SVG attributes: two decimals at most, no exponent, `.` as separator.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
