-- Nothing half-written after a crash (issue 22, items 6 and 7).
-- A content item whose files are stored before its row is committed (an import, a copy) is recorded here first; the
-- transaction that writes its row, its owner and the quota charge deletes this record. A record left by a dead
-- instance names files no row will ever own: start-up removes them once the record is older than the request timeout.
CREATE TABLE "pending_contents" (
    "content_id" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pending_contents_pkey" PRIMARY KEY ("content_id")
);
CREATE INDEX "pending_contents_created_at_idx" ON "pending_contents"("created_at");

-- The AI credit of a job item, charged once per item however often the item runs (retries, a takeover after an
-- instance died): the row is inserted in the same transaction as the counter's increment, and deleted with the refund.
CREATE TABLE "ai_credit_charges" (
    "job_id" UUID NOT NULL,
    "item_index" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ai_credit_charges_pkey" PRIMARY KEY ("job_id", "item_index"),
    CONSTRAINT "ai_credit_charges_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "ai_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
