GRANT SELECT, INSERT, UPDATE, DELETE ON notifications, appointments, calendar_feeds TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE calendar_feeds FORCE ROW LEVEL SECURITY;
