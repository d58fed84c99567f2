CREATE TABLE "admin_attempt_limits" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "admin_attempt_limits_kind_subject_address_pk" PRIMARY KEY("kind","subject","address")
);
