-- Marketplace list indexes (measured with `npm run bench:marketplace`, see docs/performance.md).
-- Partial indexes over public content only: Prisma's schema language cannot express a WHERE clause, so
-- these live in SQL like the GIN index of the init migration (a future `migrate dev` diff must keep them).

-- newest: walk public content by published_at without sorting; INCLUDE user_id lets the
-- "not the caller's own" filter and the count run as index-only scans.
CREATE INDEX IF NOT EXISTS "content_ownership_public_newest_idx"
  ON "content_ownership" ("published_at" DESC NULLS LAST, "content_id") INCLUDE ("user_id") WHERE "visibility" = 'public';

-- popular: by view count, then newest.
CREATE INDEX IF NOT EXISTS "content_ownership_public_popular_idx"
  ON "content_ownership" ("view_count" DESC, "published_at" DESC NULLS LAST, "content_id") INCLUDE ("user_id") WHERE "visibility" = 'public';

-- quality: assessed content by score with a unique tie-breaker.
CREATE INDEX IF NOT EXISTS "content_quality_reports_score_content_idx"
  ON "content_quality_reports" ("overall_score" DESC, "content_id");
