-- CreateTable
CREATE TABLE "content_tags" (
    "content_id" VARCHAR(100) NOT NULL,
    "tag" VARCHAR(50) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_tags_pkey" PRIMARY KEY ("content_id","tag")
);

-- CreateIndex
CREATE INDEX "content_tags_tag_content_id_idx" ON "content_tags"("tag", "content_id");

-- AddForeignKey
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
