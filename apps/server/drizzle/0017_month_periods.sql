-- Decision 022: the approval of a month for a branch or a department; an APPROVED month locks
-- every write that changes attendance of its dates.
CREATE TABLE "month_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"branch_id" integer,
	"department_id" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"reopened_by" integer,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_periods_one_unit" CHECK (("month_periods"."branch_id" is null) <> ("month_periods"."department_id" is null)),
	CONSTRAINT "month_periods_month_format" CHECK ("month_periods"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "month_periods_status" CHECK ("month_periods"."status" in ('DRAFT', 'SUBMITTED', 'APPROVED'))
);
--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_submitted_by_employees_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_approved_by_employees_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_periods" ADD CONSTRAINT "month_periods_reopened_by_employees_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_periods_branch_unique" ON "month_periods" USING btree ("company_id","month","branch_id") WHERE "month_periods"."branch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "month_periods_department_unique" ON "month_periods" USING btree ("company_id","month","department_id") WHERE "month_periods"."department_id" is not null;--> statement-breakpoint
CREATE INDEX "month_periods_company_status_month_idx" ON "month_periods" USING btree ("company_id","status","month");