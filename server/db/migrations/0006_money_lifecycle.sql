CREATE TYPE "public"."dispute_reason" AS ENUM('not_as_described', 'incomplete', 'inappropriate', 'other');--> statement-breakpoint
CREATE TYPE "public"."refund_reason" AS ENUM('unanswered', 'declined', 'dispute', 'admin', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunding' BEFORE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."payout_status" ADD VALUE 'transferring' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."payout_status" ADD VALUE 'reversing' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."question_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TYPE "public"."question_status" ADD VALUE 'withdrawn';--> statement-breakpoint
DROP INDEX "payouts_release_due_idx";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversal_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "releasable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_reason" "dispute_reason";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_details" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "refund_reason" "refund_reason";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE INDEX "payouts_in_flight_idx" ON "payouts" USING btree ("claimed_at") WHERE "payouts"."claimed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_refunding_idx" ON "questions" USING btree ("refund_claimed_at") WHERE "questions"."refund_claimed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payouts_release_due_idx" ON "payouts" USING btree ("releasable_at") WHERE "payouts"."status" IN ('pending', 'held');