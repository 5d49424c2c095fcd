-- Sharing and co-authoring within a tenant (issue 27 item 1): a content item OR a folder shared with one user of the
-- owner's tenant as viewer or editor (lib/h5p/content/sharing.ts). A folder's share reaches every item in it and in
-- its subfolders (resolved through content_folders at read time). Deleting the item, the folder or either user
-- removes the share (ON DELETE CASCADE). NULLs are distinct in a unique index, so each pair is unique on its own side.
CREATE TABLE "content_shares" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100),
    "folder_id" UUID,
    "user_id" UUID NOT NULL,
    "role" VARCHAR(10) NOT NULL,
    "shared_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_shares_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_shares_target_check" CHECK (("content_id" IS NULL) <> ("folder_id" IS NULL)),
    CONSTRAINT "content_shares_role_check" CHECK ("role" IN ('viewer', 'editor')),
    CONSTRAINT "content_shares_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "content_shares_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "content_folders"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "content_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "content_shares_shared_by_fkey" FOREIGN KEY ("shared_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "content_shares_content_id_user_id_key" ON "content_shares"("content_id", "user_id");
CREATE UNIQUE INDEX "content_shares_folder_id_user_id_key" ON "content_shares"("folder_id", "user_id");
-- "Shared with me" and the read rule's lookup start from the user
CREATE INDEX "content_shares_user_id_idx" ON "content_shares"("user_id");
