CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_controller" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"type" text NOT NULL,
	"hardware_version" text NOT NULL,
	"firmware_version" text NOT NULL,
	"channel_count" integer NOT NULL,
	"pv_modules_count" integer,
	"active_channel_count" integer,
	CONSTRAINT "charge_controller_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"customer_name" text NOT NULL,
	"primary_contact" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "fleet_member" (
	"user_id" text NOT NULL,
	"fleet_id" integer NOT NULL,
	"role" text DEFAULT 'installer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_member_user_id_fleet_id_pk" PRIMARY KEY("user_id","fleet_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "installation" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	"system_serial" text NOT NULL,
	"vehicle_id" integer,
	"partner_id" integer,
	"created_by" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date NOT NULL,
	"commissioning_date" date,
	"completion_date" date,
	"comments" text,
	"customer_data_confirmed" boolean DEFAULT false NOT NULL,
	"summary_data_confirmed" boolean DEFAULT false NOT NULL,
	"proceeded_with_failed_checks" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jwks" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"alg" text,
	"crv" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "physical_inspection" (
	"installation_id" integer NOT NULL,
	"charge_controller_id" integer NOT NULL,
	"power_led" text NOT NULL,
	"status_led" text NOT NULL,
	"fault_led" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physical_inspection_installation_id_charge_controller_id_pk" PRIMARY KEY("installation_id","charge_controller_id")
);
--> statement-breakpoint
CREATE TABLE "send_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "system" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"fleet_id" integer NOT NULL,
	"pv_module_count" integer NOT NULL,
	"pv_module_version" text NOT NULL,
	"installed_capacity_wp" integer NOT NULL,
	"controller_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telematics_unit" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"unit" text NOT NULL,
	"imei" text NOT NULL,
	"iccid" text DEFAULT '0' NOT NULL,
	CONSTRAINT "telematics_unit_imei_unique" UNIQUE("imei")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vehicle" (
	"id" serial PRIMARY KEY NOT NULL,
	"fleet_id" integer NOT NULL,
	"type" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"transmission" text NOT NULL,
	"battery_type" text NOT NULL,
	"battery_capacity" double precision NOT NULL,
	"battery_capacity_unit" text DEFAULT 'kWh' NOT NULL,
	"vin" text NOT NULL,
	"license_plate" text,
	"mileage" integer DEFAULT 0 NOT NULL,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_controller" ADD CONSTRAINT "charge_controller_system_id_system_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."system"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_member" ADD CONSTRAINT "fleet_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_member" ADD CONSTRAINT "fleet_member_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_system_id_system_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."system"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation" ADD CONSTRAINT "installation_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inspection" ADD CONSTRAINT "physical_inspection_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inspection" ADD CONSTRAINT "physical_inspection_charge_controller_id_charge_controller_id_fk" FOREIGN KEY ("charge_controller_id") REFERENCES "public"."charge_controller"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system" ADD CONSTRAINT "system_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telematics_unit" ADD CONSTRAINT "telematics_unit_system_id_system_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."system"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "charge_controller_system_idx" ON "charge_controller" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "fleet_member_fleet_idx" ON "fleet_member" USING btree ("fleet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installation_system_uq" ON "installation" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "installation_fleet_created_idx" ON "installation" USING btree ("fleet_id","created_at","id");--> statement-breakpoint
CREATE INDEX "installation_fleet_name_idx" ON "installation" USING btree ("fleet_id","name","id");--> statement-breakpoint
CREATE INDEX "installation_fleet_start_idx" ON "installation" USING btree ("fleet_id","start_date","id");--> statement-breakpoint
CREATE INDEX "installation_fleet_serial_idx" ON "installation" USING btree ("fleet_id","system_serial","id");--> statement-breakpoint
CREATE INDEX "installation_fleet_status_idx" ON "installation" USING btree ("fleet_id","status","id");--> statement-breakpoint
CREATE INDEX "installation_search_trgm_idx" ON "installation" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_serial_uq" ON "system" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE INDEX "system_fleet_idx" ON "system" USING btree ("fleet_id");--> statement-breakpoint
CREATE INDEX "telematics_unit_system_idx" ON "telematics_unit" USING btree ("system_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");