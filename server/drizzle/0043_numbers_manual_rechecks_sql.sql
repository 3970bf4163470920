-- The key again carries the value (as migration 0014 made it), so statistics over a window stay an
-- index-only scan; drizzle-kit cannot express INCLUDE, and name and columns stay those of the schema.
ALTER TABLE "glucose_readings" DROP CONSTRAINT "glucose_readings_user_time_source_key";
--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD CONSTRAINT "glucose_readings_user_time_source_key" UNIQUE ("user_id", "recorded_at", "source", "deduplicated") INCLUDE ("value_mgdl");
