CREATE TABLE "employee_pins" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pin_hash" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"credential_hash" text NOT NULL,
	"qr_secret" text NOT NULL,
	"created_by" integer,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"lookup" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" integer
);
--> statement-breakpoint
CREATE TABLE "kiosk_punches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"check_id" integer NOT NULL,
	"method" text NOT NULL,
	"direction" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"qr_window" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_pins" ADD CONSTRAINT "employee_pins_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_pins" ADD CONSTRAINT "employee_pins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_devices" ADD CONSTRAINT "kiosk_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_devices" ADD CONSTRAINT "kiosk_devices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_devices" ADD CONSTRAINT "kiosk_devices_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_devices" ADD CONSTRAINT "kiosk_devices_revoked_by_employees_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_device_id_kiosk_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kiosk_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD CONSTRAINT "kiosk_punches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD CONSTRAINT "kiosk_punches_device_id_kiosk_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."kiosk_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD CONSTRAINT "kiosk_punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_punches" ADD CONSTRAINT "kiosk_punches_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_devices_credential_unique" ON "kiosk_devices" USING btree ("credential_hash");--> statement-breakpoint
CREATE INDEX "kiosk_devices_company_idx" ON "kiosk_devices" USING btree ("company_id","paired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairing_codes_lookup_unique" ON "kiosk_pairing_codes" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "kiosk_pairing_codes_expires_idx" ON "kiosk_pairing_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_punches_qr_unique" ON "kiosk_punches" USING btree ("employee_id","device_id","qr_window") WHERE "kiosk_punches"."qr_window" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_punches_idempotency_unique" ON "kiosk_punches" USING btree ("employee_id","idempotency_key") WHERE "kiosk_punches"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "kiosk_punches_employee_at_idx" ON "kiosk_punches" USING btree ("employee_id","at");--> statement-breakpoint
CREATE INDEX "kiosk_punches_check_idx" ON "kiosk_punches" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "kiosk_punches_device_at_idx" ON "kiosk_punches" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "employees_company_personnel_number_idx" ON "employees" USING btree ("company_id","personnel_number");