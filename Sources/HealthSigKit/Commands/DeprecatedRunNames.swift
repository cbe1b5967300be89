// Names the sign and verify runs had before "batch" came to mean only docs/BATCH.md's batch
// signatures. Kept for one release so that library callers get a rename fix-it, not an error.

/// The `sign` run; renamed ``SignRun``.
@available(*, deprecated, renamed: "SignRun")
public typealias BatchSigner = SignRun

/// The `verify` run; renamed ``VerifyRun``.
@available(*, deprecated, renamed: "VerifyRun")
public typealias BatchVerifier = VerifyRun
