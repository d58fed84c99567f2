DROP INDEX "abuse_reports_status_idx";--> statement-breakpoint
DROP INDEX "admin_audit_log_at_idx";--> statement-breakpoint
DROP INDEX "admin_audit_log_username_idx";--> statement-breakpoint
DROP INDEX "contact_messages_newest_idx";--> statement-breakpoint
DROP INDEX "experts_newest_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_to_idx";--> statement-breakpoint
DROP INDEX "payouts_expert_idx";--> statement-breakpoint
DROP INDEX "questions_expert_inbox_idx";--> statement-breakpoint
DROP INDEX "questions_expert_answered_idx";--> statement-breakpoint
DROP INDEX "questions_asker_idx";--> statement-breakpoint
CREATE INDEX "abuse_reports_status_idx" ON "abuse_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_at_idx" ON "admin_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_username_idx" ON "admin_audit_log" USING btree (lower("username"),"at");--> statement-breakpoint
CREATE INDEX "contact_messages_newest_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "experts_newest_idx" ON "experts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "payouts_expert_idx" ON "payouts" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_expert_inbox_idx" ON "questions" USING btree ("expert_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_expert_answered_idx" ON "questions" USING btree ("expert_id","answered_at") WHERE "questions"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "questions_asker_idx" ON "questions" USING btree ("asker_id","created_at");