CREATE TABLE "heartbeat" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"imei" text NOT NULL,
	"controller_serial" text,
	"total_mcu" integer,
	"device_timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"imei" text,
	"controller_serial" text,
	"total_mcu" integer,
	"deadline_at" timestamp with time zone NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_check_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_check_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_check" ADD CONSTRAINT "system_check_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_check" ADD CONSTRAINT "system_check_run_id_system_check_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."system_check_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_check_event" ADD CONSTRAINT "system_check_event_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_check_run" ADD CONSTRAINT "system_check_run_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heartbeat_imei_idx" ON "heartbeat" USING btree ("imei","received_at");--> statement-breakpoint
CREATE INDEX "system_check_run_idx" ON "system_check" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "system_check_imei_idx" ON "system_check" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "system_check_controller_idx" ON "system_check" USING btree ("controller_serial");--> statement-breakpoint
CREATE INDEX "system_check_pending_deadline_idx" ON "system_check" USING btree ("deadline_at") WHERE "system_check"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "system_check_event_installation_idx" ON "system_check_event" USING btree ("installation_id","id");--> statement-breakpoint
CREATE INDEX "system_check_run_installation_idx" ON "system_check_run" USING btree ("installation_id","id");