CREATE TABLE "schedule_publication_days" (
	"publication_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"days" jsonb NOT NULL,
	"changed_dates" text[] NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "schedule_publication_days_publication_id_employee_id_pk" PRIMARY KEY("publication_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"branch_id" integer,
	"department_id" integer,
	"version" integer NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean NOT NULL,
	CONSTRAINT "schedule_publications_one_unit" CHECK (("schedule_publications"."branch_id" is null) <> ("schedule_publications"."department_id" is null)),
	CONSTRAINT "schedule_publications_month_format" CHECK ("schedule_publications"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "schedule_publication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_publication_days" ADD CONSTRAINT "schedule_publication_days_publication_id_schedule_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."schedule_publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publication_days" ADD CONSTRAINT "schedule_publication_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publication_days" ADD CONSTRAINT "schedule_publication_days_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publications" ADD CONSTRAINT "schedule_publications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publications" ADD CONSTRAINT "schedule_publications_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publications" ADD CONSTRAINT "schedule_publications_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_publications" ADD CONSTRAINT "schedule_publications_published_by_employees_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_publication_days_employee_idx" ON "schedule_publication_days" USING btree ("company_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_publications_branch_version_unique" ON "schedule_publications" USING btree ("company_id","month","branch_id","version") WHERE "schedule_publications"."branch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_publications_department_version_unique" ON "schedule_publications" USING btree ("company_id","month","department_id","version") WHERE "schedule_publications"."department_id" is not null;--> statement-breakpoint
CREATE INDEX "schedule_publications_company_month_idx" ON "schedule_publications" USING btree ("company_id","month");