-- Learner results (issue 11): every attempt of every learner, the xAPI statements the players send, the
-- per-question responses, and two outboxes (statements to an external LRS; scores to an LMS's grade book).
-- Deleting content deletes its attempts, and with them their statements, responses and outbox rows.

-- One attempt of one learner at one content item. learner_key: user:<uuid> (signed in), anon:<uuid> (an embed's
-- anonymous viewer), lti:<platform>:<subject> (an LMS learner, issue 12).
CREATE TABLE "learning_attempts" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "learner_key" VARCHAR(300) NOT NULL,
    "user_id" UUID,
    "learner_name" VARCHAR(255),
    "source" VARCHAR(20) NOT NULL,
    "score" DOUBLE PRECISION,
    "max_score" DOUBLE PRECISION,
    "scaled" DOUBLE PRECISION,
    "success" BOOLEAN,
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "duration_ms" BIGINT,
    "statements" INTEGER NOT NULL DEFAULT 0,
    "grading_context" JSONB,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "learning_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "learning_attempts_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "learning_attempts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- covering: a content item's summary and histogram read the index only
CREATE INDEX "learning_attempts_content_id_started_at_idx" ON "learning_attempts"("content_id", "started_at" DESC) INCLUDE ("learner_key", "completed", "scaled", "duration_ms");
CREATE INDEX "learning_attempts_learner_key_started_at_idx" ON "learning_attempts"("learner_key", "started_at" DESC);
CREATE INDEX "learning_attempts_user_id_started_at_idx" ON "learning_attempts"("user_id", "started_at" DESC);

-- The statements as stored (validated, with the actor the service decided), one row each; the id is the
-- statement's own id, so a batch sent twice is stored once.
CREATE TABLE "xapi_statements" (
    "id" UUID NOT NULL,
    "attempt_id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "learner_key" VARCHAR(300) NOT NULL,
    "verb" VARCHAR(255) NOT NULL,
    "object_id" VARCHAR(2048) NOT NULL,
    "sub_content_id" VARCHAR(100),
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "stored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "statement" JSONB NOT NULL,
    CONSTRAINT "xapi_statements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "xapi_statements_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "learning_attempts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "xapi_statements_attempt_id_idx" ON "xapi_statements"("attempt_id");
CREATE INDEX "xapi_statements_learner_key_idx" ON "xapi_statements"("learner_key");
CREATE INDEX "xapi_statements_content_id_stored_at_idx" ON "xapi_statements"("content_id", "stored_at");

-- The newest answer of an attempt to each question (item_id: the sub-content id; '' for the content itself).
CREATE TABLE "attempt_responses" (
    "attempt_id" UUID NOT NULL,
    "item_id" VARCHAR(100) NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "item_name" VARCHAR(1000),
    "interaction_type" VARCHAR(50),
    "response" VARCHAR(4000),
    "correct_pattern" JSONB,
    "choices" JSONB,
    "success" BOOLEAN,
    "score" DOUBLE PRECISION,
    "max_score" DOUBLE PRECISION,
    "answered_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "attempt_responses_pkey" PRIMARY KEY ("attempt_id", "item_id"),
    CONSTRAINT "attempt_responses_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "learning_attempts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- covering: the item analysis (answers, share correct, average, wrong answers) reads the index only
CREATE INDEX "attempt_responses_content_id_item_id_answered_at_idx" ON "attempt_responses"("content_id", "item_id", "answered_at") INCLUDE ("success", "score", "max_score", "response");

-- Statements waiting to be forwarded to the external LRS (XAPI_LRS_URL); a row leaves when the LRS took it.
CREATE TABLE "xapi_outbox" (
    "statement_id" UUID NOT NULL,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "next_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "xapi_outbox_pkey" PRIMARY KEY ("statement_id"),
    CONSTRAINT "xapi_outbox_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "xapi_statements"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "xapi_outbox_next_at_idx" ON "xapi_outbox"("next_at");

-- Grade passback (issue 12 sends it): one row per attempt with a result, the newest score kept.
-- status: no-context (the attempt has no LMS grading context), pending, sent, failed.
CREATE TABLE "grade_passback" (
    "attempt_id" UUID NOT NULL,
    "statement_id" UUID NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "score" DOUBLE PRECISION,
    "max_score" DOUBLE PRECISION,
    "detail" VARCHAR(500),
    "tries" INTEGER NOT NULL DEFAULT 0,
    "next_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "grade_passback_pkey" PRIMARY KEY ("attempt_id"),
    CONSTRAINT "grade_passback_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "learning_attempts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "grade_passback_status_next_at_idx" ON "grade_passback"("status", "next_at");
