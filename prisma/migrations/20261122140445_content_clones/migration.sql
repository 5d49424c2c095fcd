-- Marketplace clones: which public item a user cloned, when, and the copy (null once deleted)
-- CreateTable
CREATE TABLE "content_clones" (
    "id" UUID NOT NULL,
    "source_content_id" VARCHAR(100) NOT NULL,
    "clone_content_id" VARCHAR(100),
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_clones_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_clones_source_content_id_user_id_created_at_idx" ON "content_clones"("source_content_id", "user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "content_clones_clone_content_id_idx" ON "content_clones"("clone_content_id");

-- CreateIndex
CREATE INDEX "content_clones_user_id_idx" ON "content_clones"("user_id");

-- AddForeignKey
ALTER TABLE "content_clones" ADD CONSTRAINT "content_clones_source_content_id_fkey" FOREIGN KEY ("source_content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_clones" ADD CONSTRAINT "content_clones_clone_content_id_fkey" FOREIGN KEY ("clone_content_id") REFERENCES "h5p_contents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_clones" ADD CONSTRAINT "content_clones_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
