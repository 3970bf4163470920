ALTER TABLE "lab_results" ADD COLUMN "effective_precision" text;--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD COLUMN "occurred_precision" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_effective_precision_check" CHECK ("lab_results"."effective_precision" in ('year', 'month', 'day'));--> statement-breakpoint
ALTER TABLE "tracker_entries" ADD CONSTRAINT "tracker_entries_occurred_precision_check" CHECK ("tracker_entries"."occurred_precision" in ('year', 'month', 'day'));