ALTER TABLE "kiosk_punches" ADD COLUMN "device_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD COLUMN "device_counter" integer;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD COLUMN "clock_skew_ms" integer;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD COLUMN "clock_skewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "kiosk_punches_device_key_idx" ON "kiosk_punches" USING btree ("device_id","idempotency_key") WHERE "kiosk_punches"."idempotency_key" is not null;