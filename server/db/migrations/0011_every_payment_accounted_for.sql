CREATE TYPE "public"."checkout_session_status" AS ENUM('open', 'complete', 'expired');--> statement-breakpoint
CREATE TYPE "public"."extra_payment_reason" AS ENUM('already_paid', 'question_refunded', 'question_closed', 'coach_deleted');--> statement-breakpoint
ALTER TYPE "public"."refund_reason" ADD VALUE 'coach_deleted';--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"status" "checkout_session_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"checkout_session_id" text,
	"reason" "extra_payment_reason" NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_claimed_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "extra_payments_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_open_idx" ON "checkout_sessions" USING btree ("question_id") WHERE "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "extra_payments_question_idx" ON "extra_payments" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "extra_payments_newest_idx" ON "extra_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "extra_payments_refunding_idx" ON "extra_payments" USING btree ("refund_claimed_at") WHERE "extra_payments"."refund_claimed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "checkout_sessions" ("session_id", "question_id", "status") SELECT "checkout_session_id", "id", CASE WHEN "payment_status" IN ('unpaid', 'pending', 'failed') THEN 'open'::"checkout_session_status" ELSE 'complete'::"checkout_session_status" END FROM "questions" WHERE "checkout_session_id" IS NOT NULL;
