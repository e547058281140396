CREATE TABLE "merchant_warranty_days" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"expiring" integer DEFAULT 0 NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"minting" integer DEFAULT 0 NOT NULL,
	"minted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_warranty_days" ADD CONSTRAINT "merchant_warranty_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_warranty_days_merchant_idx" ON "merchant_warranty_days" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_warranty_days_compacted_unique" ON "merchant_warranty_days" USING btree ("merchant_id","day") WHERE "merchant_warranty_days"."compacted";--> statement-breakpoint
CREATE INDEX "warranties_merchant_expires_idx" ON "warranties" USING btree ("merchant_id","expires_at");--> statement-breakpoint
-- The merchant dashboard's counts (src/modules/stats): every statement that inserts, updates or
-- deletes warranties appends, in its own transaction, the per-(merchant, UTC day) change of the
-- counts as delta rows of merchant_warranty_days. A warranty counts in issued, claimed and its
-- mint status on the day of its created_at, and in expiring on the day of its expires_at.
-- Statement-level triggers see every changed row at once (transition tables), so a bulk insert
-- appends one row per day touched and an update that changes none of the counted columns
-- appends nothing (the old rows' -1 and the new rows' +1 cancel out).
-- (PL/pgSQL rather than SQL: its statement plans are cached per session, a SQL function's would be
-- planned again on every statement that changes warranties.)
CREATE FUNCTION merchant_warranty_days_record(added warranties[], removed warranties[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_warranty_days (merchant_id, day, issued, expiring, claimed, pending, minting, minted, failed)
  SELECT w.merchant_id, c.day, sum(c.issued), sum(c.expiring), sum(c.claimed),
         sum(c.pending), sum(c.minting), sum(c.minted), sum(c.failed)
  FROM (
    SELECT a.merchant_id, a.created_at, a.expires_at, a.claimed_at, a.mint_status, 1 AS sign FROM unnest(added) a
    UNION ALL
    SELECT r.merchant_id, r.created_at, r.expires_at, r.claimed_at, r.mint_status, -1 FROM unnest(removed) r
  ) w
  CROSS JOIN LATERAL (VALUES
    ((w.created_at AT TIME ZONE 'UTC')::date, w.sign, 0, (w.claimed_at IS NOT NULL)::int * w.sign,
     (w.mint_status = 'PENDING')::int * w.sign, (w.mint_status = 'MINTING')::int * w.sign,
     (w.mint_status = 'MINTED')::int * w.sign, (w.mint_status = 'FAILED')::int * w.sign),
    ((w.expires_at AT TIME ZONE 'UTC')::date, 0, w.sign, 0, 0, 0, 0, 0)
  ) AS c(day, issued, expiring, claimed, pending, minting, minted, failed)
  GROUP BY w.merchant_id, c.day
  HAVING sum(c.issued) <> 0 OR sum(c.expiring) <> 0 OR sum(c.claimed) <> 0 OR sum(c.pending) <> 0
      OR sum(c.minting) <> 0 OR sum(c.minted) <> 0 OR sum(c.failed) <> 0
  ORDER BY w.merchant_id, c.day;
END
$$;
--> statement-breakpoint
CREATE FUNCTION merchant_warranty_days_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM merchant_warranty_days_record(ARRAY(SELECT n::warranties FROM new_rows n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM merchant_warranty_days_record('{}', ARRAY(SELECT o::warranties FROM old_rows o));
  ELSE
    PERFORM merchant_warranty_days_record(ARRAY(SELECT n::warranties FROM new_rows n),
                                          ARRAY(SELECT o::warranties FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION merchant_warranty_days_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM merchant_warranty_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The triggers come before the backfill: creating them locks warranties against writes until
-- this migration commits, so that no write falls between the backfill and the triggers.
CREATE TRIGGER warranties_days_insert AFTER INSERT ON warranties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_warranty_days_track();
--> statement-breakpoint
CREATE TRIGGER warranties_days_update AFTER UPDATE ON warranties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_warranty_days_track();
--> statement-breakpoint
CREATE TRIGGER warranties_days_delete AFTER DELETE ON warranties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_warranty_days_track();
--> statement-breakpoint
CREATE TRIGGER warranties_days_truncate AFTER TRUNCATE ON warranties
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_warranty_days_truncate();
--> statement-breakpoint
-- The backfill: one compacted row per (merchant, day) of the existing warranties.
INSERT INTO merchant_warranty_days (merchant_id, day, compacted, issued, expiring, claimed, pending, minting, minted, failed)
SELECT merchant_id, day, true, sum(issued), sum(expiring), sum(claimed), sum(pending), sum(minting), sum(minted), sum(failed)
FROM (
  SELECT merchant_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS issued, 0 AS expiring,
         count(*) FILTER (WHERE claimed_at IS NOT NULL) AS claimed,
         count(*) FILTER (WHERE mint_status = 'PENDING') AS pending,
         count(*) FILTER (WHERE mint_status = 'MINTING') AS minting,
         count(*) FILTER (WHERE mint_status = 'MINTED') AS minted,
         count(*) FILTER (WHERE mint_status = 'FAILED') AS failed
  FROM warranties GROUP BY 1, 2
  UNION ALL
  SELECT merchant_id, (expires_at AT TIME ZONE 'UTC')::date, 0, count(*), 0, 0, 0, 0, 0
  FROM warranties GROUP BY 1, 2
) c
GROUP BY merchant_id, day;
