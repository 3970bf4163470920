CREATE TABLE "custom_foods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"carbs_per_100g" double precision NOT NULL,
	"serving_size" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_foods_user_name_key" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "custom_foods" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "custom_foods" ADD CONSTRAINT "custom_foods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_foods_user_idx" ON "custom_foods" USING btree ("user_id","name");--> statement-breakpoint
CREATE POLICY "custom_foods_owner" ON "custom_foods" AS PERMISSIVE FOR ALL TO public USING ("custom_foods"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("custom_foods"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');