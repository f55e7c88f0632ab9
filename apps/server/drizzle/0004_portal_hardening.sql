CREATE TABLE "event_stream" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"installation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "system_data_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_user_idx" ON "event_stream" USING btree ("user_id","seen_at");--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_uq" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_short_name_uq" ON "company" USING btree (lower("short_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_name_uq" ON "fleet" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "heartbeat_received_idx" ON "heartbeat" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "installation_fleet_creator_idx" ON "installation" USING btree ("fleet_id","created_by","created_at","id");--> statement-breakpoint
-- Installations recorded before who-did-what was kept: their creator made the last change and submitted them.
UPDATE "installation" SET "updated_by" = "created_by" WHERE "updated_by" IS NULL;--> statement-breakpoint
UPDATE "installation" SET "submitted_by" = "created_by", "submitted_at" = "updated_at" WHERE "status" = 'completed' AND "submitted_by" IS NULL;
