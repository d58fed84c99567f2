DROP INDEX "questions_expert_visible_idx";--> statement-breakpoint
DROP INDEX "questions_expert_answered_idx";--> statement-breakpoint
DROP INDEX "questions_asker_idx";--> statement-breakpoint
CREATE INDEX "questions_expert_recent_idx" ON "questions" USING btree ("expert_id","created_at","id") WHERE "questions"."payment_status" IN ('paid', 'pending');--> statement-breakpoint
CREATE INDEX "questions_expert_visible_idx" ON "questions" USING btree ("expert_id","status","created_at","id") WHERE "questions"."payment_status" IN ('paid', 'pending');--> statement-breakpoint
CREATE INDEX "questions_expert_answered_idx" ON "questions" USING btree ("expert_id","answered_at","id") WHERE "questions"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "questions_asker_idx" ON "questions" USING btree ("asker_id","created_at","id");