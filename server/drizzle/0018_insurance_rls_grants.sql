GRANT SELECT, INSERT, UPDATE, DELETE ON insurance_plans, insurance_claims, insurance_bills, bill_payments, insurance_settings TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE insurance_plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insurance_claims FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insurance_bills FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bill_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE insurance_settings FORCE ROW LEVEL SECURITY;
