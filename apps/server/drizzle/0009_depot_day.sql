ALTER TABLE "installation" ADD COLUMN "failed_checks_reason" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "name_chosen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "installation_fleet_updated_idx" ON "installation" USING btree ("fleet_id","updated_at","id");--> statement-breakpoint
-- The installation list shows the step a draft reached: the first list page the read cache holds goes
-- stale when files are added or removed, a check run starts, or a check's status changes (not with
-- every heartbeat, which only moves last_heartbeat_at).
CREATE TRIGGER "upload_read_cache" AFTER INSERT OR DELETE ON "upload" FOR EACH ROW EXECUTE FUNCTION "read_cache_notify_installation"('installation_id');
--> statement-breakpoint
CREATE TRIGGER "upload_truncate_read_cache" AFTER TRUNCATE ON "upload" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "system_check_run_read_cache" AFTER INSERT OR DELETE ON "system_check_run" FOR EACH ROW EXECUTE FUNCTION "read_cache_notify_installation"('installation_id');
--> statement-breakpoint
CREATE TRIGGER "system_check_status_read_cache" AFTER UPDATE OF "status" ON "system_check" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "read_cache_notify_installation"('installation_id');
