import Foundation
import HealthSamples

/// A HealthKit quantity as a FHIR `Quantity`: the stored decimal value (never through binary
/// floating point) and the UCUM code of its unit.
///
/// Two HealthKit conventions change the number: HealthKit's `%` is a fraction (0.97 is 97 %),
/// so the value is multiplied by 100 for UCUM `%`; and a body-mass index is a plain `count`
/// in HealthKit where UCUM and the vital-signs profile write `kg/m2`.
public struct FHIRQuantity: Sendable, Hashable {
    /// The value as FHIR decimal text.
    public let value: Decimal
    /// The unit as stored (HealthKit's unit string), for humans.
    public let unit: String
    /// The UCUM code, or `nil` when the unit has none (the Quantity then has `unit` only).
    public let ucumCode: String?

    /// The FHIR form of `quantity` as a `type` reading; `nil` for a quantity that is not a
    /// quantity sample's (a workout's duration or totals), which no type-specific rule touches.
    public init(_ quantity: Quantity, of type: QuantityType?) {
        if quantity.unit.unitString == "%" {
            value = quantity.value * 100
            unit = "%"
            ucumCode = "%"
        } else if type == .bodyMassIndex && quantity.unit.unitString == "count" {
            value = quantity.value
            unit = "kg/m2"
            ucumCode = "kg/m2"
        } else {
            value = quantity.value
            unit = quantity.unit.unitString
            ucumCode = FHIRQuantity.ucum(quantity.unit.unitString)
        }
    }

    /// Atoms whose UCUM spelling differs from HealthKit's.
    static let atoms: [String: String] = [
        "count": "1", "mmHg": "mm[Hg]", "cmAq": "cm[H2O]", "degC": "Cel", "degF": "[degF]", "K": "K",
        "lb": "[lb_av]", "oz": "[oz_av]", "st": "[stone_av]", "mcg": "ug", "mcS": "uS", "IU": "[iU]",
        "hr": "h", "d": "d", "min": "min", "Cal": "kcal", "ft": "[ft_i]", "in": "[in_i]",
        "yd": "[yd_i]", "mi": "[mi_i]", "fl_oz_us": "[foz_us]", "fl_oz_imp": "[foz_br]",
        "cup_us": "[cup_us]", "pt_us": "[pt_us]", "pt_imp": "[pt_br]", "atm": "atm", "dBHL": "dB", "dBASPL": "dB",
    ]

    /// SI prefixes HealthKit writes and their UCUM spelling (`mc` is UCUM's `u`).
    static let prefixes: [(String, String)] = [("mc", "u"), ("p", "p"), ("n", "n"), ("m", "m"), ("c", "c"),
                                                ("d", "d"), ("k", "k"), ("M", "M"), ("G", "G"), ("T", "T"), ("da", "da")]
    /// Base atoms that take SI prefixes and are spelt alike in UCUM.
    static let prefixable: Set<String> = ["g", "m", "L", "s", "J", "W", "S", "Pa", "mol", "cal", "Hz", "V"]

    /// The UCUM code of a HealthKit unit string, or `nil` when an atom has none (`dBASPL`'s
    /// A-weighting, for one, is not expressible in UCUM and keeps its text only).
    public static func ucum(_ unitString: String) -> String? {
        if unitString == "dBASPL" || unitString == "dBHL" { return nil }
        // HealthKit: `a·b/c·d` (or `a*b`), exponents as `m^2`, molar units as `mmol<180.155…>`.
        let parts = unitString.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let numerator = parts.first else { return nil }
        guard let top = product(String(numerator)) else { return nil }
        guard parts.count == 2 else { return top }
        guard let bottom = product(String(parts[1])) else { return nil }
        let denominator = bottom.contains(".") ? "(\(bottom))" : bottom
        return top == "1" ? "/" + denominator : top + "/" + denominator
    }

    static func product(_ text: String) -> String? {
        let factors = text.split(whereSeparator: { $0 == "·" || $0 == "*" }).map(String.init)
        guard !factors.isEmpty else { return nil }
        var out: [String] = []
        for factor in factors {
            var atom = factor
            var exponent = ""
            if let caret = factor.firstIndex(of: "^") {
                atom = String(factor[..<caret])
                exponent = String(factor[factor.index(after: caret)...])
                guard !exponent.isEmpty, exponent.allSatisfy({ $0.isNumber || $0 == "-" }) else { return nil }
            }
            // The molar mass in angle brackets is HealthKit's, for conversions; UCUM's mol has none.
            if let bracket = atom.firstIndex(of: "<") { atom = String(atom[..<bracket]) }
            guard let mapped = ucumAtom(atom) else { return nil }
            out.append(mapped + exponent)
        }
        return out.joined(separator: ".")
    }

    static func ucumAtom(_ atom: String) -> String? {
        if let mapped = atoms[atom] { return mapped }
        if prefixable.contains(atom) { return atom }
        for (prefix, ucumPrefix) in prefixes where atom.hasPrefix(prefix) {
            let base = String(atom.dropFirst(prefix.count))
            if prefixable.contains(base) { return ucumPrefix + base }
        }
        if atom == "%" { return "%" }
        return nil
    }
}
