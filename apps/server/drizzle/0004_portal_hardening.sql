CREATE TABLE "event_stream" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"installation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installation" ADD COLUMN "system_data_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_user_idx" ON "event_stream" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "heartbeat_received_idx" ON "heartbeat" USING btree ("received_at");