-- The keys the marketplace and My content filter and sort by, copied onto content_ownership (issue 9 item 3).
--
-- A marketplace page filtered by a title search or curriculum metadata, and its total, used to join four tables
-- (ownership, contents, curriculum metadata, quality reports) over the ~2,000 rows that match, or hash-join every
-- public row; that join was most of the time of the slowest lists (docs/performance.md, "Marketplace"). With the
-- keys on the ownership row, a filter, its count and its sort read one table through one index, and the other
-- tables are read only for the page's 20 rows.
--
-- The copies are kept by triggers, whatever writes the source rows (Prisma, raw SQL, seeds):
--   h5p_contents                → search_vector, main_library, content_updated_at
--   content_curriculum_metadata → framework_code, grade_code, subject_code, difficulty, language (NULL without metadata)
--   content_quality_reports     → quality_score (NULL without a report)
-- and a new ownership row reads all of them from the source rows that already exist.

-- AlterTable
ALTER TABLE "content_ownership"
  ADD COLUMN "search_vector" tsvector,
  ADD COLUMN "main_library" VARCHAR(255),
  ADD COLUMN "content_updated_at" TIMESTAMPTZ(3),
  ADD COLUMN "framework_code" VARCHAR(100),
  ADD COLUMN "grade_code" VARCHAR(100),
  ADD COLUMN "subject_code" VARCHAR(100),
  ADD COLUMN "difficulty" VARCHAR(50),
  ADD COLUMN "language" VARCHAR(10),
  ADD COLUMN "quality_score" DOUBLE PRECISION;

-- Backfill
UPDATE "content_ownership" o
   SET "search_vector" = h."search_vector", "main_library" = h."main_library", "content_updated_at" = h."updated_at"
  FROM "h5p_contents" h WHERE h."id" = o."content_id";
UPDATE "content_ownership" o
   SET "framework_code" = m."framework_code", "grade_code" = m."grade_code", "subject_code" = m."subject_code",
       "difficulty" = m."difficulty", "language" = m."language"
  FROM "content_curriculum_metadata" m WHERE m."content_id" = o."content_id";
UPDATE "content_ownership" o
   SET "quality_score" = q."overall_score"
  FROM "content_quality_reports" q WHERE q."content_id" = o."content_id";

-- A new ownership row (or one moved to another content id) copies the keys of its content's existing rows.
CREATE OR REPLACE FUNCTION "content_ownership_fill_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT h."search_vector", h."main_library", h."updated_at"
    INTO NEW."search_vector", NEW."main_library", NEW."content_updated_at"
    FROM "h5p_contents" h WHERE h."id" = NEW."content_id";
  SELECT m."framework_code", m."grade_code", m."subject_code", m."difficulty", m."language"
    INTO NEW."framework_code", NEW."grade_code", NEW."subject_code", NEW."difficulty", NEW."language"
    FROM "content_curriculum_metadata" m WHERE m."content_id" = NEW."content_id";
  SELECT q."overall_score" INTO NEW."quality_score"
    FROM "content_quality_reports" q WHERE q."content_id" = NEW."content_id";
  RETURN NEW;
END $$;
CREATE TRIGGER "content_ownership_fill_keys" BEFORE INSERT OR UPDATE OF "content_id" ON "content_ownership"
  FOR EACH ROW EXECUTE FUNCTION "content_ownership_fill_keys"();

-- Content: title (through the generated search_vector), main library and last update.
CREATE OR REPLACE FUNCTION "h5p_contents_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_ownership" SET "search_vector" = NEW."search_vector", "main_library" = NEW."main_library", "content_updated_at" = NEW."updated_at"
   WHERE "content_id" = NEW."id"
     AND ("search_vector", "main_library", "content_updated_at") IS DISTINCT FROM (NEW."search_vector", NEW."main_library", NEW."updated_at");
  RETURN NULL;
END $$;
CREATE TRIGGER "h5p_contents_copy_keys" AFTER INSERT OR UPDATE ON "h5p_contents"
  FOR EACH ROW EXECUTE FUNCTION "h5p_contents_copy_keys"();

-- Curriculum metadata (no foreign key to the content: the row may come before or after the ownership row).
CREATE OR REPLACE FUNCTION "content_curriculum_metadata_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."content_id" <> NEW."content_id") THEN
    UPDATE "content_ownership" SET "framework_code" = NULL, "grade_code" = NULL, "subject_code" = NULL, "difficulty" = NULL, "language" = NULL
     WHERE "content_id" = OLD."content_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "content_ownership"
       SET "framework_code" = NEW."framework_code", "grade_code" = NEW."grade_code", "subject_code" = NEW."subject_code",
           "difficulty" = NEW."difficulty", "language" = NEW."language"
     WHERE "content_id" = NEW."content_id"
       AND ("framework_code", "grade_code", "subject_code", "difficulty", "language")
           IS DISTINCT FROM (NEW."framework_code", NEW."grade_code", NEW."subject_code", NEW."difficulty", NEW."language");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "content_curriculum_metadata_copy_keys" AFTER INSERT OR UPDATE OR DELETE ON "content_curriculum_metadata"
  FOR EACH ROW EXECUTE FUNCTION "content_curriculum_metadata_copy_keys"();

-- Quality report: the overall score.
CREATE OR REPLACE FUNCTION "content_quality_reports_copy_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."content_id" <> NEW."content_id") THEN
    UPDATE "content_ownership" SET "quality_score" = NULL WHERE "content_id" = OLD."content_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "content_ownership" SET "quality_score" = NEW."overall_score"
     WHERE "content_id" = NEW."content_id" AND "quality_score" IS DISTINCT FROM NEW."overall_score";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "content_quality_reports_copy_keys" AFTER INSERT OR UPDATE OR DELETE ON "content_quality_reports"
  FOR EACH ROW EXECUTE FUNCTION "content_quality_reports_copy_keys"();

-- Marketplace (public content only; partial indexes live in SQL: the schema language cannot express them).
-- Title search: the total and the matching rows of a search come from one bitmap scan of one table.
CREATE INDEX "content_ownership_public_search_idx" ON "content_ownership" USING GIN ("search_vector") WHERE "visibility" = 'public';
-- quality: assessed content by score, then unassessed content by newest, in one index walk (the expression is the
-- second sort key of lib/marketplace/service.ts, written the same way so the planner matches it).
CREATE INDEX "content_ownership_public_quality_idx" ON "content_ownership"
  ("quality_score" DESC NULLS LAST, (CASE WHEN "quality_score" IS NULL THEN "published_at" END) DESC NULLS LAST, "content_id")
  INCLUDE ("user_id") WHERE "visibility" = 'public';
-- curriculum filters: one entry per public content holding the metadata columns and the sort keys, so a
-- filtered count or page is an index-only scan
CREATE INDEX "content_ownership_public_curriculum_idx" ON "content_ownership"
  ("subject_code", "difficulty", "language", "framework_code", "grade_code")
  INCLUDE ("user_id", "published_at", "view_count", "quality_score", "main_library") WHERE "visibility" = 'public';
-- the same led by framework and grade (the curriculum picker's order)
CREATE INDEX "content_ownership_public_framework_idx" ON "content_ownership"
  ("framework_code", "grade_code", "subject_code", "difficulty", "language")
  INCLUDE ("user_id", "published_at", "view_count", "quality_score", "main_library") WHERE "visibility" = 'public';

-- My content, newest update first (the default sort of GET /h5p/content): a page is a walk of the caller's entries.
CREATE INDEX "content_ownership_user_id_content_updated_at_content_id_idx" ON "content_ownership" ("user_id", "content_updated_at" DESC, "content_id" DESC);
