/// Recursive-descent reader for HealthKit unit strings (grammar in ``HealthUnit``).
///
/// Recursion follows parentheses only and is capped at ``HealthUnit/maximumNestingDepth``;
/// the input is capped at ``HealthUnit/maximumLength`` scalars, so no input can make the
/// parser recurse or allocate without bound.
struct HealthUnitParser {
    /// A partial result: dimension and factor of what has been read so far.
    private struct Term {
        var dimension: UnitDimension
        var scale: Double
        var exponent10: Int
        /// The affine offset of a lone `degC`/`degF`; dropped as soon as the term is combined.
        var offset: Double = 0
    }

    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0

    /// The largest |power of ten| a factor may reach; keeps exponent arithmetic far from overflow.
    private static let maximumExponent10 = 4000

    private init(text: String, scalars: [Unicode.Scalar]) {
        self.text = text
        self.scalars = scalars
    }

    /// Reads a whole unit string.
    static func parse(_ text: String) throws(HealthUnitError) -> HealthUnit {
        let count = text.unicodeScalars.count
        guard count > 0 else { throw HealthUnitError(text: text, offset: 0, kind: .empty) }
        guard count <= HealthUnit.maximumLength else {
            throw HealthUnitError(text: text, offset: HealthUnit.maximumLength, kind: .tooLong)
        }
        var parser = HealthUnitParser(text: text, scalars: Array(text.unicodeScalars))
        let term = try parser.readQuotient(depth: 0)
        if parser.position < parser.scalars.count {
            throw parser.fail(.unexpectedCharacter(expected: "'/', '*', '·', '^' or end of unit"))
        }
        guard (term.scale * UnitAtoms.powerOfTen(term.exponent10)).isNormal else {
            throw HealthUnitError(text: text, offset: 0, kind: .factorOutOfRange)
        }
        return HealthUnit(unitString: text, dimension: term.dimension, scale: term.scale,
                          exponent10: term.exponent10, offset: term.offset)
    }

    // MARK: - Grammar

    /// quotient = product *( "/" product ). HealthKit reads `a/b·c` as a/(b·c).
    private mutating func readQuotient(depth: Int) throws(HealthUnitError) -> Term {
        var result = try readProduct(depth: depth)
        while peek() == "/" {
            let operatorPosition = position
            position += 1
            let divisor = try readProduct(depth: depth)
            result = try combine(result, divisor, power: -1, at: operatorPosition)
        }
        return result
    }

    /// product = power *( ("*" / "·") power ).
    private mutating func readProduct(depth: Int) throws(HealthUnitError) -> Term {
        var result = try readPower(depth: depth)
        while let next = peek(), next == "*" || next == "\u{00B7}" {
            let operatorPosition = position
            position += 1
            let factor = try readPower(depth: depth)
            result = try combine(result, factor, power: 1, at: operatorPosition)
        }
        return result
    }

    /// power = primary [ "^" ["-"] 1*2DIGIT ].
    private mutating func readPower(depth: Int) throws(HealthUnitError) -> Term {
        let base = try readPrimary(depth: depth)
        guard peek() == "^" else { return base }
        let caretPosition = position
        position += 1
        var negative = false
        if peek() == "-" {
            negative = true
            position += 1
        }
        let digitsStart = position
        var magnitude = 0
        while let next = peek(), ("0" ... "9").contains(next) {
            if position - digitsStart == 2 { throw fail(.exponentOutOfRange) }
            magnitude = magnitude * 10 + Int(next.value - 48)
            position += 1
        }
        if position == digitsStart {
            throw peek() == nil ? fail(.unexpectedEnd(expected: "exponent digits")) : fail(.unexpectedCharacter(expected: "exponent digits"))
        }
        return try raise(base, to: negative ? -magnitude : magnitude, at: caretPosition)
    }

    /// primary = symbol [ "<" molar-mass ">" ] / "(" quotient ")".
    private mutating func readPrimary(depth: Int) throws(HealthUnitError) -> Term {
        guard let next = peek() else { throw fail(.unexpectedEnd(expected: "unit symbol or '('")) }
        if next == "(" {
            guard depth < HealthUnit.maximumNestingDepth else { throw fail(.nestingTooDeep) }
            position += 1
            let inner = try readQuotient(depth: depth + 1)
            guard let close = peek() else { throw fail(.unexpectedEnd(expected: "')'")) }
            guard close == ")" else { throw fail(.unexpectedCharacter(expected: "')'")) }
            position += 1
            return inner                           // "(degC)" is still a lone temperature
        }
        guard Self.isSymbolScalar(next) else { throw fail(.unexpectedCharacter(expected: "unit symbol or '('")) }
        let start = position
        while let scalar = peek(), Self.isSymbolScalar(scalar) { position += 1 }
        let symbol = String(String.UnicodeScalarView(scalars[start ..< position]))

        if let prefixExponent = UnitAtoms.molePrefixExponent(symbol) {
            guard peek() == "<" else { throw HealthUnitError(text: text, offset: start, kind: .missingMolarMass) }
            let molarMass = try readMolarMass()
            // One mole weighs M grams = M · 10⁻³ kg, so mol<M> is a mass unit.
            return Term(dimension: .mass, scale: molarMass, exponent10: prefixExponent - 3)
        }
        guard let atom = UnitAtoms.resolve(symbol) else {
            throw HealthUnitError(text: text, offset: start, kind: .unknownUnit(symbol))
        }
        // The offset survives only if nothing is combined with this symbol (see `combine`/`raise`).
        return Term(dimension: atom.dimension, scale: atom.scale, exponent10: atom.exponent10, offset: atom.offset)
    }

    /// `<` positive-decimal `>`, with the `<` next in the input.
    private mutating func readMolarMass() throws(HealthUnitError) -> Double {
        position += 1
        let start = position
        while let scalar = peek(), scalar != ">" { position += 1 }
        guard peek() == ">" else { throw fail(.unexpectedEnd(expected: "'>'")) }
        let literal = String(String.UnicodeScalarView(scalars[start ..< position]))
        position += 1
        // Plain decimal notation only: Double(String) would also take "inf", "nan" and hex.
        guard Self.isPlainDecimal(literal), let value = Double(literal), value.isFinite, value > 0 else {
            throw HealthUnitError(text: text, offset: start, kind: .invalidMolarMass(literal))
        }
        return value
    }

    // MARK: - Helpers

    private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func fail(_ kind: HealthUnitError.Kind) -> HealthUnitError {
        HealthUnitError(text: text, offset: position, kind: kind)
    }

    /// Letters, `_`, `%` and the micro signs make up unit symbols.
    private static func isSymbolScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a" ... "z", "A" ... "Z", "_", "%", "\u{00B5}", "\u{03BC}": return true
        default: return false
        }
    }

    /// `1*DIGIT [ "." 1*DIGIT ]` — the form HealthKit writes molar masses in.
    private static func isPlainDecimal(_ literal: String) -> Bool {
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `lhs · rhs^power` for power ±1.
    private func combine(_ lhs: Term, _ rhs: Term, power: Int, at offset: Int) throws(HealthUnitError) -> Term {
        let raised = try raise(rhs, to: power, at: offset)
        guard let dimension = lhs.dimension.multiplied(by: raised.dimension) else {
            throw HealthUnitError(text: text, offset: offset, kind: .exponentOutOfRange)
        }
        let exponent10 = lhs.exponent10 + raised.exponent10
        let scale = lhs.scale * raised.scale
        guard abs(exponent10) <= Self.maximumExponent10, scale.isNormal else {
            throw HealthUnitError(text: text, offset: offset, kind: .factorOutOfRange)
        }
        return Term(dimension: dimension, scale: scale, exponent10: exponent10)
    }

    /// `term^power`; the power's own magnitude is at most 99.
    private func raise(_ term: Term, to power: Int, at offset: Int) throws(HealthUnitError) -> Term {
        guard let dimension = term.dimension.raised(to: power) else {
            throw HealthUnitError(text: text, offset: offset, kind: .exponentOutOfRange)
        }
        let exponent10 = term.exponent10 * power
        var scale = 1.0
        for _ in 0 ..< abs(power) { scale *= term.scale }
        if power < 0 { scale = 1 / scale }
        guard abs(exponent10) <= Self.maximumExponent10, scale.isNormal else {
            throw HealthUnitError(text: text, offset: offset, kind: .factorOutOfRange)
        }
        // A temperature raised to any power but 1, or combined with another unit (`combine`
        // passes power ±1 and then drops the offset), is a temperature difference: no offset.
        return Term(dimension: dimension, scale: scale, exponent10: exponent10, offset: power == 1 ? term.offset : 0)
    }
}
