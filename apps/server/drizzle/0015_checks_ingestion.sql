-- Decision 014: the Idempotency-Key becomes two columns of the check it created (one row, one index
-- entry, no second table and its two foreign-key checks on every create); existing keys move there.
ALTER TABLE "checks" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "checks" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
UPDATE "checks" SET "idempotency_key" = k."key", "idempotency_hash" = k."request_hash"
  FROM "idempotency_keys" k
  WHERE k."check_id" = "checks"."id" AND k."company_id" = "checks"."company_id";--> statement-breakpoint
CREATE UNIQUE INDEX "checks_idempotency_key_unique" ON "checks" USING btree ("company_id","idempotency_key") WHERE "checks"."idempotency_key" is not null;--> statement-breakpoint
DROP TABLE "idempotency_keys" CASCADE;--> statement-breakpoint
-- The company follows from the employee (whose own key cascades from the company): the insert
-- takes it from the employee's row, so this key only checked and locked the company row again.
ALTER TABLE "checks" DROP CONSTRAINT "checks_company_id_companies_id_fk";
