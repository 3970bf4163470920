-- Delivered messages keep no body: their links and words reached the recipient, and backups need not
-- carry them. Undelivered bodies written before sealing began stay until the outbox purge (24 h).
UPDATE "mail_outbox" SET "text_body" = NULL WHERE "status" = 'sent';
