-- The identity provider's role name as last seen for the user (sign-in or bearer token), for the admin pages:
-- roles live at the provider, so this is a record of what it said, never an authorization input.
ALTER TABLE "users" ADD COLUMN "role" VARCHAR(50);
