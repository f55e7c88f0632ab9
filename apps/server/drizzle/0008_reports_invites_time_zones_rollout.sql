CREATE TABLE "report_pdf" (
	"report_id" integer NOT NULL,
	"locale" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_pdf_report_id_locale_pk" PRIMARY KEY("report_id","locale")
);
--> statement-breakpoint
CREATE TABLE "rollout_subscription" (
	"user_id" text NOT NULL,
	"fleet_id" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token" text NOT NULL,
	"next_send_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_subscription_user_id_fleet_id_pk" PRIMARY KEY("user_id","fleet_id"),
	CONSTRAINT "rollout_subscription_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "fleet" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet" ADD COLUMN "stall_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installation_report" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "upload" ADD COLUMN "preview" "bytea";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_pdf" ADD CONSTRAINT "report_pdf_report_id_installation_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."installation_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_subscription" ADD CONSTRAINT "rollout_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_subscription" ADD CONSTRAINT "rollout_subscription_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_subscription_due_idx" ON "rollout_subscription" USING btree ("next_send_at");--> statement-breakpoint
CREATE INDEX "installation_fleet_completion_idx" ON "installation" USING btree ("fleet_id","completion_date") WHERE "installation"."status" = 'completed';--> statement-breakpoint
UPDATE "installation" i SET "reopened_at" = h."at" FROM (SELECT "installation_id", max("at") AS "at" FROM "installation_history" WHERE "action" = 'reopened' GROUP BY "installation_id") h WHERE h."installation_id" = i."id" AND i."status" = 'draft';
