"""The `batch` family: batch-signed samples verified as docs/BATCH.md "Verification" describes.

Everything here comes from docs/BATCH.md: the `HealthSigBatch` reference syntax, the
BatchManifest ASN.1 module and its decoding rules (strict DER, zlib via Python's zlib), and the
verdict each sample gets. The CMS layer, the record decoder and the field comparison are the
checker's own (cms.py, record.py, compare.py), shared with the `samples` family.
"""
from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field

from . import cms, der, record, stored
from .compare import compare
from .der import DERError, UNIVERSAL
from .dervalues import integer
from .sampleverify import SampleVerdict, verify_stored

REFERENCE_KEY = "HealthSigBatch"
SIGNATURE_KEY = "HealthSigBatchSignature"
# docs/BATCH.md: id-healthsig-batch-manifest-v1, 2.25.105007975088375222680850362073043249763
MANIFEST_OID_CONTENT = bytes.fromhex("69819dffe6b9919cdaa5fda7eacdb3edacd4d463")
ID_LENGTH = 12
MAX_COUNT = 65535
MAX_RECORDS_LENGTH = 64 * 1024 * 1024
OCTET_STRING, OID, INTEGER = 4, 6, 2
_B64URL = re.compile(r"^[A-Za-z0-9_-]{16}$")
_INDEX = re.compile(r"^(0|[1-9][0-9]{0,4})$")
_CMS_TO_SAMPLE = {cms.MALFORMED: "malformed", cms.UNSUPPORTED: "malformed",
                  cms.UNTRUSTED: "untrusted-signer", cms.BAD_SIGNATURE: "bad-signature"}


class ManifestError(Exception):
    pass


def parse_reference(text: object) -> tuple[bytes, int] | None:
    """`<16 base64url characters>/<index>`: 12 octets (96 bits, so always canonical), index
    in decimal from 0 without leading zeros, at most 5 digits."""
    if not isinstance(text, str):
        return None
    parts = text.split("/")
    if len(parts) != 2 or not _B64URL.match(parts[0]) or not _INDEX.match(parts[1]):
        return None
    return base64.urlsafe_b64decode(parts[0]), int(parts[1])


def id_text(batch_id: bytes) -> str:
    return base64.urlsafe_b64encode(batch_id).decode().rstrip("=")


def decode_manifest(content: bytes) -> tuple[bytes, list[bytes]]:
    """BatchManifest ::= SEQUENCE { contentType OID, batchId OCTET STRING (SIZE (12)),
    count INTEGER (1..65535), recordsLength INTEGER (1..67108864), records OCTET STRING }."""
    try:
        root = der.parse(content)
    except DERError as e:
        raise ManifestError(f"der: {e}")
    if not root.is_(UNIVERSAL, der.SEQUENCE, True) or not root.children \
            or not root.children[0].is_(UNIVERSAL, OID, False) or root.children[0].content != MANIFEST_OID_CONTENT:
        raise ManifestError("content-type: not a batch manifest")
    kids = root.children
    if len(kids) != 5:
        raise ManifestError(f"der: {len(kids)} fields, expected 5")
    try:
        for node, tag in zip(kids[1:], (OCTET_STRING, INTEGER, INTEGER, OCTET_STRING)):
            der.expect(node, UNIVERSAL, tag, False, "BatchManifest field")
        count = integer(kids[2])
        length = integer(kids[3])
    except DERError as e:
        raise ManifestError(f"der: {e}")
    batch_id = kids[1].content
    if len(batch_id) != ID_LENGTH:
        raise ManifestError("batch-id")
    if not 1 <= count <= MAX_COUNT:
        raise ManifestError("count")
    if not 1 <= length <= MAX_RECORDS_LENGTH:
        raise ManifestError("records-length")
    inflater = zlib.decompressobj()
    try:
        records = inflater.decompress(kids[4].content, length + 1)
    except zlib.error as e:
        raise ManifestError(f"compression: {e}")
    if len(records) != length or not inflater.eof or inflater.unused_data or inflater.unconsumed_tail:
        raise ManifestError("compression: the stream does not inflate to exactly recordsLength octets")
    try:
        seq = der.parse(records)
    except DERError as e:
        raise ManifestError(f"records: {e}")
    if not seq.is_(UNIVERSAL, der.SEQUENCE, True) or len(seq.children) != count:
        raise ManifestError("records: not a SEQUENCE OF count records")
    return batch_id, [child.raw for child in seq.children]


def claimed_id(signature_der: bytes) -> bytes | None:
    """The batchId an unverified SignedData's content claims (docs/BATCH.md: a failed batch
    signature is charged to that batch)."""
    try:
        ci = der.parse(signature_der)
        signed_data = ci.children[1].children[0]
        encap = next(c for c in signed_data.children if c.is_(UNIVERSAL, der.SEQUENCE, True) and c.children
                     and c.children[0].is_(UNIVERSAL, OID, False) and len(c.children) == 2)
        content = encap.children[1].children[0].content
        manifest = der.parse(content)
        node = manifest.children[1]
        if node.is_(UNIVERSAL, OCTET_STRING, False) and len(node.content) == ID_LENGTH:
            return node.content
    except (DERError, IndexError, StopIteration):
        return None
    return None


@dataclass
class Batch:
    signature: SampleVerdict | None = None      # None: no carrier met; valid: `records` is set
    records: list[bytes] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)


def _register(text: object, carrier_ref, trust, batches: dict[bytes, Batch]) -> SampleVerdict | None:
    """Verifies a batch signature once; the first one met for a batch decides. Returns the
    failure the carrier gets, if any."""
    batch_id = carrier_ref[0] if carrier_ref else None
    records: list[bytes] = []
    try:
        data = base64.b64decode(re.sub(r"\s+", "", text if isinstance(text, str) else str(text)), validate=True)
        if not data:
            raise ValueError("empty")
    except (binascii.Error, ValueError):
        state = SampleVerdict("malformed", reason=f"{SIGNATURE_KEY} is not base64")
    else:
        res = cms.verify(data, trust)
        if res.verdict != cms.VALID:
            state = SampleVerdict(_CMS_TO_SAMPLE[res.verdict], reason=f"batch signature: {res.reason}")
            batch_id = claimed_id(data) or batch_id
        elif res.e_content_type != cms.ID_DATA:
            state = SampleVerdict("malformed", reason=f"eContentType {res.e_content_type} is not id-data")
        else:
            try:
                batch_id, records = decode_manifest(res.content)
                state = SampleVerdict("valid")
            except ManifestError as e:
                state = SampleVerdict("malformed", reason=f"batch-manifest-{e}")
    if batch_id is not None:
        b = batches.setdefault(batch_id, Batch())
        if b.signature is None:
            b.signature, b.records = state, records
    return None if state.verdict == "valid" else state


def verify_input(samples: list[dict], trust) -> tuple[list[SampleVerdict], list[dict]]:
    """Verdicts in input order and the status of every batch, sorted by id."""
    batches: dict[bytes, Batch] = {}
    members: list[tuple[int, tuple[bytes, int], bool, stored.Stored]] = []
    verdicts: list[SampleVerdict | None] = [None] * len(samples)
    # Pass 1, in input order: signatures (the first met per batch decides), references,
    # duplicates (the second sample with a batch and index is the duplicate).
    for i, obj in enumerate(samples):
        st = stored.from_json(obj)
        md = st.metadata
        ref_text = md.get(REFERENCE_KEY)
        ref = parse_reference(ref_text)
        own_failure = _register(md[SIGNATURE_KEY], ref, trust, batches) if SIGNATURE_KEY in md else None
        if st.signature() is not None or ref_text is None:
            verdicts[i] = verify_stored(st, trust)
            continue
        if ref is None:
            verdicts[i] = own_failure or SampleVerdict("malformed", reason="batch-reference")
            continue
        b = batches.setdefault(ref[0], Batch())
        duplicate = ref[1] in b.seen
        b.seen.add(ref[1])
        if own_failure is not None:
            verdicts[i] = own_failure
        else:
            members.append((i, ref, duplicate, st))
    # Pass 2: each member against its batch's signature (all signatures are known now, as they
    # are for a streaming verifier once the input ended).
    for i, (batch_id, index), duplicate, st in members:
        b = batches[batch_id]
        if b.signature is None:
            verdicts[i] = SampleVerdict("unsigned", reason="batch-signature-missing")
        elif b.signature.verdict != "valid":
            verdicts[i] = b.signature
        elif index >= len(b.records):
            verdicts[i] = SampleVerdict("content-mismatch", ["batch.index"], reason=f"index {index} of {len(b.records)}")
        elif duplicate:
            verdicts[i] = SampleVerdict("content-mismatch", ["batch.index"], reason=f"index {index} again")
        else:
            try:
                rec = record.decode(b.records[index])
            except record.RecordError as e:
                verdicts[i] = SampleVerdict("malformed", reason=f"record-{e}")
                continue
            diffs, notes = compare(rec, st)
            verdicts[i] = SampleVerdict("content-mismatch", diffs, notes=notes) if diffs else SampleVerdict("valid", notes=notes)
    statuses = []
    for batch_id in sorted(batches, key=id_text):
        b = batches[batch_id]
        valid = b.signature is not None and b.signature.verdict == "valid"
        count = len(b.records) if valid else None
        present = len({i for i in b.seen if i < count}) if valid else len(b.seen)
        absent = count - present if valid else None
        statuses.append({"id": id_text(batch_id), "count": count, "present": present, "absent": absent,
                         "signature": b.signature.verdict if b.signature else "unsigned",
                         "complete": valid and absent == 0})
    return [v or SampleVerdict("malformed", reason="no verdict") for v in verdicts], statuses
