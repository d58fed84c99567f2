DROP INDEX "questions_refund_due_idx";--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "response_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "median_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "response_sort" integer GENERATED ALWAYS AS (coalesce(median_response_minutes, response_hours * 60)) STORED;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "response_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_by" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
-- Rows asked before the promise keep the deadline the refund sweep applied: 7 days after payment.
UPDATE "questions" SET "answer_by" = coalesce("paid_at", "created_at") + interval '7 days';--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "experts_response_idx" ON "experts" USING btree ("response_sort","id");--> statement-breakpoint
CREATE INDEX "questions_expert_deadline_idx" ON "questions" USING btree ("expert_id","status","answer_by","id") WHERE "questions"."payment_status" IN ('paid', 'pending');--> statement-breakpoint
CREATE INDEX "questions_refund_due_idx" ON "questions" USING btree ("answer_by") WHERE "questions"."status" = 'pending' AND "questions"."payment_status" = 'paid';--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_response_hours" CHECK ("experts"."response_hours" IN (24, 48, 72, 168));--> statement-breakpoint
-- The median minutes from payment to answer over a Coach's last 90 answers, null below 3 (ADR 060).
-- Served by questions_expert_answered_idx (expert_id, answered_at, id) WHERE status = 'answered'.
CREATE FUNCTION expert_response_median(coach uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) < 3 THEN NULL
    ELSE round(percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes))::integer END
  FROM (
    SELECT extract(epoch FROM q.answered_at - coalesce(q.paid_at, q.created_at)) / 60 AS minutes
    FROM questions q
    WHERE q.expert_id = coach AND q.status = 'answered'
    ORDER BY q.answered_at DESC, q.id DESC
    LIMIT 90
  ) latest;
$$;--> statement-breakpoint
CREATE FUNCTION experts_track_response_median() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'answered' THEN
    UPDATE experts SET median_response_minutes = expert_response_median(OLD.expert_id) WHERE id = OLD.expert_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'answered'
     AND (TG_OP = 'INSERT' OR NEW.expert_id IS DISTINCT FROM OLD.expert_id OR OLD.status <> 'answered') THEN
    UPDATE experts SET median_response_minutes = expert_response_median(NEW.expert_id) WHERE id = NEW.expert_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_response_median AFTER INSERT OR DELETE ON questions
  FOR EACH ROW EXECUTE FUNCTION experts_track_response_median();--> statement-breakpoint
CREATE TRIGGER questions_response_median_update AFTER UPDATE OF status, expert_id ON questions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expert_id IS DISTINCT FROM NEW.expert_id)
  EXECUTE FUNCTION experts_track_response_median();--> statement-breakpoint
-- Recounts every Coach's figures (bulk loads run without triggers), now with the median.
CREATE OR REPLACE FUNCTION refresh_expert_stats() RETURNS void LANGUAGE sql AS $$
  UPDATE experts e SET
    answered_count = (SELECT count(*) FROM questions q WHERE q.expert_id = e.id AND q.status = 'answered'),
    review_count = (SELECT count(*) FROM reviews r WHERE r.expert_id = e.id AND r.published),
    review_sum = (SELECT coalesce(sum(r.rating), 0) FROM reviews r WHERE r.expert_id = e.id AND r.published),
    rating_count = (SELECT count(*) FROM ratings r WHERE r.expert_id = e.id),
    helpful_count = (SELECT count(*) FROM ratings r WHERE r.expert_id = e.id AND r.is_helpful),
    median_response_minutes = expert_response_median(e.id);
$$;--> statement-breakpoint
SELECT refresh_expert_stats();