-- Loads `healthsig verify --format ndjson` lines from psql's standard input (run by `load`).
-- One transaction: the lines are copied as they are into a temporary table, then spread over
-- the tables of schema.sql by set-based statements; an origin loaded before is replaced.
\set ON_ERROR_STOP on
BEGIN;
CREATE TEMP TABLE ndjson_lines (n bigserial, doc text) ON COMMIT DROP;
-- CSV with a delimiter and a quote that JSON text never holds unescaped (control characters
-- U+001F and U+001E): each line arrives as one value, its backslashes and quotes untouched.
\copy ndjson_lines (doc) FROM pstdin WITH (FORMAT csv, DELIMITER E'\x1f', QUOTE E'\x1e')

-- Each line parsed once, by json_to_record into typed columns: a third of the time of making a
-- jsonb of every line and taking each member out of it with ->>.
CREATE TEMP TABLE entries ON COMMIT DROP AS
SELECT l.n, coalesce(r.origin, r.summary->>'origin', NULLIF(:'default_origin', '')) AS origin,
       r.summary IS NOT NULL AS is_summary, r.position, r.line, r.verdict, r."reasonCode" AS reason_code, r.reason,
       r.type, r."startDate" AS start_date, r."endDate" AS end_date, r.value, r.unit, r.source,
       r.device->>'name' AS device_name, r.device->>'model' AS device_model,
       r.signer->>'keyId' AS key_id, r.signer->>'subject' AS subject, r.objects::jsonb AS objects,
       r.notes::jsonb AS notes, coalesce(r."mayBeCorrelationMemberCopy", false) AS may_be_copy,
       r.mismatches::jsonb AS mismatches, r.summary::jsonb AS summary
FROM ndjson_lines AS l,
     json_to_record(l.doc::json) AS r (origin text, position integer, line integer, verdict text, "reasonCode" text,
                                       reason text, type text, "startDate" text, "endDate" text, value text,
                                       unit text, source text, device json, signer json, objects json, notes json,
                                       "mayBeCorrelationMemberCopy" boolean, mismatches json, summary json)
WHERE l.doc IS NOT NULL AND l.doc <> '';

DO $check$
DECLARE
    bad text;
BEGIN
    IF EXISTS (SELECT 1 FROM entries WHERE origin IS NULL) THEN
        RAISE EXCEPTION 'load: lines without "origin": run healthsig verify with --origin, or give load --origin NAME';
    END IF;
    IF EXISTS (SELECT 1 FROM entries WHERE NOT is_summary AND verdict IS NULL) THEN
        RAISE EXCEPTION 'load: a line is neither an entry nor a summary (is this verify --format ndjson output?)';
    END IF;
    SELECT origin INTO bad FROM entries GROUP BY origin HAVING count(*) FILTER (WHERE is_summary) <> 1 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'load: origin "%" does not have exactly one summary line (a verify run that did not finish, or two runs with one origin)', bad;
    END IF;
END
$check$;

-- An origin loaded before is replaced. verdicts and mismatches have no foreign keys (checked row
-- by row by triggers, they halved the load rate; this transaction writes them set-based from the
-- origins it writes), so their rows go explicitly; unreadable and batches go by cascade.
CREATE TEMP TABLE replaced ON COMMIT DROP AS
SELECT origin_id FROM origins WHERE origin IN (SELECT origin FROM entries WHERE is_summary);
DELETE FROM mismatches WHERE origin_id IN (SELECT origin_id FROM replaced);
DELETE FROM verdicts WHERE origin_id IN (SELECT origin_id FROM replaced);
DELETE FROM origins WHERE origin_id IN (SELECT origin_id FROM replaced);

INSERT INTO origins (origin, valid, unsigned, malformed, bad_signature, untrusted_signer, content_mismatch,
                     revoked, unreadable, correlation_member_copies, summary)
SELECT origin,
       (summary->'counts'->>'valid')::integer,
       (summary->'counts'->>'unsigned')::integer,
       (summary->'counts'->>'malformed')::integer,
       (summary->'counts'->>'bad-signature')::integer,
       (summary->'counts'->>'untrusted-signer')::integer,
       (summary->'counts'->>'content-mismatch')::integer,
       -- Written only when some reading is revoked (docs/TRUST.md).
       coalesce((summary->'counts'->>'revoked')::integer, 0),
       coalesce((summary->>'unreadable')::integer, 0),
       coalesce((summary->>'correlationMemberCopies')::integer, 0),
       summary
FROM entries WHERE is_summary;

INSERT INTO signers (key_id, subject)
SELECT DISTINCT key_id, subject FROM entries WHERE key_id IS NOT NULL
ON CONFLICT (key_id, (coalesce(subject, ''))) DO NOTHING;

INSERT INTO verdicts (origin_id, position, line, verdict, reason_code, reason, type, start_date, end_date, value, unit,
                      source, device_name, device_model, signer_id, objects, notes, may_be_correlation_member_copy)
SELECT o.origin_id, e.position, e.line, e.verdict, e.reason_code, e.reason, e.type, e.start_date, e.end_date, e.value,
       e.unit, e.source, e.device_name, e.device_model, s.signer_id, e.objects, e.notes, e.may_be_copy
FROM entries AS e
JOIN origins AS o USING (origin)
LEFT JOIN signers AS s ON s.key_id = e.key_id AND coalesce(s.subject, '') = coalesce(e.subject, '')
WHERE NOT e.is_summary AND e.verdict <> 'unreadable';

INSERT INTO mismatches (origin_id, position, ordinal, field, signed, stored)
SELECT o.origin_id, e.position, m.ordinal, m.item->>'field', m.item->>'signed', m.item->>'stored'
FROM entries AS e
JOIN origins AS o USING (origin)
CROSS JOIN LATERAL jsonb_array_elements(e.mismatches) WITH ORDINALITY AS m (item, ordinal)
WHERE NOT e.is_summary AND e.mismatches IS NOT NULL;

INSERT INTO unreadable (origin_id, ordinal, line, reason)
SELECT o.origin_id, row_number() OVER (PARTITION BY o.origin_id ORDER BY e.n), e.line, e.reason
FROM entries AS e
JOIN origins AS o USING (origin)
WHERE NOT e.is_summary AND e.verdict = 'unreadable';

INSERT INTO batches (origin_id, batch_id, signature, present, absent, count)
SELECT o.origin_id, b.item->>'id', b.item->>'signature', (b.item->>'present')::integer,
       (b.item->>'absent')::integer, (b.item->>'count')::integer
FROM entries AS e
JOIN origins AS o USING (origin)
CROSS JOIN LATERAL jsonb_array_elements(e.summary->'batches') AS b (item)
WHERE e.is_summary AND e.summary ? 'batches';

SELECT count(*) FILTER (WHERE NOT is_summary AND verdict <> 'unreadable') AS loaded_verdicts,
       count(*) FILTER (WHERE is_summary) AS loaded_origins
FROM entries \gset
COMMIT;
\warn 'load: ':loaded_verdicts' verdicts from ':loaded_origins' origin(s)'
