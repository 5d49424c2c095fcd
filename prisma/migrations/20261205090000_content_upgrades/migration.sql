-- Server-side mass content upgrade (issue 28 item 1): a job per content type and target version — a dry run or the
-- real thing — run by whichever instance holds its lease (lease_owner / lease_until, taken over when it lapses), one
-- item at a time in the upgrade sandbox; each item's result recorded once (upgraded, unchanged, failed and why; a
-- dry run's diff of the parameters). tenant_id scopes a tenant admin's job to the tenant's content; NULL is a super
-- admin's job over all content.
CREATE TABLE "content_upgrade_jobs" (
    "id" UUID NOT NULL,
    "tenant_id" UUID,
    "created_by" UUID,
    "created_by_name" VARCHAR(255),
    "machine_name" VARCHAR(255) NOT NULL,
    "to_major" INTEGER NOT NULL,
    "to_minor" INTEGER NOT NULL,
    "dry_run" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(30) NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "upgraded" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "detail" VARCHAR(500),
    "cancel_requested" BOOLEAN NOT NULL DEFAULT false,
    "lease_owner" VARCHAR(100),
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "content_upgrade_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_upgrade_jobs_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "content_upgrade_jobs_status_idx" ON "content_upgrade_jobs" ("status", "created_at") WHERE "status" IN ('queued', 'running');
CREATE INDEX "content_upgrade_jobs_tenant_id_created_at_idx" ON "content_upgrade_jobs" ("tenant_id", "created_at" DESC);

CREATE TABLE "content_upgrade_items" (
    "job_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "title" VARCHAR(1000) NOT NULL DEFAULT '',
    "from_version" VARCHAR(20) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "error" VARCHAR(500),
    "changes" JSONB,
    "revision_id" UUID,
    "processed_at" TIMESTAMPTZ(3),
    CONSTRAINT "content_upgrade_items_pkey" PRIMARY KEY ("job_id", "position"),
    CONSTRAINT "content_upgrade_items_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "content_upgrade_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "content_upgrade_items_pending_idx" ON "content_upgrade_items" ("job_id", "position") WHERE "status" = 'pending';
CREATE INDEX "content_upgrade_items_job_id_status_idx" ON "content_upgrade_items" ("job_id", "status", "position");
