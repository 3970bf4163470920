ALTER TABLE "ns_upload_credentials" ADD COLUMN "secret_hash_sha512" text;--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD COLUMN "trend" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ns_upload_credentials_secret_hash_key" ON "ns_upload_credentials" USING btree ("secret_hash");