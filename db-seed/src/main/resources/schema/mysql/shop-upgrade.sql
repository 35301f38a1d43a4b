-- Brings a shop seeded before orders.request_key existed up to shop.sql without reloading it;
-- run only when that column is missing (Dataset.addedColumns). One statement: all or nothing.
ALTER TABLE orders ADD COLUMN request_key VARCHAR(64) NULL, ADD UNIQUE KEY orders_request_key (request_key);
