CREATE TYPE "public"."attachment_kind" AS ENUM('image', 'video', 'pdf');--> statement-breakpoint
CREATE TYPE "public"."attachment_part" AS ENUM('question', 'answer', 'message');--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"question_id" uuid,
	"message_id" uuid,
	"part" "attachment_part",
	"kind" "attachment_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"display_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "attachments_bound_has_part" CHECK (("attachments"."question_id" IS NULL) = ("attachments"."part" IS NULL)),
	CONSTRAINT "attachments_message_part" CHECK (("attachments"."part" = 'message') = ("attachments"."message_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_question_idx" ON "attachments" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_unbound_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."question_id" IS NULL;--> statement-breakpoint
CREATE INDEX "attachments_uploader_idx" ON "attachments" USING btree ("uploader_id");