-- The (user, time, source) key also carries the value, so statistics over a window read the index
-- alone (an index-only scan) instead of visiting every reading's heap row. drizzle-kit cannot express
-- INCLUDE; the constraint keeps its name and columns, so the schema and its snapshot stay as they are.
ALTER TABLE "glucose_readings" DROP CONSTRAINT "glucose_readings_user_time_source_key";
--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD CONSTRAINT "glucose_readings_user_time_source_key" UNIQUE ("user_id", "recorded_at", "source") INCLUDE ("value_mgdl");
