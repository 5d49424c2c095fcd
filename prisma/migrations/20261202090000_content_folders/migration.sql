-- Folders of a teacher's own content (issue 25 item 4): nested (parent_id; NULL at the top level, at most 8 levels
-- deep, checked by lib/h5p/content/folders.ts), and an item's folder on its ownership row (NULL: at the top level).
-- Deleting a folder in the app moves its items and subfolders up to its parent first; the foreign keys' SET NULL
-- only ever applies when a row goes without the app (its owner or tenant removed).
CREATE TABLE "content_folders" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "tenant_id" UUID,
    "parent_id" UUID,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "content_folders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "content_folders_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "content_folders_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "content_folders_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "content_folders"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "content_folders_owner_id_parent_id_idx" ON "content_folders"("owner_id", "parent_id");
CREATE INDEX "content_folders_parent_id_idx" ON "content_folders"("parent_id");
-- a name once among its siblings (case-insensitively; the top level is one sibling group): two requests creating
-- the same name at once cannot both succeed (409 A folder with this name already exists here)
CREATE UNIQUE INDEX "content_folders_sibling_name_key" ON "content_folders"("owner_id", COALESCE("parent_id", '00000000-0000-0000-0000-000000000000'::uuid), lower("name"));

ALTER TABLE "content_ownership" ADD COLUMN "folder_id" UUID;
ALTER TABLE "content_ownership" ADD CONSTRAINT "content_ownership_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "content_folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "content_ownership_user_id_folder_id_idx" ON "content_ownership"("user_id", "folder_id");
