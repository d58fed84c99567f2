ALTER TABLE "experts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "experts_listed_idx" ON "experts" USING btree ("created_at","id") WHERE "experts"."deleted_at" IS NULL;