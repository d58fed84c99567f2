ALTER TYPE "public"."dispute_resolution" ADD VALUE 'partially_refunded';--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_statement" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_statement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_note" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "partial_refund_amount" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "partial_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversed_amount_non_negative" CHECK ("payouts"."reversed_amount" >= 0);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_partial_refund_in_range" CHECK ("questions"."partial_refund_amount" IS NULL OR ("questions"."partial_refund_amount" > 0 AND "questions"."partial_refund_amount" < "questions"."amount"));