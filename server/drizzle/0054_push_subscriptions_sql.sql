-- Push subscriptions and the offline queue's client ids: the app role reads and writes them under
-- forced row-level security (the owner policies of the schema), like every user-owned table.
GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON entry_client_ids TO healthfolio_app;
--> statement-breakpoint
ALTER TABLE entry_client_ids FORCE ROW LEVEL SECURITY;
