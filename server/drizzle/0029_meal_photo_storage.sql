ALTER TABLE "meal_photo_analyses" ALTER COLUMN "model" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_photo_analyses" ALTER COLUMN "result" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_photo_analyses" ADD COLUMN "photo_storage_id" text;--> statement-breakpoint
ALTER TABLE "meal_photo_analyses" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "meal_photo_analyses" ADD COLUMN "photo_size" integer;--> statement-breakpoint
ALTER TABLE "meal_photo_analyses" ADD COLUMN "photo_sha256" text;