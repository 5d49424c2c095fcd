-- The content library's thumbnails (issue 25 item 4): the content's first image, a path under its folder, computed
-- from the parameters whenever content is saved, imported or copied (lib/h5p/content/thumbnail.ts).
-- NULL = not computed yet: rows written before this migration get theirs the first time a list shows them
-- (backfillThumbnails); '' = the content has no image.
ALTER TABLE "h5p_contents" ADD COLUMN "thumbnail_path" VARCHAR(500);
