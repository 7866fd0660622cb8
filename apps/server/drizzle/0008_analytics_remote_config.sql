CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"route" text,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"role" text,
	"app_version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"company_overridable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "config_overrides" (
	"key" text NOT NULL,
	"company_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_overrides_key_company_id_pk" PRIMARY KEY("key","company_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_preferences" ADD CONSTRAINT "analytics_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_entries" ADD CONSTRAINT "config_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_overrides" ADD CONSTRAINT "config_overrides_key_config_entries_key_fk" FOREIGN KEY ("key") REFERENCES "public"."config_entries"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_overrides" ADD CONSTRAINT "config_overrides_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_company_received_idx" ON "analytics_events" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_received_idx" ON "analytics_events" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "config_overrides_company_idx" ON "config_overrides" USING btree ("company_id");