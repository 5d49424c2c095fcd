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
UPDATE "attempt_responses" SET "statement_id" = gen_random_uuid();
ALTER TABLE "attempt_responses" ALTER COLUMN "statement_id" SET NOT NULL;
ALTER TABLE "attempt_responses" DROP CONSTRAINT "attempt_responses_pkey";
ALTER TABLE "attempt_responses" ADD CONSTRAINT "attempt_responses_pkey" PRIMARY KEY ("statement_id");
CREATE INDEX "attempt_responses_attempt_id_item_id_answered_at_idx" ON "attempt_responses"("attempt_id", "item_id", "answered_at");
