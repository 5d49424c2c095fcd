-- The interface language a user chose (settings page); NULL follows the browser.
ALTER TABLE "users" ADD COLUMN "locale" VARCHAR(10);
