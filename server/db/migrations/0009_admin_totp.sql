ALTER TABLE "admin_accounts" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_accounts" ADD COLUMN "totp_last_step" bigint;