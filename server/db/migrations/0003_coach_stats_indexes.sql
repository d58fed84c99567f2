DROP INDEX "reviews_expert_published_idx";--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "expert_id" uuid;--> statement-breakpoint
-- Existing ratings take their question's Coach before the column becomes required (hand-written).
UPDATE "ratings" SET "expert_id" = "questions"."expert_id" FROM "questions" WHERE "questions"."id" = "ratings"."question_id";--> statement-breakpoint
ALTER TABLE "ratings" ALTER COLUMN "expert_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_expert_visible_idx" ON "questions" USING btree ("expert_id","status","created_at" DESC NULLS FIRST) WHERE "questions"."payment_status" IN ('paid', 'pending');--> statement-breakpoint
CREATE INDEX "ratings_expert_idx" ON "ratings" USING btree ("expert_id","is_helpful");--> statement-breakpoint
CREATE INDEX "reviews_expert_published_idx" ON "reviews" USING btree ("expert_id","rating") WHERE "reviews"."published";