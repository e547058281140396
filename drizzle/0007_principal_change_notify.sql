-- Authenticated requests cache their principal (user + merchant) in process
-- (src/http/principal-cache.ts). Every change to a user or a merchant row, whichever code
-- makes it, tells every API process through NOTIFY on commit: 'u:<user id>' or
-- 'm:<merchant id>'. An UPDATE that changes nothing notifies nothing.
CREATE OR REPLACE FUNCTION notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changed', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_principal_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION notify_principal_change('u');
--> statement-breakpoint
CREATE TRIGGER users_principal_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION notify_principal_change('u');
--> statement-breakpoint
CREATE TRIGGER merchants_principal_update AFTER UPDATE ON merchants FOR EACH ROW
  WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION notify_principal_change('m');
--> statement-breakpoint
CREATE TRIGGER merchants_principal_delete AFTER DELETE ON merchants FOR EACH ROW
  EXECUTE FUNCTION notify_principal_change('m');
