DROP INDEX "glucose_readings_user_created_idx";--> statement-breakpoint
CREATE INDEX "glucose_readings_user_updated_idx" ON "glucose_readings" USING btree ("user_id","updated_at");