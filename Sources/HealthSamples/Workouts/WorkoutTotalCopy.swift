/// A further stored copy of a workout total, beside the one in ``Workout/totals``.
///
/// export.xml may carry one total several times: as a `Workout` attribute and in
/// `WorkoutStatistics` children, or in two `WorkoutStatistics` of one total. A reader that kept
/// only the first would let a second, different copy stand unchecked beside a signed total, and
/// a program showing that copy would show what nobody signed; so every copy is kept and the
/// verifier requires each to equal the signed total.
public struct WorkoutTotalCopy: Sendable, Hashable {
    /// Which total the copy holds.
    public var total: WorkoutTotal
    /// The stored quantity.
    public var quantity: Quantity
    /// Where it is stored, in words that let a reader find it
    /// (`WorkoutStatistics HKQuantityTypeIdentifierDistanceCycling at line 14`).
    public var location: String

    /// Creates a copy.
    public init(total: WorkoutTotal, quantity: Quantity, location: String) {
        self.total = total
        self.quantity = quantity
        self.location = location
    }
}
