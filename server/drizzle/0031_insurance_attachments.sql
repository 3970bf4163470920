ALTER TABLE "insurance_bills" ADD COLUMN "receipt_document_id" uuid;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "eob_document_id" uuid;--> statement-breakpoint
ALTER TABLE "insurance_bills" ADD CONSTRAINT "insurance_bills_receipt_document_id_documents_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_eob_document_id_documents_id_fk" FOREIGN KEY ("eob_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_bills_receipt_idx" ON "insurance_bills" USING btree ("receipt_document_id") WHERE "insurance_bills"."receipt_document_id" is not null;--> statement-breakpoint
CREATE INDEX "insurance_claims_eob_idx" ON "insurance_claims" USING btree ("eob_document_id") WHERE "insurance_claims"."eob_document_id" is not null;