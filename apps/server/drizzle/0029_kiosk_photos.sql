CREATE TABLE "kiosk_photo_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"method" text NOT NULL,
	"text_version" integer,
	"text" text,
	"document_date" date,
	"document_number" text,
	"given_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	CONSTRAINT "kiosk_photo_consents_method_fields" CHECK (("kiosk_photo_consents"."method" = 'APP' and "kiosk_photo_consents"."text_version" is not null and "kiosk_photo_consents"."text" is not null)
        or ("kiosk_photo_consents"."method" = 'PAPER' and "kiosk_photo_consents"."document_date" is not null and "kiosk_photo_consents"."document_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "kiosk_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"check_id" integer NOT NULL,
	"punch_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kiosk_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kiosk_photo_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD COLUMN "photo_token_hash" text;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD COLUMN "photo_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kiosk_photo_consents" ADD CONSTRAINT "kiosk_photo_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photo_consents" ADD CONSTRAINT "kiosk_photo_consents_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photo_consents" ADD CONSTRAINT "kiosk_photo_consents_recorded_by_employees_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photo_consents" ADD CONSTRAINT "kiosk_photo_consents_withdrawn_by_employees_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photos" ADD CONSTRAINT "kiosk_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photos" ADD CONSTRAINT "kiosk_photos_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photos" ADD CONSTRAINT "kiosk_photos_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_photos" ADD CONSTRAINT "kiosk_photos_punch_id_kiosk_punches_id_fk" FOREIGN KEY ("punch_id") REFERENCES "public"."kiosk_punches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_photo_consents_active_unique" ON "kiosk_photo_consents" USING btree ("employee_id") WHERE "kiosk_photo_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "kiosk_photo_consents_employee_idx" ON "kiosk_photo_consents" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_photos_punch_unique" ON "kiosk_photos" USING btree ("punch_id");--> statement-breakpoint
CREATE INDEX "kiosk_photos_check_idx" ON "kiosk_photos" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "kiosk_photos_employee_idx" ON "kiosk_photos" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "kiosk_photos_expires_idx" ON "kiosk_photos" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_punches_photo_token_unique" ON "kiosk_punches" USING btree ("photo_token_hash") WHERE "kiosk_punches"."photo_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_kiosk_photo_retention_range" CHECK ("companies"."kiosk_photo_retention_days" between 1 and 90);