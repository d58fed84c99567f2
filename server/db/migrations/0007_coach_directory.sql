CREATE TABLE "expert_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"expert_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "experts_lower_name_idx";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "answered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "review_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "rating_score" integer GENERATED ALWAYS AS (CASE WHEN review_count = 0 THEN 0 ELSE (review_sum * 100) / review_count END) STORED;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', expertise), 'B') || setweight(to_tsvector('english', coalesce(bio, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "expert_slugs" ADD CONSTRAINT "expert_slugs_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_slugs_expert_idx" ON "expert_slugs" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "experts_search_idx" ON "experts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "experts_rating_idx" ON "experts" USING btree ("rating_score","id");--> statement-breakpoint
CREATE INDEX "experts_answered_idx" ON "experts" USING btree ("answered_count","id");--> statement-breakpoint
CREATE INDEX "experts_price_idx" ON "experts" USING btree ("price_per_question","id");--> statement-breakpoint
-- Hand-written below (ADR 025): the slug backfill for existing Coaches, the triggers that keep the
-- directory's figures, and their backfill.
-- A Coach's slug: the name in lower case, runs of other characters as one hyphen. A name shared by
-- several Coaches keeps its plain slug for the oldest; the others get a piece of their id.
WITH base AS (
  SELECT id, coalesce(nullif(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), ''), 'coach') AS b,
         row_number() OVER (PARTITION BY coalesce(nullif(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), ''), 'coach') ORDER BY created_at, id) AS n
  FROM experts
)
UPDATE experts e SET slug = CASE WHEN base.n = 1 THEN base.b ELSE base.b || '-' || left(e.id::text, 8) END
FROM base WHERE e.id = base.id;--> statement-breakpoint
ALTER TABLE "experts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_slug_unique" UNIQUE("slug");--> statement-breakpoint
INSERT INTO expert_slugs (slug, expert_id, created_at) SELECT slug, id, created_at FROM experts;--> statement-breakpoint
-- The links shared before slugs existed: the name with hyphens for spaces (spec §2), in lower case.
INSERT INTO expert_slugs (slug, expert_id, created_at)
SELECT lower(regexp_replace(trim(name), '\s+', '-', 'g')), id, created_at FROM experts
ON CONFLICT (slug) DO NOTHING;--> statement-breakpoint
CREATE FUNCTION experts_count_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'answered' THEN
    UPDATE experts SET answered_count = answered_count - 1 WHERE id = OLD.expert_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'answered' THEN
    UPDATE experts SET answered_count = answered_count + 1 WHERE id = NEW.expert_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_count_answers AFTER INSERT OR DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION experts_count_answers();--> statement-breakpoint
CREATE TRIGGER questions_count_answers_update AFTER UPDATE OF status, expert_id ON questions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expert_id IS DISTINCT FROM NEW.expert_id)
  EXECUTE FUNCTION experts_count_answers();--> statement-breakpoint
CREATE FUNCTION experts_count_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.published THEN
    UPDATE experts SET review_count = review_count - 1, review_sum = review_sum - OLD.rating WHERE id = OLD.expert_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.published THEN
    UPDATE experts SET review_count = review_count + 1, review_sum = review_sum + NEW.rating WHERE id = NEW.expert_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_count AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION experts_count_reviews();--> statement-breakpoint
CREATE FUNCTION experts_count_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE experts SET rating_count = rating_count - 1, helpful_count = helpful_count - OLD.is_helpful::int WHERE id = OLD.expert_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE experts SET rating_count = rating_count + 1, helpful_count = helpful_count + NEW.is_helpful::int WHERE id = NEW.expert_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ratings_count AFTER INSERT OR UPDATE OR DELETE ON ratings
  FOR EACH ROW EXECUTE FUNCTION experts_count_ratings();--> statement-breakpoint
-- Recounts every Coach's figures: the backfill below, and bulk loads that run without triggers.
CREATE FUNCTION refresh_expert_stats() RETURNS void LANGUAGE sql AS $$
  UPDATE experts e SET
    answered_count = (SELECT count(*) FROM questions q WHERE q.expert_id = e.id AND q.status = 'answered'),
    review_count = (SELECT count(*) FROM reviews r WHERE r.expert_id = e.id AND r.published),
    review_sum = (SELECT coalesce(sum(r.rating), 0) FROM reviews r WHERE r.expert_id = e.id AND r.published),
    rating_count = (SELECT count(*) FROM ratings r WHERE r.expert_id = e.id),
    helpful_count = (SELECT count(*) FROM ratings r WHERE r.expert_id = e.id AND r.is_helpful);
$$;--> statement-breakpoint
SELECT refresh_expert_stats();