CREATE TABLE "device_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"terra_user_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_data_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_connections_terra_user_id_unique" UNIQUE("terra_user_id")
);
--> statement-breakpoint
ALTER TABLE "device_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_connections_user_idx" ON "device_connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "device_connections_next_sync_idx" ON "device_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE POLICY "device_connections_owner" ON "device_connections" AS PERMISSIVE FOR ALL TO public USING ("device_connections"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("device_connections"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');