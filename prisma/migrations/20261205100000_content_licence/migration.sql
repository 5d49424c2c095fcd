-- The marketplace filters by licence (issue 28 item 3). The item's H5P licence code (h5p_contents.metadata ->> 'license')
-- is copied onto content_ownership like the other list keys (migration 20261123220000_ownership_list_keys), so a
-- filtered page, its count and its sort read one table through one index. Content without a licence is H5P's
-- default, U (undisclosed).

-- AlterTable
ALTER TABLE "content_ownership" ADD COLUMN "license" VARCHAR(20);

-- Backfill
UPDATE "content_ownership" o SET "license" = COALESCE(NULLIF(btrim(h."metadata" ->> 'license'), ''), 'U')
  FROM "h5p_contents" h WHERE h."id" = o."content_id";

-- A new ownership row (or one moved to another content id) copies the keys of its content's existing rows.
CREATE OR REPLACE FUNCTION "content_ownership_fill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT h."search_vector", h."main_library", h."updated_at", h."title", h."created_at",
         left(COALESCE(NULLIF(btrim(h."metadata" ->> 'license'), ''), 'U'), 20)
    INTO NEW."search_vector", NEW."main_library", NEW."content_updated_at", NEW."content_title", NEW."content_created_at", NEW."license"
    FROM "h5p_contents" h WHERE h."id" = NEW."content_id";
  SELECT m."framework_code", m."grade_code", m."subject_code", m."difficulty", m."language"
    INTO NEW."framework_code", NEW."grade_code", NEW."subject_code", NEW."difficulty", NEW."language"
    FROM "content_curriculum_metadata" m WHERE m."content_id" = NEW."content_id";
  SELECT q."overall_score" INTO NEW."quality_score"
    FROM "content_quality_reports" q WHERE q."content_id" = NEW."content_id";
  RETURN NEW;
END $$;

-- Content: title (also through the generated search_vector), main library, last update, creation time and licence.
CREATE OR REPLACE FUNCTION "h5p_contents_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lic VARCHAR(20) := left(COALESCE(NULLIF(btrim(NEW."metadata" ->> 'license'), ''), 'U'), 20);
BEGIN
  UPDATE "content_ownership"
     SET "search_vector" = NEW."search_vector", "main_library" = NEW."main_library", "content_updated_at" = NEW."updated_at",
         "content_title" = NEW."title", "content_created_at" = NEW."created_at", "license" = lic
   WHERE "content_id" = NEW."id"
     AND ("search_vector", "main_library", "content_updated_at", "content_title", "content_created_at", "license")
         IS DISTINCT FROM (NEW."search_vector", NEW."main_library", NEW."updated_at", NEW."title", NEW."created_at", lic);
  RETURN NULL;
END $$;

-- The licence filter: public items of one licence in the default order (newest), the caller's own skipped by the
-- included user_id; the other sorts read the sort's index and check the licence on each row they pass.
CREATE INDEX "content_ownership_public_license_idx" ON "content_ownership" ("license", "published_at" DESC NULLS LAST, "content_id")
  INCLUDE ("user_id", "view_count", "quality_score") WHERE "visibility" = 'public';
