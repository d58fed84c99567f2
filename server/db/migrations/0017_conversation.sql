CREATE TYPE "public"."question_message_kind" AS ENUM('clarification_request', 'clarification_reply', 'follow_up', 'follow_up_answer');--> statement-breakpoint
ALTER TYPE "public"."dispute_reason" ADD VALUE 'follow_up_unanswered';--> statement-breakpoint
CREATE TABLE "question_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"kind" "question_message_kind" NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD COLUMN "reported_message_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "last_message_kind" "question_message_kind";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_messages" ADD CONSTRAINT "question_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_messages_question_idx" ON "question_messages" USING btree ("question_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_messages_one_follow_up_uq" ON "question_messages" USING btree ("question_id") WHERE "question_messages"."kind" = 'follow_up';--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_reported_message_id_question_messages_id_fk" FOREIGN KEY ("reported_message_id") REFERENCES "public"."question_messages"("id") ON DELETE cascade ON UPDATE no action;