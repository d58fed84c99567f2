-- The Coach's figures (ADR 025, 060) are bumped at commit, not at the statement (ADR 098): each
-- trigger that updates `experts` becomes a constraint trigger, deferred, so the row lock on the
-- Coach is taken when the transaction commits and held only for the commit itself, not from an
-- answer's (or a review's, a rating's) statement across the round trips that follow it.
DROP TRIGGER IF EXISTS questions_count_answers ON questions;--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_count_answers_update ON questions;--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_response_median ON questions;--> statement-breakpoint
DROP TRIGGER IF EXISTS questions_response_median_update ON questions;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_count ON reviews;--> statement-breakpoint
DROP TRIGGER IF EXISTS ratings_count ON ratings;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER questions_count_answers AFTER INSERT OR DELETE ON questions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION experts_count_answers();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER questions_count_answers_update AFTER UPDATE OF status, expert_id ON questions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expert_id IS DISTINCT FROM NEW.expert_id)
  EXECUTE FUNCTION experts_count_answers();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER questions_response_median AFTER INSERT OR DELETE ON questions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION experts_track_response_median();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER questions_response_median_update AFTER UPDATE OF status, expert_id ON questions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expert_id IS DISTINCT FROM NEW.expert_id)
  EXECUTE FUNCTION experts_track_response_median();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_count AFTER INSERT OR UPDATE OR DELETE ON reviews
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION experts_count_reviews();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ratings_count AFTER INSERT OR UPDATE OR DELETE ON ratings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION experts_count_ratings();
