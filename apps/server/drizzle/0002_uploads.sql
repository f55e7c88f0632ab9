CREATE TABLE "upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_kb" double precision NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea",
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_installation_id_installation_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_installation_type_sha_uq" ON "upload" USING btree ("installation_id","type","sha256");--> statement-breakpoint
CREATE INDEX "upload_installation_idx" ON "upload" USING btree ("installation_id");