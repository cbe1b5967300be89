-- healthsig verdicts in PostgreSQL (docs/DATA-TEAMS.md). Safe to run again: every object is
-- created only if absent, under a lock, so two loaders starting at once do not race.
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('healthsig schema'));
-- "already exists, skipping" for every table of a database loaded before says nothing useful.
SET LOCAL client_min_messages = warning;

-- One row per input verified: its origin (`verify --origin`) and the counts of its summary line.
CREATE TABLE IF NOT EXISTS origins (
    origin_id                 bigserial PRIMARY KEY,
    origin                    text NOT NULL UNIQUE,
    loaded_at                 timestamptz NOT NULL DEFAULT now(),
    valid                     integer NOT NULL,
    unsigned                  integer NOT NULL,
    malformed                 integer NOT NULL,
    bad_signature             integer NOT NULL,
    untrusted_signer          integer NOT NULL,
    content_mismatch          integer NOT NULL,
    revoked                   integer NOT NULL DEFAULT 0,
    unreadable                integer NOT NULL,
    correlation_member_copies integer NOT NULL,
    summary                   jsonb NOT NULL
);

-- A signer as the report names it: its key identifier and, when it was trusted through a
-- certificate, the certificate's subject.
CREATE TABLE IF NOT EXISTS signers (
    signer_id bigserial PRIMARY KEY,
    key_id    text NOT NULL,
    subject   text
);
CREATE UNIQUE INDEX IF NOT EXISTS signers_key_subject ON signers (key_id, (coalesce(subject, '')));

-- One row per sample: every verdict, unsigned samples included. No foreign keys here and in
-- mismatches: checked row by row by triggers, they halved the load rate; the loader writes
-- origin_id and signer_id set-based from the origins and signers it writes in the same
-- transaction, and deletes an origin's rows itself.
CREATE TABLE IF NOT EXISTS verdicts (
    origin_id    bigint NOT NULL,           -- origins.origin_id
    position     integer NOT NULL,          -- the sample's place in its input, from 1
    line         integer,                   -- its line in the input, as the report gives it
    verdict      text NOT NULL,             -- valid, unsigned, malformed, bad-signature, untrusted-signer, content-mismatch, revoked
    reason_code  text NOT NULL,
    reason       text NOT NULL,
    type         text NOT NULL,
    start_date   text,                      -- RFC 3339 as stored (offset kept)
    end_date     text,                      -- the signed time of a signed reading
    value        text,                      -- decimal text as stored, exact
    unit         text,
    source       text,                      -- export.xml sourceName; NULL for JSON inputs
    device_name  text,
    device_model text,
    signer_id    bigint,                    -- signers.signer_id; NULL for a sample without a signer
    objects      jsonb,                     -- a correlation's members
    notes        jsonb,
    may_be_correlation_member_copy boolean NOT NULL DEFAULT false,
    PRIMARY KEY (origin_id, position)
);
CREATE INDEX IF NOT EXISTS verdicts_device_signer ON verdicts (device_name, device_model, signer_id, verdict);
CREATE INDEX IF NOT EXISTS verdicts_signer ON verdicts (signer_id, end_date);
CREATE INDEX IF NOT EXISTS verdicts_source ON verdicts (source, verdict);
CREATE INDEX IF NOT EXISTS verdicts_not_valid ON verdicts (verdict) WHERE verdict <> 'valid';

-- Each field of a content-mismatch sample that differs: the signed and the stored value
-- (NULL where the field is absent on that side).
CREATE TABLE IF NOT EXISTS mismatches (
    origin_id bigint NOT NULL,
    position  integer NOT NULL,
    ordinal   integer NOT NULL,
    field     text NOT NULL,
    signed    text,
    stored    text,
    PRIMARY KEY (origin_id, position, ordinal)    -- (origin_id, position): the verdicts row
);

-- Input that could not be read as a sample (a line, or the input as a whole: line NULL).
CREATE TABLE IF NOT EXISTS unreadable (
    origin_id bigint NOT NULL REFERENCES origins ON DELETE CASCADE,
    ordinal   integer NOT NULL,
    line      integer,
    reason    text NOT NULL,
    PRIMARY KEY (origin_id, ordinal)
);

-- Each batch of batch-signed samples met in an input (docs/BATCH.md), from its summary line.
CREATE TABLE IF NOT EXISTS batches (
    origin_id bigint NOT NULL REFERENCES origins ON DELETE CASCADE,
    batch_id  text NOT NULL,
    signature text NOT NULL,                -- the batch signature's verdict: valid, unsigned (not in the input), bad-signature, ...
    present   integer NOT NULL,
    absent    integer,
    count     integer,
    PRIMARY KEY (origin_id, batch_id)
);

-- Signing keys the team has learnt are revoked, filled by hand until healthsig reports
-- revocation itself (docs/DATA-TEAMS.md).
CREATE TABLE IF NOT EXISTS revoked_signers (
    key_id     text PRIMARY KEY,
    revoked_at timestamptz NOT NULL,
    note       text
);

COMMIT;
