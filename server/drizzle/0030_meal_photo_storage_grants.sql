-- Deleting a meal forgets its photo: the app may clear the photo columns, and nothing else.
GRANT UPDATE (photo_storage_id, photo_type, photo_size, photo_sha256) ON meal_photo_analyses TO healthfolio_app;
