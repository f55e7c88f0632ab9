CREATE TABLE "installation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" integer NOT NULL,
	"installation_id" integer NOT NULL,
	"system_serial" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"field" text,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "installation_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"installation_id" integer,
	"history_installation_id" integer NOT NULL,
	"fleet_id" integer NOT NULL,
	"report_version" integer NOT NULL,
	"installation_version" integer NOT NULL,
	"system_serial" text NOT NULL,
	"vin" text,
	"completion_date" date,
	"company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_report_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "installation_history" ADD CONSTRAINT "installation_history_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_history" ADD CONSTRAINT "installation_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_report" ADD CONSTRAINT "installation_report_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_report" ADD CONSTRAINT "installation_report_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installation_history_installation_idx" ON "installation_history" USING btree ("installation_id","id");--> statement-breakpoint
CREATE INDEX "installation_history_fleet_at_idx" ON "installation_history" USING btree ("fleet_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "installation_report_version_uq" ON "installation_report" USING btree ("history_installation_id","report_version");