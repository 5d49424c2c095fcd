-- Content revisions (issue 27 items 2 and 3): one row per save of an item, written in the save's transaction
-- (lib/h5p/revisions). Files are listed by content hash; their bytes live once in the file store under
-- revisions/blobs/<sha256> and are shared by every revision and item. Deleting the item deletes its revisions.
CREATE TABLE "content_revisions" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "number" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "title" VARCHAR(1000) NOT NULL,
    "main_library" VARCHAR(255) NOT NULL,
    "parameters" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "files" JSONB,
    "author_id" UUID,
    "author_name" VARCHAR(255),
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_revisions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_revisions_kind_check" CHECK ("kind" IN ('create', 'edit', 'restore', 'ai', 'upgrade', 'import'))
);

CREATE UNIQUE INDEX "content_revisions_content_id_number_key" ON "content_revisions"("content_id", "number");
CREATE INDEX "content_revisions_created_at_idx" ON "content_revisions"("created_at");

ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
