CREATE TABLE "open_shift_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"open_shift_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"position_id" integer,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"headcount" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"posted_by" integer,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_swaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"from_employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"to_employee_id" integer,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OFFERED' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "open_shift_claims" text DEFAULT 'APPROVED_ONLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_open_shift_id_open_shifts_id_fk" FOREIGN KEY ("open_shift_id") REFERENCES "public"."open_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shift_claims" ADD CONSTRAINT "open_shift_claims_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_posted_by_employees_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_cancelled_by_employees_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_from_employee_id_employees_id_fk" FOREIGN KEY ("from_employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_to_employee_id_employees_id_fk" FOREIGN KEY ("to_employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_accepted_by_employees_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_shift_claims_live_unique" ON "open_shift_claims" USING btree ("open_shift_id","employee_id") WHERE "open_shift_claims"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "open_shift_claims_shift_idx" ON "open_shift_claims" USING btree ("open_shift_id");--> statement-breakpoint
CREATE INDEX "open_shift_claims_company_status_idx" ON "open_shift_claims" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "open_shift_claims_employee_idx" ON "open_shift_claims" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "open_shifts_company_date_idx" ON "open_shifts" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "open_shifts_branch_date_idx" ON "open_shifts" USING btree ("branch_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_live_unique" ON "shift_swaps" USING btree ("from_employee_id","date","start_time") WHERE "shift_swaps"."status" in ('OFFERED', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "shift_swaps_from_date_idx" ON "shift_swaps" USING btree ("from_employee_id","date");--> statement-breakpoint
CREATE INDEX "shift_swaps_company_status_idx" ON "shift_swaps" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "shift_swaps_to_idx" ON "shift_swaps" USING btree ("to_employee_id","status");--> statement-breakpoint
CREATE INDEX "shift_swaps_branch_status_idx" ON "shift_swaps" USING btree ("branch_id","status");