CREATE TABLE "receipt_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counter_one_row" CHECK ("receipt_counter"."id" = 1),
	CONSTRAINT "receipt_counter_positive" CHECK ("receipt_counter"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"number" integer PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"card_last4" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_question_id_unique" UNIQUE("question_id"),
	CONSTRAINT "receipts_amount_positive" CHECK ("receipts"."amount" > 0),
	CONSTRAINT "receipts_card_last4_digits" CHECK ("receipts"."card_last4" IS NULL OR "receipts"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_issued_idx" ON "receipts" USING btree ("issued_at");