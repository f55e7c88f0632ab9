CREATE TABLE "report_pdf" (
	"report_id" integer NOT NULL,
	"locale" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_pdf_report_id_locale_pk" PRIMARY KEY("report_id","locale")
);
--> statement-breakpoint
ALTER TABLE "fleet" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "installation_report" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "upload" ADD COLUMN "preview" "bytea";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_pdf" ADD CONSTRAINT "report_pdf_report_id_installation_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."installation_report"("id") ON DELETE cascade ON UPDATE no action;