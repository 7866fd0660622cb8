CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"price_per_user_kopecks" integer NOT NULL,
	"trial_days" integer NOT NULL,
	"discount_3_months" integer DEFAULT 0 NOT NULL,
	"discount_6_months" integer DEFAULT 0 NOT NULL,
	"discount_12_months" integer DEFAULT 0 NOT NULL,
	"min_users" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer,
	"plan_title" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"users" integer NOT NULL,
	"months" integer NOT NULL,
	"price_per_user_kopecks" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"subtotal_kopecks" bigint NOT NULL,
	"discount_kopecks" bigint NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"transaction_id" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"failure_reason" text,
	"created_by_user_id" integer,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_title_unique" ON "plans" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "plans_single_default" ON "plans" USING btree ("is_default") WHERE "plans"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction_unique" ON "payments" USING btree ("provider","transaction_id") WHERE "payments"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_company_created_idx" ON "payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("plan_id");