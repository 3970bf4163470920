ALTER TABLE "insurance_claims" ADD COLUMN "claim_number_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Claims imported before this column: their number is the source's resource id when it is a UUID.
UPDATE "insurance_claims" SET "claim_number_generated" = true WHERE "claim_number" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
