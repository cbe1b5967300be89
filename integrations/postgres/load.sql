-- Loads `healthsig verify --format ndjson` lines from psql's standard input (run by `load`).
-- One transaction: the lines are copied as they are into a temporary table, then spread over
-- the tables of schema.sql by set-based statements; an origin loaded before is replaced.
\set ON_ERROR_STOP on
BEGIN;
CREATE TEMP TABLE ndjson_lines (n bigserial, doc text) ON COMMIT DROP;
-- CSV with a delimiter and a quote that JSON text never holds unescaped (control characters
-- U+001F and U+001E): each line arrives as one value, its backslashes and quotes untouched.
\copy ndjson_lines (doc) FROM pstdin WITH (FORMAT csv, DELIMITER E'\x1f', QUOTE E'\x1e')

CREATE TEMP TABLE docs ON COMMIT DROP AS
SELECT n, j, j ? 'summary' AS is_summary,
       coalesce(j->>'origin', j->'summary'->>'origin', NULLIF(:'default_origin', '')) AS origin
FROM (SELECT n, doc::jsonb AS j FROM ndjson_lines WHERE doc IS NOT NULL AND doc <> '') AS parsed;

DO $check$
DECLARE
    bad text;
BEGIN
    IF EXISTS (SELECT 1 FROM docs WHERE jsonb_typeof(j) <> 'object') THEN
        RAISE EXCEPTION 'load: a line is not a JSON object (is this verify --format ndjson output?)';
    END IF;
    IF EXISTS (SELECT 1 FROM docs WHERE origin IS NULL) THEN
        RAISE EXCEPTION 'load: lines without "origin": run healthsig verify with --origin, or give load --origin NAME';
    END IF;
    SELECT origin INTO bad FROM docs GROUP BY origin HAVING count(*) FILTER (WHERE is_summary) <> 1 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'load: origin "%" does not have exactly one summary line (a verify run that did not finish, or two runs with one origin)', bad;
    END IF;
END
$check$;

DELETE FROM origins WHERE origin IN (SELECT origin FROM docs);

INSERT INTO origins (origin, valid, unsigned, malformed, bad_signature, untrusted_signer, content_mismatch,
                     unreadable, correlation_member_copies, summary)
SELECT origin,
       (j->'summary'->'counts'->>'valid')::integer,
       (j->'summary'->'counts'->>'unsigned')::integer,
       (j->'summary'->'counts'->>'malformed')::integer,
       (j->'summary'->'counts'->>'bad-signature')::integer,
       (j->'summary'->'counts'->>'untrusted-signer')::integer,
       (j->'summary'->'counts'->>'content-mismatch')::integer,
       coalesce((j->'summary'->>'unreadable')::integer, 0),
       coalesce((j->'summary'->>'correlationMemberCopies')::integer, 0),
       j->'summary'
FROM docs WHERE is_summary;

INSERT INTO signers (key_id, subject)
SELECT DISTINCT j->'signer'->>'keyId', j->'signer'->>'subject'
FROM docs WHERE NOT is_summary AND j ? 'signer'
ON CONFLICT (key_id, (coalesce(subject, ''))) DO NOTHING;

INSERT INTO verdicts (origin_id, position, line, verdict, reason_code, reason, type, start_date, end_date, value, unit,
                      source, device_name, device_model, signer_id, objects, notes, may_be_correlation_member_copy)
SELECT o.origin_id, (d.j->>'position')::integer, (d.j->>'line')::integer, d.j->>'verdict', d.j->>'reasonCode',
       d.j->>'reason', d.j->>'type', d.j->>'startDate', d.j->>'endDate', d.j->>'value', d.j->>'unit', d.j->>'source',
       d.j->'device'->>'name', d.j->'device'->>'model', s.signer_id, d.j->'objects', d.j->'notes',
       coalesce((d.j->>'mayBeCorrelationMemberCopy')::boolean, false)
FROM docs AS d
JOIN origins AS o USING (origin)
LEFT JOIN signers AS s ON s.key_id = d.j->'signer'->>'keyId'
                      AND coalesce(s.subject, '') = coalesce(d.j->'signer'->>'subject', '')
WHERE NOT d.is_summary AND d.j->>'verdict' <> 'unreadable';

INSERT INTO mismatches (origin_id, position, ordinal, field, signed, stored)
SELECT o.origin_id, (d.j->>'position')::integer, m.ordinal, m.item->>'field', m.item->>'signed', m.item->>'stored'
FROM docs AS d
JOIN origins AS o USING (origin)
CROSS JOIN LATERAL jsonb_array_elements(d.j->'mismatches') WITH ORDINALITY AS m (item, ordinal)
WHERE NOT d.is_summary AND d.j ? 'mismatches';

INSERT INTO unreadable (origin_id, ordinal, line, reason)
SELECT o.origin_id, row_number() OVER (PARTITION BY o.origin_id ORDER BY d.n), (d.j->>'line')::integer, d.j->>'reason'
FROM docs AS d
JOIN origins AS o USING (origin)
WHERE NOT d.is_summary AND d.j->>'verdict' = 'unreadable';

INSERT INTO batches (origin_id, batch_id, signature, present, absent, count)
SELECT o.origin_id, b.item->>'id', b.item->>'signature', (b.item->>'present')::integer,
       (b.item->>'absent')::integer, (b.item->>'count')::integer
FROM docs AS d
JOIN origins AS o USING (origin)
CROSS JOIN LATERAL jsonb_array_elements(d.j->'summary'->'batches') AS b (item)
WHERE d.is_summary AND d.j->'summary' ? 'batches';

SELECT count(*) FILTER (WHERE NOT is_summary AND j->>'verdict' <> 'unreadable') AS loaded_verdicts,
       count(*) FILTER (WHERE is_summary) AS loaded_origins
FROM docs \gset
COMMIT;
\warn 'load: ':loaded_verdicts' verdicts from ':loaded_origins' origin(s)'
