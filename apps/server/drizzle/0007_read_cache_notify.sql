-- The API keeps hot reads (live sessions, /api/me, installation details, first list pages) in each
-- process's memory. Every change that could make such an entry wrong announces itself on the channel
-- `read_cache` when its transaction commits, to every process: 'auth' for sessions, people,
-- companies, memberships and fleets; 'installation:<id>' for one installation (also when it is
-- created); 'data' for rows that many installations show (fleets, systems, controllers, telematics
-- units, vehicles).
-- Whole statements: the trigger's arguments are the messages to send.
CREATE FUNCTION "read_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	message text;
BEGIN
	FOREACH message IN ARRAY TG_ARGV LOOP
		PERFORM pg_notify('read_cache', message);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- One installation's rows: the trigger's argument names the column that holds the installation's id.
CREATE FUNCTION "read_cache_notify_installation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('read_cache', 'installation:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM pg_notify('read_cache', 'installation:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('auth');
--> statement-breakpoint
CREATE TRIGGER "user_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('auth');
--> statement-breakpoint
CREATE TRIGGER "company_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "company" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('auth');
--> statement-breakpoint
CREATE TRIGGER "fleet_member_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fleet_member" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('auth');
--> statement-breakpoint
CREATE TRIGGER "fleet_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "fleet" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('auth', 'data');
--> statement-breakpoint
CREATE TRIGGER "system_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "system" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "charge_controller_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "charge_controller" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "telematics_unit_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "telematics_unit" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "vehicle_read_cache" AFTER UPDATE OR DELETE OR TRUNCATE ON "vehicle" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "installation_read_cache" AFTER INSERT OR UPDATE OR DELETE ON "installation" FOR EACH ROW EXECUTE FUNCTION "read_cache_notify_installation"('id');
--> statement-breakpoint
CREATE TRIGGER "installation_truncate_read_cache" AFTER TRUNCATE ON "installation" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
--> statement-breakpoint
CREATE TRIGGER "physical_inspection_read_cache" AFTER INSERT OR UPDATE OR DELETE ON "physical_inspection" FOR EACH ROW EXECUTE FUNCTION "read_cache_notify_installation"('installation_id');
--> statement-breakpoint
CREATE TRIGGER "physical_inspection_truncate_read_cache" AFTER TRUNCATE ON "physical_inspection" FOR EACH STATEMENT EXECUTE FUNCTION "read_cache_notify"('data');
