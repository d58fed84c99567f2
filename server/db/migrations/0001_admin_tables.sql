CREATE TYPE "public"."dispute_resolution" AS ENUM('dismissed', 'released', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."payout_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "held_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_resolution" "dispute_resolution";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dispute_resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_newest_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "questions_newest_idx" ON "questions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "questions_disputes_idx" ON "questions" USING btree ("created_at","id") WHERE "questions"."dispute_flagged";--> statement-breakpoint
CREATE INDEX "users_newest_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");