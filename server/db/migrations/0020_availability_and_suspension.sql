ALTER TYPE "public"."refund_reason" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "pause_return_on" date;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "pause_note" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "open_question_cap" integer;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_open_question_cap_min" CHECK ("experts"."open_question_cap" IS NULL OR "experts"."open_question_cap" >= 1);