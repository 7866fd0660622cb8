CREATE TABLE "auth_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- API-key caches of every instance hear of any change that alters what a key may do (its company
-- blocked or unblocked, paid period changed, the key revoked, moved or deleted), from whichever
-- writer: the notification is sent when, and only if, the change commits.
CREATE FUNCTION "smena_notify_api_key_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('smena_api_key_access', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  ELSE
    PERFORM pg_notify('smena_api_key_access', (CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END)::text);
    IF TG_OP = 'UPDATE' AND OLD.company_id IS DISTINCT FROM NEW.company_id THEN
      PERFORM pg_notify('smena_api_key_access', OLD.company_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_api_key_access" AFTER UPDATE OF "status", "paid_until" ON "companies"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."paid_until" IS DISTINCT FROM NEW."paid_until")
  EXECUTE FUNCTION "smena_notify_api_key_access"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_access_update" AFTER UPDATE ON "api_keys"
  FOR EACH ROW WHEN (
    OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
    OR OLD."company_id" IS DISTINCT FROM NEW."company_id"
    OR OLD."branch_id" IS DISTINCT FROM NEW."branch_id"
    OR OLD."secret_hash" IS DISTINCT FROM NEW."secret_hash")
  EXECUTE FUNCTION "smena_notify_api_key_access"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_access_delete" AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "smena_notify_api_key_access"();
