import HealthSamples
import SampleSigning

/// Puts batch verification (docs/BATCH.md) into a stream whose items must leave in input order.
/// Items whose sample refers to a batch or carries a batch signature are decided by one
/// `BatchSampleVerifier`; the others keep the verdict they came with. A batch's members usually
/// come before the carrier (its last sample), so an item waits here until its verdict is known,
/// and the items after it wait behind it: at most `holdLimit` items, beyond which the oldest
/// waiting member is given up as `batch-signature-missing`. Memory is therefore bounded whatever
/// the input.
struct BatchVerdictOrdering<Item: Sendable> {
    /// Most items held back.
    let holdLimit: Int
    private var verifier: BatchSampleVerifier<Int>
    private let setVerdict: (inout Item, SampleVerdict) -> Void
    private var held: [Item] = []
    private var decided: [Bool] = []
    private var head = 0
    private var headSequence = 0
    private var nextSequence = 0

    /// Reads the whole input a second time and hands every carrier's metadata to its argument;
    /// `false` when it could not. Called at most once, when more than `holdLimit` items would be
    /// held: the members then need not be given up. `nil`: an input that cannot be read twice.
    var carrierScan: ((_ register: (Metadata) -> Void) -> Bool)?
    private var scanned = false

    /// Creates the stage; `setVerdict` replaces an item's verdict with the batch verifier's.
    init(verifier: SampleVerifier, holdLimit: Int = BatchSampleVerifier<Int>.defaultPendingLimit,
         setVerdict: @escaping (inout Item, SampleVerdict) -> Void) {
        // The verifier never holds more members than this stage holds items; the stage decides.
        self.verifier = BatchSampleVerifier(verifier: verifier, pendingLimit: holdLimit + 1)
        self.holdLimit = max(holdLimit, 1)
        self.setVerdict = setVerdict
    }

    /// Takes the next item in input order (`sample` nil for an item without a valid sample;
    /// `member` for such an item of a batch; `storedForm` as the item's reader named it) and
    /// returns the items whose turn has come, in input order.
    mutating func add(_ item: Item, sample: Sample?, member: BatchMemberItem? = nil, storedForm: StoredForm) -> [Item] {
        if member == nil, passesStraightThrough(sample: sample) { return [item] }
        let sequence = nextSequence
        nextSequence += 1
        // Refused straight through while nothing waits: the item is a batch's.
        let involvesBatch = head == held.count || (sample.map(BatchSampleVerifier<Int>.involvesBatch) ?? false)
        held.append(item)
        if let sample, involvesBatch {
            decided.append(false)
            apply(verifier.add(sample, storedForm: storedForm, tag: sequence))
        } else if let member {
            decided.append(false)
            switch member {
            case .invalid(let fields, let field, let problem):
                apply(verifier.addInvalid(fields, invalidField: field, problem: problem, storedForm: storedForm, tag: sequence))
            case .unsupported(let metadata, let verdict):
                apply(verifier.addUnsupported(metadata, verdict: verdict, storedForm: storedForm, tag: sequence))
            }
        } else {
            decided.append(true)
        }
        var out = release()
        if held.count - head > holdLimit, !scanned, let carrierScan {
            // Members before all carriers (an export grouped by type): the carriers are read
            // from a second pass over the input, and every member decided.
            scanned = true
            var outcomes: [BatchSampleVerifier<Int>.Outcome] = []
            if carrierScan({ outcomes += verifier.registerCarrier($0) }) {
                outcomes += verifier.carriersAreAllKnown()
            }
            apply(outcomes)
            out += release()
        }
        while held.count - head > holdLimit, let outcome = verifier.giveUpOldestWaiting() {
            apply([outcome])
            out += release()
        }
        return out
    }

    /// Takes the next item that holds nothing stored (input that could not be read): it leaves in
    /// its turn, behind any member still waiting.
    mutating func addUnreadable(_ item: Item) -> [Item] {
        // The stored form is read only for a sample or a batch member; this item has neither.
        add(item, sample: nil, member: nil, storedForm: .json)
    }

    /// Takes the next item like ``add(_:sample:storedForm:)`` when it may leave at once (nothing
    /// waiting and no batch involved) and says so; the caller then hands it on itself, without
    /// the one-element array `add` returns (every sample of an input without batches). `false`:
    /// nothing was taken, the item goes through `add`.
    mutating func passesStraightThrough(sample: Sample?) -> Bool {
        passesStraightThrough(involvingBatch: sample.map(BatchSampleVerifier<Int>.involvesBatch) ?? false)
    }

    /// ``passesStraightThrough(sample:)`` for an item whose sample is already known to involve a
    /// batch or not (``DecidedSample/involvesBatch``, found by the worker that decided it).
    mutating func passesStraightThrough(involvingBatch: Bool) -> Bool {
        guard head == held.count, !involvingBatch else { return false }
        nextSequence += 1
        headSequence += 1
        if head > 0 {
            held.removeAll(keepingCapacity: true)
            decided.removeAll(keepingCapacity: true)
            head = 0
        }
        return true
    }

    /// The end of the input: every item still held, members without a carrier given up.
    mutating func finish() -> [Item] {
        apply(verifier.finish())
        return release()
    }

    /// Every batch met, with its count, absent samples and signature verdict.
    var statuses: [BatchStatus] { verifier.statuses }

    private mutating func apply(_ outcomes: [BatchSampleVerifier<Int>.Outcome]) {
        for outcome in outcomes {
            let index = head + (outcome.tag - headSequence)
            guard held.indices.contains(index) else { continue }
            setVerdict(&held[index], outcome.verdict)
            decided[index] = true
        }
    }

    private mutating func release() -> [Item] {
        var out: [Item] = []
        var end = head
        while end < held.count, decided[end] { end += 1 }
        // Items are large (a verdict and its sample): grow the array once, not by doubling as a
        // batch's 720 members leave together.
        out.reserveCapacity(end - head)
        while head < end {
            out.append(held[head])
            head += 1
            headSequence += 1
        }
        // Drop released items now and then, so the arrays do not grow with the input.
        if head > 4_096 && head * 2 > held.count {
            held.removeFirst(head)
            decided.removeFirst(head)
            head = 0
        }
        return out
    }
}
