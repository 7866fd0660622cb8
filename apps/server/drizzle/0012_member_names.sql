ALTER TABLE "employees" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "middle_name" text;