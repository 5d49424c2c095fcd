-- Issue 25 item 7: a marketplace clone records where it came from (the source's id, title, author name and licence
-- at clone time), shown on the copy's content page and in the library as "Adapted from <title> by <author>, licence
-- <licence>". Nullable: content that is not a clone has none. No foreign key: the note outlives a deleted source.
ALTER TABLE "h5p_contents" ADD COLUMN "origin_content_id" VARCHAR(100);
ALTER TABLE "h5p_contents" ADD COLUMN "origin_title" VARCHAR(1000);
ALTER TABLE "h5p_contents" ADD COLUMN "origin_author" VARCHAR(255);
ALTER TABLE "h5p_contents" ADD COLUMN "origin_license" VARCHAR(100);
-- the clones recorded before carry their source where it still exists (title and author as they are now)
UPDATE "h5p_contents" c
   SET "origin_content_id" = s."id",
       "origin_title" = s."title",
       "origin_author" = COALESCE(NULLIF(btrim(u."name"), ''), 'Anonymous'),
       "origin_license" = NULLIF(btrim(concat_ws(' ', NULLIF(s."metadata" ->> 'license', ''), NULLIF(s."metadata" ->> 'licenseVersion', ''))), '')
  FROM "content_clones" k
  JOIN "h5p_contents" s ON s."id" = k."source_content_id"
  LEFT JOIN "content_ownership" o ON o."content_id" = s."id"
  LEFT JOIN "users" u ON u."id" = o."user_id"
 WHERE k."clone_content_id" = c."id" AND c."origin_content_id" IS NULL;

-- The marketplace's type filter (issue 25 item 7): the distinct types of public content (a loose index scan) and a
-- type's public content newest first, from one partial index.
CREATE INDEX "content_ownership_public_type_idx" ON "content_ownership" ("main_library", "published_at" DESC, "content_id")
  WHERE "visibility" = 'public';
