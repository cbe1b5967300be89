import HealthSamples

/// One item of a JSON input as ``JSONSampleReader/nextItem()`` hands it out: a JSON Lines line
/// still to be parsed, or an item already read (a JSON array element, a line too long to keep).
public enum JSONSampleItem: Sendable {
    /// A non-blank JSON Lines line, not parsed yet.
    case line(JSONSampleLine)
    // Perf: boxed: unboxed, every item (a line, nearly always) was a stored sample's few hundred
    // bytes, copied at each hand-over from the reader to a worker (not measured).
    /// An item whose outcome is known.
    indirect case read(Result<StoredSample, SampleInputError>)

    /// The stored form of every item of a JSON input, line or array element.
    public var form: StoredForm { .json }

    /// The sample or the error the item has. `keepingText` false leaves
    /// ``StoredSample/rawText`` `nil` for a line (verification does not need it; signing splices
    /// into it).
    public func decoded(keepingText: Bool = true) -> Result<StoredSample, SampleInputError> {
        switch self {
        case .line(let line): return line.decoded(keepingText: keepingText)
        case .read(let result): return result
        }
    }

    /// The sample and where it was read, or the error the item has: ``decoded(keepingText:)``
    /// for a reader that needs nothing else of the stored sample.
    public func decodedSample() -> Result<ReadSample, SampleInputError> {
        // Perf: a line's sample is handed out as decoded; taken out of a StoredSample it would
        // be copied (not measured).
        switch self {
        case .line(let line): return line.decodedSample()
        case .read(let result): return result.map(ReadSample.init)
        }
    }
}

/// A sample with where it was read: what verification keeps of a ``StoredSample`` read from JSON.
public struct ReadSample: Sendable {
    /// The sample.
    public var sample: Sample
    /// 1-based ordinal of the item in the input (``StoredSample/position``).
    public var position: Int
    /// 1-based line where the item starts.
    public var line: Int

    /// Creates a read sample.
    public init(sample: consuming Sample, position: Int, line: Int) {
        self.sample = sample
        self.position = position
        self.line = line
    }

    /// The sample and place of `stored`.
    init(_ stored: StoredSample) {
        self.init(sample: stored.sample, position: stored.position, line: stored.line)
    }
}

/// A JSON Lines line (without its line break and a trailing carriage return) with where it was read.
public struct JSONSampleLine: Sendable {
    /// The line's bytes.
    public var bytes: [UInt8]
    /// 1-based line number.
    public var line: Int
    /// 1-based ordinal among the non-blank lines.
    public var position: Int

    /// The stored form of a JSON Lines line.
    public var form: StoredForm { .json }

    /// Creates a line.
    public init(bytes: [UInt8], line: Int, position: Int) {
        self.bytes = bytes
        self.line = line
        self.position = position
    }

    /// Parses and decodes the line (``JSONSampleDecoder``).
    public func decoded(keepingText: Bool = true) -> Result<StoredSample, SampleInputError> {
        if let sample = JSONSampleFastDecoder.sample(of: bytes) {
            return .success(stored(sample, keepingText: keepingText))
        }
        return decodedByParsing(keepingText: keepingText)
    }

    /// ``JSONSampleItem/decodedSample()`` of a line.
    public func decodedSample() -> Result<ReadSample, SampleInputError> {
        if let sample = JSONSampleFastDecoder.sample(of: bytes) {
            return .success(ReadSample(sample: sample, position: position, line: line))
        }
        return decodedByParsing(keepingText: false).map(ReadSample.init)
    }

    /// The line parsed into a JSON value and decoded from it: the general path, for the lines
    /// ``JSONSampleFastDecoder`` leaves (invalid ones among them).
    private func decodedByParsing(keepingText: Bool) -> Result<StoredSample, SampleInputError> {
        let value: JSONValue
        do {
            value = try JSONParser().parse(bytes)
        } catch {
            return .failure(SampleInputError(line: line, field: "", reason: .invalidJSON(error)))
        }
        return decoded(value, keepingText: keepingText)
    }

    /// The line's sample, decoded as ``decoded(keepingText:)`` decodes it, together with the
    /// line's layout (`nil` when it is not JSON), so that a signature can be spliced into the
    /// line (``insertingMetadataValue(key:stringValueUTF8:into:layout:)``) without parsing it again.
    /// The sample alone, not a ``StoredSample``: the caller has the line and its text.
    public func decodedForSplicing() -> (sample: Result<Sample, SampleInputError>, layout: JSONSpliceLayout?) {
        // Perf: wrapping the sample in a StoredSample made the optimiser copy all of it for every
        // line (not measured).
        if let (sample, layout) = JSONSampleFastDecoder.sampleAndLayout(of: bytes) {
            return (.success(sample), layout)
        }
        return decodedForSplicingWithoutFastDecoder()
    }

    /// ``decodedForSplicing()`` by the general path alone (``JSONParser`` and
    /// ``JSONSampleDecoder``): the reference ``JSONSampleFastDecoder`` is held to, which decides
    /// every line that decoder leaves.
    @_spi(FastPathReference)
    public func decodedForSplicingWithoutFastDecoder() -> (sample: Result<Sample, SampleInputError>, layout: JSONSpliceLayout?) {
        let parsed: (value: JSONValue, layout: JSONSpliceLayout)
        do {
            parsed = try JSONParser().parseForSplicing(bytes)
        } catch {
            return (.failure(SampleInputError(line: line, field: "", reason: .invalidJSON(error))), nil)
        }
        return (decoded(parsed.value, keepingText: false).map(\.sample), parsed.layout)
    }

    private func decoded(_ value: JSONValue, keepingText: Bool) -> Result<StoredSample, SampleInputError> {
        do {
            return .success(stored(try JSONSampleDecoder.decodeStored(value, line: line), keepingText: keepingText))
        } catch {
            var error = error
            error.position = position
            return .failure(error)
        }
    }

    // Perf: takes `sample` over; a borrowed one would be copied (not measured).
    private func stored(_ sample: consuming Sample, keepingText: Bool) -> StoredSample {
        StoredSample(sample: sample, position: position, line: line, source: .jsonLines, precision: .exact,
                     rawText: keepingText ? String(decoding: bytes, as: UTF8.self) : nil)
    }
}

// MARK: - The fast decoder by name

extension JSONSampleLine {
    /// The line's sample as ``JSONSampleFastDecoder`` alone reads it, without and with its
    /// splice layout; nil where that decoder hands the line to the general path. Held to
    /// ``decodedForSplicingWithoutFastDecoder()`` by the main suite and a fuzz target.
    @_spi(FastPathReference)
    public func fastDecoded() -> (sample: Sample?, withLayout: (sample: Sample, layout: JSONSpliceLayout)?) {
        (JSONSampleFastDecoder.sample(of: bytes), JSONSampleFastDecoder.sampleAndLayout(of: bytes))
    }
}

extension Sample {
    /// What `==` leaves out and a record signs: each date's notation (its text and whether it has
    /// a fraction), a quantity's decimal places and integer parts. Two decoders of one line agree
    /// only if these agree too; the fast decoder's tests and fuzz target compare them.
    @_spi(FastPathReference)
    public var notationForComparison: [String] {
        var texts = [startDate, endDate].map { "\($0.rfc3339String) \($0.hasFraction)" }
        var quantities: [QuantitySample] = []
        switch self {
        case .quantity(let quantitySample): quantities = [quantitySample]
        case .correlation(let correlation): quantities = correlation.objects
        default: break
        }
        for member in quantities {
            texts += [member.startDate, member.endDate].map { "\($0.rfc3339String) \($0.hasFraction)" }
            texts.append("\(member.quantity.fractionDigits.map(String.init) ?? "-") \(member.quantity.integerParts.map { "\($0)" } ?? "-")")
        }
        return texts
    }
}
