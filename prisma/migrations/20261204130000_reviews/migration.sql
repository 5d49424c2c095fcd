-- Ratings, reviews and reports (issue 28 item 4): one review per teacher per public item, the author's one answer,
-- reports of items and reviews for moderation, and the item's rating kept on content_ownership for the marketplace's
-- cards and its rating sort (a Bayesian average with a prior of 5 votes of 3, so one 5-star review does not outrank
-- fifty of 4.8).
ALTER TABLE "content_ownership"
  ADD COLUMN "rating_count" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "rating_sum" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "rating_score" DOUBLE PRECISION NOT NULL DEFAULT 3,
  ADD COLUMN "hidden_at" TIMESTAMPTZ(3);

-- the rating sort walks this index of public items (rating, then newest, then id: sortKeys in lib/marketplace/service.ts)
CREATE INDEX "content_ownership_public_rating_idx" ON "content_ownership" ("rating_score" DESC, "published_at" DESC NULLS LAST, "content_id")
  WHERE "visibility" = 'public';

CREATE TABLE "content_reviews" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "user_id" UUID NOT NULL,
    "rating" SMALLINT NOT NULL,
    "body" VARCHAR(2000) NOT NULL DEFAULT '',
    "reply" VARCHAR(2000),
    "replied_at" TIMESTAMPTZ(3),
    "hidden_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "content_reviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);
CREATE UNIQUE INDEX "content_reviews_content_id_user_id_key" ON "content_reviews"("content_id", "user_id");
CREATE INDEX "content_reviews_content_id_created_at_idx" ON "content_reviews"("content_id", "created_at" DESC);
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "content_reports" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "review_id" UUID,
    "reporter_id" UUID NOT NULL,
    "tenant_id" UUID,
    "reason" VARCHAR(20) NOT NULL,
    "text" VARCHAR(1000) NOT NULL DEFAULT '',
    "status" VARCHAR(20) NOT NULL DEFAULT 'open',
    "resolved_by" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "content_reports_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "content_reports_status_created_at_idx" ON "content_reports"("status", "created_at" DESC);
CREATE INDEX "content_reports_tenant_id_status_created_at_idx" ON "content_reports"("tenant_id", "status", "created_at" DESC);
CREATE INDEX "content_reports_content_id_idx" ON "content_reports"("content_id");
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "content_reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
