CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insurance_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"insurance_covered_cents" bigint DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_bills_status_check" CHECK ("insurance_bills"."status" in ('paid', 'overdue', 'partial', 'pending')),
	CONSTRAINT "insurance_bills_money_check" CHECK (amount_cents >= 0 and insurance_covered_cents >= 0),
	CONSTRAINT "insurance_bills_covered_check" CHECK ("insurance_bills"."insurance_covered_cents" <= "insurance_bills"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "insurance_bills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"claim_number" text NOT NULL,
	"provider" text NOT NULL,
	"service_date" date NOT NULL,
	"submitted_date" date NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"covered_cents" bigint DEFAULT 0 NOT NULL,
	"patient_responsibility_cents" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"insurance_plan_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_status_check" CHECK ("insurance_claims"."status" in ('pending', 'processing', 'approved', 'paid', 'denied')),
	CONSTRAINT "insurance_claims_money_check" CHECK (amount_cents >= 0 and covered_cents >= 0 and patient_responsibility_cents >= 0),
	CONSTRAINT "insurance_claims_covered_check" CHECK ("insurance_claims"."covered_cents" + "insurance_claims"."patient_responsibility_cents" <= "insurance_claims"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "insurance_claims" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insurance_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"policy_number" text NOT NULL,
	"group_number" text,
	"member_number" text NOT NULL,
	"effective_date" date NOT NULL,
	"deductible_cents" bigint DEFAULT 0 NOT NULL,
	"deductible_met_cents" bigint DEFAULT 0 NOT NULL,
	"out_of_pocket_max_cents" bigint DEFAULT 0 NOT NULL,
	"out_of_pocket_met_cents" bigint DEFAULT 0 NOT NULL,
	"copay_primary_cents" bigint DEFAULT 0 NOT NULL,
	"copay_specialist_cents" bigint DEFAULT 0 NOT NULL,
	"copay_emergency_cents" bigint DEFAULT 0 NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text,
	"contact_website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_plans_type_check" CHECK ("insurance_plans"."type" in ('primary', 'secondary', 'dental', 'vision')),
	CONSTRAINT "insurance_plans_status_check" CHECK ("insurance_plans"."status" in ('active', 'inactive', 'pending')),
	CONSTRAINT "insurance_plans_money_check" CHECK (deductible_cents >= 0 and deductible_met_cents >= 0 and out_of_pocket_max_cents >= 0 and out_of_pocket_met_cents >= 0 and copay_primary_cents >= 0 and copay_specialist_cents >= 0 and copay_emergency_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "insurance_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insurance_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"hsa_cents" bigint DEFAULT 0 NOT NULL,
	"fsa_cents" bigint DEFAULT 0 NOT NULL,
	"fsa_expiration" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_settings_money_check" CHECK (hsa_cents >= 0 and fsa_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "insurance_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_insurance_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."insurance_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_bills" ADD CONSTRAINT "insurance_bills_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_insurance_plan_id_insurance_plans_id_fk" FOREIGN KEY ("insurance_plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_settings" ADD CONSTRAINT "insurance_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_user_bill_idx" ON "bill_payments" USING btree ("user_id","bill_id");--> statement-breakpoint
CREATE INDEX "insurance_bills_user_due_idx" ON "insurance_bills" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "insurance_claims_user_service_idx" ON "insurance_claims" USING btree ("user_id","service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_user_number_idx" ON "insurance_claims" USING btree ("user_id","claim_number");--> statement-breakpoint
CREATE INDEX "insurance_plans_user_idx" ON "insurance_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_plans_one_active_primary" ON "insurance_plans" USING btree ("user_id") WHERE "insurance_plans"."type" = 'primary' and "insurance_plans"."status" = 'active';--> statement-breakpoint
CREATE POLICY "bill_payments_owner" ON "bill_payments" AS PERMISSIVE FOR ALL TO public USING ("bill_payments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("bill_payments"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "insurance_bills_owner" ON "insurance_bills" AS PERMISSIVE FOR ALL TO public USING ("insurance_bills"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("insurance_bills"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "insurance_claims_owner" ON "insurance_claims" AS PERMISSIVE FOR ALL TO public USING ("insurance_claims"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("insurance_claims"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "insurance_plans_owner" ON "insurance_plans" AS PERMISSIVE FOR ALL TO public USING ("insurance_plans"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("insurance_plans"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');--> statement-breakpoint
CREATE POLICY "insurance_settings_owner" ON "insurance_settings" AS PERMISSIVE FOR ALL TO public USING ("insurance_settings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on') WITH CHECK ("insurance_settings"."user_id" = nullif(current_setting('app.user_id', true), '')::uuid or current_setting('app.system', true) = 'on');