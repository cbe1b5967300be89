extension QuantityType {
    /// The type's name in words for messages: `HeartRate` → `heart rate`, `VO2Max` → `VO2 max`,
    /// `UVExposure` → `UV exposure` (words in capitals keep them).
    public var readableName: String { ReadableName.words(fromCamelCase: shortName) }
}

/// Splits a CamelCase identifier suffix into lower-case words.
enum ReadableName {
    static func words(fromCamelCase name: String) -> String {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            // A word starts at an upper-case letter after a lower-case one (`HeartRate`), or at
            // the last capital of a run followed by a lower-case letter (`UVExposure`).
            let startsWord = character.isUppercase && !current.isEmpty
                && ((previous.map { $0.isLowercase } ?? false) || (next.map { $0.isLowercase } ?? false))
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { word in
            word.dropFirst().contains(where: \.isUppercase) ? word : word.lowercased()
        }.joined(separator: " ")
    }
}
