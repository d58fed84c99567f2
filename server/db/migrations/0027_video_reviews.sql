CREATE TYPE "public"."video_review_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "reference_clips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"attachment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"message_id" uuid,
	"video_attachment_id" uuid NOT NULL,
	"source_attachment_id" uuid NOT NULL,
	"compare_attachment_id" uuid,
	"document" jsonb NOT NULL,
	"status" "video_review_status" DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_reviews_progress" CHECK ("video_reviews"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "video_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "video_frame_rate" double precision;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "video_width" integer;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "video_height" integer;--> statement-breakpoint
ALTER TABLE "reference_clips" ADD CONSTRAINT "reference_clips_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_clips" ADD CONSTRAINT "reference_clips_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_message_id_question_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."question_messages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_video_attachment_id_attachments_id_fk" FOREIGN KEY ("video_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_source_attachment_id_attachments_id_fk" FOREIGN KEY ("source_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reviews" ADD CONSTRAINT "video_reviews_compare_attachment_id_attachments_id_fk" FOREIGN KEY ("compare_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_clips_attachment_idx" ON "reference_clips" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "reference_clips_owner_idx" ON "reference_clips" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_reviews_video_idx" ON "video_reviews" USING btree ("video_attachment_id");--> statement-breakpoint
CREATE INDEX "video_reviews_question_idx" ON "video_reviews" USING btree ("question_id","created_at");