ALTER TABLE "abuse_reports" ADD COLUMN "reported_review_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_reported_review_id_reviews_id_fk" FOREIGN KEY ("reported_review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_reports_review_idx" ON "abuse_reports" USING btree ("reported_review_id") WHERE "abuse_reports"."reported_review_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_expert_newest_idx" ON "reviews" USING btree ("expert_id","created_at","id") WHERE "reviews"."published";