-- My content that stays flat at 20,000 items per teacher (issue 26 item 4): every sort of GET /h5p/content walks one
-- index of the caller's ownership rows, so a page (first, by cursor or the unpaged list's batches) reads the rows it
-- returns, not every row of the teacher.
--
-- The title and creation time were read from h5p_contents for the title and created sorts: a page probed every one
-- of the caller's content rows and sorted them (172 ms p95 at 20,000 items). They are copied onto content_ownership
-- now, kept by the same triggers as the other list keys (migration 20261123220000_ownership_list_keys).

-- AlterTable
ALTER TABLE "content_ownership"
  ADD COLUMN "content_title" VARCHAR(1000),
  ADD COLUMN "content_created_at" TIMESTAMPTZ(3);

-- Backfill
UPDATE "content_ownership" o SET "content_title" = h."title", "content_created_at" = h."created_at"
  FROM "h5p_contents" h WHERE h."id" = o."content_id";

-- A new ownership row (or one moved to another content id) copies the keys of its content's existing rows.
CREATE OR REPLACE FUNCTION "content_ownership_fill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT h."search_vector", h."main_library", h."updated_at", h."title", h."created_at"
    INTO NEW."search_vector", NEW."main_library", NEW."content_updated_at", NEW."content_title", NEW."content_created_at"
    FROM "h5p_contents" h WHERE h."id" = NEW."content_id";
  SELECT m."framework_code", m."grade_code", m."subject_code", m."difficulty", m."language"
    INTO NEW."framework_code", NEW."grade_code", NEW."subject_code", NEW."difficulty", NEW."language"
    FROM "content_curriculum_metadata" m WHERE m."content_id" = NEW."content_id";
  SELECT q."overall_score" INTO NEW."quality_score"
    FROM "content_quality_reports" q WHERE q."content_id" = NEW."content_id";
  RETURN NEW;
END $$;

-- Content: title (also through the generated search_vector), main library, last update and creation time.
CREATE OR REPLACE FUNCTION "h5p_contents_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_ownership"
     SET "search_vector" = NEW."search_vector", "main_library" = NEW."main_library", "content_updated_at" = NEW."updated_at",
         "content_title" = NEW."title", "content_created_at" = NEW."created_at"
   WHERE "content_id" = NEW."id"
     AND ("search_vector", "main_library", "content_updated_at", "content_title", "content_created_at")
         IS DISTINCT FROM (NEW."search_vector", NEW."main_library", NEW."updated_at", NEW."title", NEW."created_at");
  RETURN NULL;
END $$;

-- One index per sort of lib/h5p/content/content-list.ts (sortKeys), each holding that sort's keys in its order after
-- the owner, so a page is a walk of the caller's entries from its position (a keyset cursor seeks into it).
-- The keys that share one direction serve both orders (a backward walk); the views and quality sorts break ties by
-- last update (newest first) and id in either order, so each direction has its own index.
-- sortBy=updated: content_ownership_user_id_content_updated_at_content_id_idx (migration 20261123220000).
-- sortBy=title: the first 200 characters of the lowercased title — the whole title (up to 1,000 characters, 4 bytes
-- each) could pass the 2,704 bytes a B-tree entry may hold; the list orders by this prefix first, then by the whole
-- lowercased title, the title and the id (an incremental sort of the rare titles that share a prefix).
CREATE INDEX "content_ownership_user_title_idx" ON "content_ownership" ("user_id", left(lower("content_title"), 200));
-- sortBy=created
CREATE INDEX "content_ownership_user_created_idx" ON "content_ownership" ("user_id", "content_created_at", "content_id");
-- sortBy=views (desc, the default; asc)
CREATE INDEX "content_ownership_user_views_desc_idx" ON "content_ownership" ("user_id", "view_count" DESC, "content_updated_at" DESC, "content_id");
CREATE INDEX "content_ownership_user_views_asc_idx" ON "content_ownership" ("user_id", "view_count", "content_updated_at" DESC, "content_id");
-- sortBy=quality (desc, the default; asc): unscored content last in either order
CREATE INDEX "content_ownership_user_quality_desc_idx" ON "content_ownership" ("user_id", "quality_score" DESC NULLS LAST, "content_updated_at" DESC, "content_id");
CREATE INDEX "content_ownership_user_quality_asc_idx" ON "content_ownership" ("user_id", "quality_score" ASC NULLS LAST, "content_updated_at" DESC, "content_id");

-- The filters of My content, so a filtered page and its total read the matching rows, not every row of the teacher
-- (the total is counted on every page): a title search (the partial index of 20261123220000 holds public rows
-- only), the content type, and the curriculum codes (framework, then grade, then subject).
CREATE INDEX "content_ownership_search_idx" ON "content_ownership" USING GIN ("search_vector");
CREATE INDEX "content_ownership_user_type_idx" ON "content_ownership" ("user_id", "main_library");
CREATE INDEX "content_ownership_user_curriculum_idx" ON "content_ownership" ("user_id", "framework_code", "grade_code", "subject_code");
