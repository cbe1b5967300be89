"""Independent checker of the healthsig conformance vectors (stdlib + cryptography only).

Everything here is derived from the specifications (X.690, RFC 5652, RFC 5280, docs/FORMAT.md,
docs/VERIFY.md), never from the Swift implementation, so that the vectors are checked against a
second, unrelated reading of the same documents.
"""
