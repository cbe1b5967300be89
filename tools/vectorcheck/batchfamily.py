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
MAX_SIGNATURE_LENGTH = 8 * 1024 * 1024      # docs/BATCH.md "Decoding rules": checked before decoding
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


def unverified_content(signature_der: bytes) -> bytes | None:
    """The eContent of a SignedData, read before (and whatever) its verification."""
    try:
        ci = der.parse(signature_der)
        signed_data = ci.children[1].children[0]
        encap = next(c for c in signed_data.children if c.is_(UNIVERSAL, der.SEQUENCE, True) and c.children
                     and c.children[0].is_(UNIVERSAL, OID, False) and len(c.children) == 2)
        return encap.children[1].children[0].content
    except (DERError, IndexError, StopIteration):
        return None


def claimed_id(signature_der: bytes) -> bytes | None:
    """The batchId an unverified SignedData's content claims (docs/BATCH.md: a signature whose
    content claims another batch than its carrier's is no carrier's)."""
    content = unverified_content(signature_der)
    if content is None:
        return None
    try:
        manifest = der.parse(content)
        node = manifest.children[1]
        if node.is_(UNIVERSAL, OCTET_STRING, False) and len(node.content) == ID_LENGTH:
            return node.content
    except (DERError, IndexError, StopIteration):
        return None
    return None


@dataclass
class Copy:
    """A carrier's signature that verified: the batch's signature (docs/BATCH.md step 2)."""
    der: bytes
    records: list[bytes]


@dataclass
class Batch:
    signature: Copy | None = None               # the first copy that verified
    conflict: SampleVerdict | None = None       # a second, different copy that verified
    first_failure: SampleVerdict | None = None  # the first copy that did not verify
    copies: dict[bytes, object] = field(default_factory=dict)   # copy octets -> "verified" | verdict
    seen: set[int] = field(default_factory=set)
    waiting: list = field(default_factory=list)


def _instant(end):
    import datetime
    try:
        return datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            seconds=end.seconds + float(end.fraction))
    except OverflowError:
        return None


def _record_time(records: list[bytes], index: int):
    """A member's signed time: the end date of its record (docs/VERIFY.md "Certificate time")."""
    if not 0 <= index < len(records):
        return None
    try:
        return _instant(record.decode(records[index]).end)
    except (record.RecordError, ValueError, IndexError):
        return None


def _unverified_records(content: bytes) -> list[bytes]:
    try:
        return decode_manifest(content)[1]
    except ManifestError:
        return []


def _time_varies(trust) -> bool:
    """Certificates can change a verdict with the time checked only when the trust set has some."""
    return any(t.certificate is not None for t in trust)


def _cms_failure(res) -> SampleVerdict:
    return SampleVerdict(_CMS_TO_SAMPLE[res.verdict], reason=f"batch signature: {res.reason}")


def _other_batch() -> SampleVerdict:
    return SampleVerdict("content-mismatch", [SIGNATURE_KEY], reason="batch-signature-other-batch")


def _conflict() -> SampleVerdict:
    return SampleVerdict("content-mismatch", [SIGNATURE_KEY], reason="batch-signature-conflict")


def _register(text: object, ref: tuple[bytes, int], trust, b: Batch) -> tuple[SampleVerdict | None, bool]:
    """A signature found on a member of batch ref[0]. Returns the carrier's own verdict (None:
    it is judged as a member) and whether the batch's waiting members are now decided."""
    batch_id, index = ref
    try:
        data = base64.b64decode(re.sub(r"\s+", "", text if isinstance(text, str) else str(text)), validate=True)
        if not data:
            raise ValueError("empty")
    except (binascii.Error, ValueError):
        data = None
    key = data if data is not None else (text if isinstance(text, str) else str(text)).encode()
    if key in b.copies:
        kind = b.copies[key]
        return (b.conflict if kind == "verified" else kind), False
    if data is None:
        return _failed(b, key, SampleVerdict("malformed", reason=f"{SIGNATURE_KEY} is not base64")), False
    if len(data) > MAX_SIGNATURE_LENGTH:
        return _failed(b, key, SampleVerdict("malformed", reason="batch-signature-too-large")), False
    claimed = claimed_id(data)
    if claimed is not None and claimed != batch_id:
        # Not a carrier of this batch, nor of the one it claims: decides nothing.
        return _other_batch(), False
    res = cms.verify(data, trust, at=lambda content: _record_time(_unverified_records(content), index))
    if res.verdict != cms.VALID:
        if res.verdict == cms.UNTRUSTED and _time_varies(trust):
            # Refused at the carrier's own signed time: tried at its other records' times.
            retry = None
            for rec_bytes in _unverified_records(unverified_content(data) or b""):
                try:
                    at = _instant(record.decode(rec_bytes).end)
                except (record.RecordError, ValueError, IndexError):
                    continue
                again = cms.verify(data, trust, at=at)
                if again.verdict == cms.VALID:
                    retry = again
                    break
            if retry is not None:
                res = retry
        if res.verdict != cms.VALID:
            return _failed(b, key, _cms_failure(res)), False
    if res.e_content_type != cms.ID_DATA:
        return _failed(b, key, SampleVerdict("malformed", reason=f"eContentType {res.e_content_type} is not id-data")), False
    try:
        manifest_id, records = decode_manifest(res.content)
    except ManifestError as e:
        return _failed(b, key, SampleVerdict("malformed", reason=f"batch-manifest-{e}")), False
    if manifest_id != batch_id:
        return _other_batch(), False
    if b.signature is None:
        b.signature = Copy(data, records)
        b.copies[key] = "verified"
        return None, True
    b.conflict = _conflict()
    b.copies[key] = b.conflict
    return b.conflict, True


def _failed(b: Batch, key: bytes, verdict: SampleVerdict) -> SampleVerdict:
    if b.first_failure is None:
        b.first_failure = verdict
    b.copies[key] = verdict
    return verdict


def _resolve(b: Batch, index: int, duplicate: bool, st: stored.Stored, trust) -> SampleVerdict:
    if b.conflict is not None:
        return b.conflict
    copy = b.signature
    if index >= len(copy.records):
        return SampleVerdict("content-mismatch", ["batch.index"], reason=f"index {index} of {len(copy.records)}")
    if duplicate:
        return SampleVerdict("content-mismatch", ["batch.index"], reason=f"index {index} again")
    try:
        rec = record.decode(copy.records[index])
    except record.RecordError as e:
        return SampleVerdict("malformed", reason=f"record-{e}")
    if _time_varies(trust):
        # The certificate must hold at this member's signed time (docs/BATCH.md step 5).
        res = cms.verify(copy.der, trust, at=_instant(rec.end))
        if res.verdict != cms.VALID:
            return _cms_failure(res)
    diffs, notes = compare(rec, st)
    return SampleVerdict("content-mismatch", diffs, notes=notes) if diffs else SampleVerdict("valid", notes=notes)


def verify_input(samples: list[dict], trust) -> tuple[list[SampleVerdict], list[dict]]:
    """Verdicts in input order and the status of every batch, sorted by id. In input order, as
    docs/BATCH.md "Verification" streams: members wait for a carrier whose copy verifies."""
    batches: dict[bytes, Batch] = {}
    verdicts: list[SampleVerdict | None] = [None] * len(samples)
    for i, obj in enumerate(samples):
        st = stored.from_json(obj)
        md = st.metadata
        ref_text = md.get(REFERENCE_KEY)
        if st.signature() is not None or ref_text is None:
            # A batch signature on a sample outside any batch is no carrier: it decides nothing.
            verdicts[i] = verify_stored(st, trust)
            continue
        ref = parse_reference(ref_text)
        if ref is None:
            verdicts[i] = SampleVerdict("malformed", reason="batch-reference")
            continue
        b = batches.setdefault(ref[0], Batch())
        duplicate = ref[1] in b.seen
        b.seen.add(ref[1])
        own = None
        if SIGNATURE_KEY in md:
            own, decided = _register(md[SIGNATURE_KEY], ref, trust, b)
            if decided:
                for (j, index, dup, member) in b.waiting:
                    verdicts[j] = _resolve(b, index, dup, member, trust)
                b.waiting = []
        if own is not None:
            verdicts[i] = own
        elif b.signature is not None or b.conflict is not None:
            verdicts[i] = _resolve(b, ref[1], duplicate, st, trust)
        else:
            b.waiting.append((i, ref[1], duplicate, st))
    # The end of the input: members no verified copy decided.
    for b in batches.values():
        for (j, _, _, _) in b.waiting:
            verdicts[j] = b.first_failure or SampleVerdict("unsigned", reason="batch-signature-missing")
    statuses = []
    for batch_id in sorted(batches, key=id_text):
        b = batches[batch_id]
        valid = b.signature is not None
        count = len(b.signature.records) if valid else None
        present = len({i for i in b.seen if i < count}) if valid else len(b.seen)
        absent = count - present if valid else None
        if valid:
            signature = "content-mismatch" if b.conflict is not None else "valid"
        else:
            signature = b.first_failure.verdict if b.first_failure else "unsigned"
        statuses.append({"id": id_text(batch_id), "count": count, "present": present, "absent": absent,
                         "signature": signature, "complete": signature == "valid" and absent == 0})
    return [v or SampleVerdict("malformed", reason="no verdict") for v in verdicts], statuses
