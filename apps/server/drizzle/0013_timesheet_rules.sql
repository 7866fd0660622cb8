-- Companies that existed before keep the way their timesheets were recorded: hours of a shift on
-- the date it started, shifts on holidays as Я. New companies get the split and РВ.
ALTER TABLE "companies" ADD COLUMN "cross_midnight_hours" text DEFAULT 'SHIFT_START' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "holiday_shift_code" text DEFAULT 'Я' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "cross_midnight_hours" SET DEFAULT 'SPLIT_BY_DATE';--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "holiday_shift_code" SET DEFAULT 'РВ';
