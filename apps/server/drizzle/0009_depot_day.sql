ALTER TABLE "installation" ADD COLUMN "failed_checks_reason" text;--> statement-breakpoint
CREATE INDEX "installation_fleet_updated_idx" ON "installation" USING btree ("fleet_id","updated_at","id");