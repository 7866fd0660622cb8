-- Decision 027: employees mark dates they cannot or would rather not work; managers read the marks on the calendar.
CREATE TABLE "availability_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"start_time" text,
	"end_time" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_marks" ADD CONSTRAINT "availability_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_marks" ADD CONSTRAINT "availability_marks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_marks_employee_date_unique" ON "availability_marks" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "availability_marks_company_date_idx" ON "availability_marks" USING btree ("company_id","date");