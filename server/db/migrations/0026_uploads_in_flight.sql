CREATE TABLE "uploads_in_flight" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads_in_flight" ADD CONSTRAINT "uploads_in_flight_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_in_flight_uploader_idx" ON "uploads_in_flight" USING btree ("uploader_id","created_at");