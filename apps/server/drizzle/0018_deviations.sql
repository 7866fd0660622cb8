-- Decision 024: refused self checks (outside the zone) and what managers did with deviations;
-- «Сверхурочные» AUTO for every company, so existing timesheets do not change.
CREATE TABLE "check_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"branch_id" integer,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"distance" double precision,
	"accuracy" double precision
);
--> statement-breakpoint
CREATE TABLE "deviation_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"code" text,
	"comment" text NOT NULL,
	"acted_by" integer,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "overtime_approval" text DEFAULT 'AUTO' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_refusals" ADD CONSTRAINT "check_refusals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_refusals" ADD CONSTRAINT "check_refusals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_refusals" ADD CONSTRAINT "check_refusals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_actions" ADD CONSTRAINT "deviation_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_actions" ADD CONSTRAINT "deviation_actions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviation_actions" ADD CONSTRAINT "deviation_actions_acted_by_employees_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_refusals_company_at_idx" ON "check_refusals" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "check_refusals_employee_at_idx" ON "check_refusals" USING btree ("employee_id","at");--> statement-breakpoint
CREATE INDEX "deviation_actions_company_date_idx" ON "deviation_actions" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "deviation_actions_employee_date_idx" ON "deviation_actions" USING btree ("employee_id","date");