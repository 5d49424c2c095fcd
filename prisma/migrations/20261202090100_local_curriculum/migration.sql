-- A school's own curriculum frameworks (issue 25 item 9): imported from a file by a tenant admin, edited locally,
-- offered by the pickers to that tenant's users beside the frameworks synced from the central service.
CREATE TABLE "local_curriculum_frameworks" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "country_code" VARCHAR(10),
    "language" VARCHAR(10),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "local_curriculum_frameworks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "local_curriculum_frameworks_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "local_curriculum_frameworks_tenant_id_code_key" ON "local_curriculum_frameworks"("tenant_id", "code");

-- The levels of a local framework; a node names its parents by code ('' where its level has no such parent).
CREATE TABLE "local_curriculum_nodes" (
    "id" UUID NOT NULL,
    "framework_id" UUID NOT NULL,
    "level" VARCHAR(20) NOT NULL,
    "stage_code" VARCHAR(100) NOT NULL DEFAULT '',
    "subject_code" VARCHAR(100) NOT NULL DEFAULT '',
    "grade_code" VARCHAR(100) NOT NULL DEFAULT '',
    "unit_code" VARCHAR(100) NOT NULL DEFAULT '',
    "topic_code" VARCHAR(100) NOT NULL DEFAULT '',
    "code" VARCHAR(100) NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "bloom_level" VARCHAR(20),
    "details" JSONB NOT NULL DEFAULT '{}',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "local_curriculum_nodes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "local_curriculum_nodes_framework_id_fkey" FOREIGN KEY ("framework_id") REFERENCES "local_curriculum_frameworks"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "local_curriculum_nodes_path_key" ON "local_curriculum_nodes"("framework_id", "level", "subject_code", "grade_code", "unit_code", "topic_code", "code");
CREATE INDEX "local_curriculum_nodes_framework_id_level_sequence_idx" ON "local_curriculum_nodes"("framework_id", "level", "sequence");
