"""Verification of one stored sample in the order of docs/VERIFY.md."""
from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field

from . import cms, record
from .compare import compare
from .stored import Stored


@dataclass
class SampleVerdict:
    verdict: str
    fields: list[str] = field(default_factory=list)
    reason: str = ""
    notes: list[str] = field(default_factory=list)
    # stored metadata keys the record does not sign (VERIFY.md "Unsigned context")
    unsigned_context: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        s = self.verdict
        if self.fields:
            s += " " + str(self.fields)
        if self.reason:
            s += f" ({self.reason})"
        return s


_CMS_TO_SAMPLE = {cms.MALFORMED: "malformed", cms.UNSUPPORTED: "malformed",
                  cms.UNTRUSTED: "untrusted-signer", cms.BAD_SIGNATURE: "bad-signature"}


def _signed_time(content: bytes):
    """VERIFY.md "Certificate time": certificates are checked at the reading's signed time, the
    end date of its record (the profile has no signing-time attribute). None (now) when the
    content is not a record; the record step then gives its own verdict."""
    import datetime
    try:
        end = record.decode(content).end
    except (record.RecordError, ValueError, IndexError):
        return None
    try:
        return datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            seconds=end.seconds + float(end.fraction))
    except OverflowError:
        return None


def verify_stored(st: Stored, trust: list[cms.TrustedKey]) -> SampleVerdict:
    # 1. signature present?
    sig = st.signature()
    if sig is None:
        return SampleVerdict("unsigned")
    if not isinstance(sig, str):
        return SampleVerdict("malformed", reason="signature metadata value is not a string")
    # 2. base64 (whitespace ignored) -> CMS
    text = re.sub(r"\s+", "", sig)
    try:
        der_bytes = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as e:
        return SampleVerdict("malformed", reason=f"base64: {e}")
    res = cms.verify(der_bytes, trust, at=_signed_time)
    if res.verdict != cms.VALID:
        reason = res.reason if res.verdict != cms.UNSUPPORTED else f"unsupported-algorithm: {res.reason}"
        return SampleVerdict(_CMS_TO_SAMPLE[res.verdict], reason=reason)
    if res.e_content_type != cms.ID_DATA:
        return SampleVerdict("malformed", reason=f"eContentType {res.e_content_type} is not id-data")
    # 3. record
    try:
        rec = record.decode(res.content)
    except record.RecordError as e:
        return SampleVerdict("malformed", reason=str(e))
    if rec.kind == "other":
        return SampleVerdict("malformed", reason=f"type {rec.type} is not supported")
    # 4. fields
    diffs, notes = compare(rec, st)
    notes = notes + [f"unknown record key {k}" for k in rec.unknown_keys]
    context = unsigned_context(rec, st)
    if diffs:
        return SampleVerdict("content-mismatch", diffs, notes=notes, unsigned_context=context)
    return SampleVerdict("valid", notes=notes, unsigned_context=context)


def unsigned_context(rec: record.Record, st: Stored) -> list[str]:
    """FORMAT.md "Format versions": the stored keys the record does not sign, signatures left
    out; a key version 1 signs that is stored but not signed is a mismatch instead. The keys of
    the sample, its correlation objects (`objects[i].KEY`) and its workout events
    (`events[i].KEY`), as stored, first copy first."""
    out: list[str] = []

    def add(signed: dict, stored_md: dict, repeated: list, prefix: str) -> None:
        keys = record.signed_keys(rec.type)
        for k in list(stored_md) + [k for k, _ in repeated]:
            sk = record.stored_spelling(k)
            if sk in signed or sk in keys or record.is_signature_key(k):
                continue
            if prefix + k not in out:
                out.append(prefix + k)

    add(rec.metadata or {}, st.metadata, st.repeated_metadata, "")
    # correlation objects paired as VERIFY.md pairs them: by type, in order within a type
    if rec.objects and len(rec.objects) == len(st.objects):
        pool: dict[str, list] = {}
        for o in st.objects:
            pool.setdefault(o.type, []).append(o)
        taken: dict[str, int] = {}
        for i, so in enumerate(rec.objects):
            k = taken.get(so.type, 0)
            taken[so.type] = k + 1
            if k < len(pool.get(so.type, [])):
                to = pool[so.type][k]
                add(so.metadata or {}, to.metadata, to.repeated_metadata, f"objects[{i}].")
    if len(rec.events) == len(st.events):
        for i, (se, te) in enumerate(zip(rec.events, st.events)):
            add(se["metadata"] or {}, te.metadata, te.repeated_metadata, f"events[{i}].")
    return out
