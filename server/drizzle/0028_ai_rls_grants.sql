GRANT SELECT, INSERT, DELETE ON ai_chat_messages TO healthfolio_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON meal_photo_analyses TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE ai_chat_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meal_photo_analyses FORCE ROW LEVEL SECURITY;
