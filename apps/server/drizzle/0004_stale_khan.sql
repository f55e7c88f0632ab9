ALTER TABLE "installation" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_uq" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_short_name_uq" ON "company" USING btree (lower("short_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_name_uq" ON "fleet" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "installation_fleet_creator_idx" ON "installation" USING btree ("fleet_id","created_by","created_at","id");