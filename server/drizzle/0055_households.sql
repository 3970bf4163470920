CREATE TABLE "former_guardians" (
	"person_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "former_guardians_person_id_guardian_id_pk" PRIMARY KEY("person_id","guardian_id")
);
--> statement-breakpoint
ALTER TABLE "former_guardians" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "guardianships" (
	"person_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardianships_person_id_guardian_id_pk" PRIMARY KEY("person_id","guardian_id"),
	CONSTRAINT "guardianships_not_self" CHECK ("guardianships"."person_id" <> "guardianships"."guardian_id")
);
--> statement-breakpoint
ALTER TABLE "guardianships" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "household_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "household_invitations_kind_check" CHECK ("household_invitations"."kind" in ('guardian', 'handover'))
);
--> statement-breakpoint
ALTER TABLE "household_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auth"."user" DROP CONSTRAINT "user_status_check";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "former_guardians" ADD CONSTRAINT "former_guardians_person_id_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "former_guardians" ADD CONSTRAINT "former_guardians_guardian_id_user_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_person_id_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_guardian_id_user_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_person_id_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardianships_guardian_idx" ON "guardianships" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "household_invitations_person_idx" ON "household_invitations" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "auth"."user" ADD CONSTRAINT "user_status_check" CHECK ("auth"."user"."status" in ('active', 'pending_approval', 'disabled', 'dependent'));--> statement-breakpoint
CREATE POLICY "former_guardians_system" ON "former_guardians" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "guardianships_system" ON "guardianships" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "guardianships_definer" ON "guardianships" AS PERMISSIVE FOR SELECT TO public USING (current_user <> 'healthfolio_app');--> statement-breakpoint
CREATE POLICY "household_invitations_system" ON "household_invitations" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.system', true) = 'on') WITH CHECK (current_setting('app.system', true) = 'on');