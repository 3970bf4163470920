ALTER TABLE "lab_results" ADD COLUMN "reference_high_exclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Results stored before this column with a shipped "below X" range kept as "X minus one" (99 for
-- "Below 100 mg/dL", 2.56 mmol/L): the real limit, exclusive, and the computed flag worked out again
-- (a flag the source gave, critical, is kept).
WITH shipped(loinc, unit, old_high, new_high, text) AS (VALUES
  ('4548-4', '%', 5.6, 5.7, 'Below 5.7% (ADA)'),
  ('2093-3', 'mg/dL', 199, 200, 'Below 200 mg/dL (NCEP ATP III)'),
  ('2093-3', 'mmol/L', 5.15, 5.18, 'Below 200 mg/dL (NCEP ATP III)'),
  ('13457-7', 'mg/dL', 99, 100, 'Below 100 mg/dL (NCEP ATP III)'),
  ('13457-7', 'mmol/L', 2.56, 2.59, 'Below 100 mg/dL (NCEP ATP III)'),
  ('2089-1', 'mg/dL', 99, 100, 'Below 100 mg/dL (NCEP ATP III)'),
  ('2089-1', 'mmol/L', 2.56, 2.59, 'Below 100 mg/dL (NCEP ATP III)'),
  ('2571-8', 'mg/dL', 149, 150, 'Below 150 mg/dL (NCEP ATP III)'),
  ('2571-8', 'mmol/L', 1.68, 1.7, 'Below 150 mg/dL (NCEP ATP III)'),
  ('9318-7', 'mg/g', 29, 30, 'Below 30 mg/g (KDIGO)'),
  ('9318-7', 'mg/mmol', 3.28, 3.4, 'Below 30 mg/g (KDIGO)')
)
UPDATE "lab_results" r SET
  "reference_high" = s.new_high,
  "reference_high_exclusive" = true,
  "flag" = CASE
    WHEN r."flag" IN ('normal', 'high') AND r."value" IS NOT NULL
      THEN CASE WHEN r."value" >= s.new_high THEN 'high' ELSE 'normal' END
    ELSE r."flag" END
FROM shipped s
WHERE r."loinc" = s.loinc AND r."unit" = s.unit AND r."reference_low" IS NULL
  AND r."reference_high" = s.old_high AND r."reference_text" = s.text;
