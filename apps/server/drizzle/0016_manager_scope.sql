-- Decision 016: a MANAGER manages the whole company (COMPANY, every existing manager keeps it) or
-- the employees of the branches and departments listed below (UNITS).
CREATE TABLE "manager_branches" (
	"manager_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "manager_branches_manager_id_branch_id_pk" PRIMARY KEY("manager_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "manager_departments" (
	"manager_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "manager_departments_manager_id_department_id_pk" PRIMARY KEY("manager_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "manager_scope" text DEFAULT 'COMPANY' NOT NULL;--> statement-breakpoint
ALTER TABLE "manager_branches" ADD CONSTRAINT "manager_branches_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_branches" ADD CONSTRAINT "manager_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_branches" ADD CONSTRAINT "manager_branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_departments" ADD CONSTRAINT "manager_departments_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_departments" ADD CONSTRAINT "manager_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_departments" ADD CONSTRAINT "manager_departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_branches_company_branch_idx" ON "manager_branches" USING btree ("company_id","branch_id");--> statement-breakpoint
CREATE INDEX "manager_departments_company_department_idx" ON "manager_departments" USING btree ("company_id","department_id");