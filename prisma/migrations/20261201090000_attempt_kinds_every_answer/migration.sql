-- Results that mean what they say (issue 23, items 1 and 2).
-- 1. What a row of learning_attempts is: 'attempt' (a learner interacted: answered, completed …), 'view' (a learner who
--    only looked: the player loaded and sent attempted/initialized, nothing else), 'preview' (the content's owner
--    playing their own content). Only 'attempt' rows count in any statistic.
ALTER TABLE "learning_attempts" ADD COLUMN "kind" VARCHAR(10) NOT NULL DEFAULT 'attempt';
ALTER TABLE "learning_attempts" ADD CONSTRAINT "learning_attempts_kind_check" CHECK ("kind" IN ('attempt', 'view', 'preview'));
-- the rows recorded before: the owner's own plays are previews …
UPDATE "learning_attempts" a SET "kind" = 'preview'
  FROM "content_ownership" o
 WHERE o."content_id" = a."content_id" AND a."learner_key" = 'user:' || o."user_id"::text;
-- … and an attempt none of whose statements is an interaction was a view (started when it was opened)
UPDATE "learning_attempts" a SET "kind" = 'view'
 WHERE a."kind" = 'attempt' AND NOT EXISTS (
   SELECT 1 FROM "xapi_statements" s
    WHERE s."attempt_id" = a."id"
      AND s."verb" NOT IN ('http://adlnet.gov/expapi/verbs/attempted', 'http://adlnet.gov/expapi/verbs/initialized',
                           'http://adlnet.gov/expapi/verbs/launched', 'http://adlnet.gov/expapi/verbs/experienced',
                           'http://adlnet.gov/expapi/verbs/terminated', 'http://adlnet.gov/expapi/verbs/suspended',
                           'http://adlnet.gov/expapi/verbs/resumed', 'https://w3id.org/xapi/adl/verbs/satisfied',
                           'https://w3id.org/xapi/adl/verbs/waived', 'https://w3id.org/xapi/adl/verbs/abandoned'));
-- the statistics read the counted attempts of an item by start time
DROP INDEX "learning_attempts_content_id_started_at_idx";
CREATE INDEX "learning_attempts_content_id_kind_started_at_idx" ON "learning_attempts"("content_id", "kind", "started_at" DESC) INCLUDE ("learner_key", "completed", "scaled", "duration_ms");

-- 2. Every answer is kept: one row per answered statement (a Retry no longer overwrites the first answer).
ALTER TABLE "attempt_responses" ADD COLUMN "statement_id" UUID;
-- a row kept so far is its attempt's newest answered statement about that question: it takes that statement's id,
-- and the question's own words from its description (item 4: the name was often the content's title; the text is
-- reduced from HTML when read)
UPDATE "attempt_responses" r
   SET "statement_id" = s."id",
       "item_name" = COALESCE(left(NULLIF(btrim(d."text"), ''), 1000), r."item_name")
  FROM (SELECT DISTINCT ON (x."attempt_id", COALESCE(x."sub_content_id", '')) x."id", x."attempt_id", COALESCE(x."sub_content_id", '') AS "item", x."statement"
          FROM "xapi_statements" x
         WHERE x."verb" = 'http://adlnet.gov/expapi/verbs/answered'
         ORDER BY x."attempt_id", COALESCE(x."sub_content_id", ''), x."timestamp" DESC, x."stored_at" DESC) s
  LEFT JOIN LATERAL (
    SELECT e.v AS "text" FROM jsonb_each_text(CASE WHEN jsonb_typeof(s."statement"->'object'->'definition'->'description') = 'object' THEN s."statement"->'object'->'definition'->'description' ELSE '{}'::jsonb END) AS e(k, v)
     ORDER BY (e.k = 'en-US') DESC, (e.k = 'en') DESC LIMIT 1
  ) d ON true
 WHERE s."attempt_id" = r."attempt_id" AND s."item" = r."item_id";
UPDATE "attempt_responses" SET "statement_id" = gen_random_uuid() WHERE "statement_id" IS NULL;
ALTER TABLE "attempt_responses" ALTER COLUMN "statement_id" SET NOT NULL;
ALTER TABLE "attempt_responses" DROP CONSTRAINT "attempt_responses_pkey";
ALTER TABLE "attempt_responses" ADD CONSTRAINT "attempt_responses_pkey" PRIMARY KEY ("statement_id");
CREATE INDEX "attempt_responses_attempt_id_item_id_answered_at_idx" ON "attempt_responses"("attempt_id", "item_id", "answered_at");
