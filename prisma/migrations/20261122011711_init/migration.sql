-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "plan" VARCHAR(20) NOT NULL DEFAULT 'free',
    "stripe_customer_id" VARCHAR(255),
    "stripe_subscription_id" VARCHAR(255),
    "contents_created_this_month" INTEGER NOT NULL DEFAULT 0,
    "ai_generations_this_month" INTEGER NOT NULL DEFAULT 0,
    "storage_used" BIGINT NOT NULL DEFAULT 0,
    "month_reset_date" DATE NOT NULL DEFAULT CURRENT_DATE,
    "external_user_id" VARCHAR(255),
    "tenant_id" UUID,
    "referral_code" VARCHAR(20),
    "referred_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenants" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(63) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "domain" VARCHAR(500) NOT NULL,
    "custom_domain" VARCHAR(500),
    "brand_config" JSONB NOT NULL DEFAULT '{}',
    "smtp_config" JSONB,
    "plan" VARCHAR(50) NOT NULL DEFAULT 'free',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referrals" (
    "id" UUID NOT NULL,
    "referrer_id" UUID NOT NULL,
    "referred_email" VARCHAR(255) NOT NULL,
    "referral_code" VARCHAR(20) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "reward_type" VARCHAR(20) NOT NULL DEFAULT 'extra_credits',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "converted_at" TIMESTAMPTZ(3),

    CONSTRAINT "referrals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "h5p_contents" (
    "id" VARCHAR(100) NOT NULL,
    "title" VARCHAR(1000) NOT NULL DEFAULT 'Untitled Content',
    "main_library" VARCHAR(255) NOT NULL,
    "metadata" JSONB NOT NULL,
    "parameters" JSONB NOT NULL,
    "creator_id" VARCHAR(255),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce("title", ''))) STORED,

    CONSTRAINT "h5p_contents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_ownership" (
    "content_id" VARCHAR(100) NOT NULL,
    "user_id" UUID NOT NULL,
    "visibility" VARCHAR(20) NOT NULL DEFAULT 'private',
    "published_at" TIMESTAMPTZ(3),
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "content_ownership_pkey" PRIMARY KEY ("content_id")
);

-- CreateTable
CREATE TABLE "content_quality_reports" (
    "content_id" VARCHAR(100) NOT NULL,
    "overall_score" DOUBLE PRECISION NOT NULL,
    "blooms_level" VARCHAR(20) NOT NULL,
    "accessibility_score" DOUBLE PRECISION NOT NULL,
    "report" JSONB NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_quality_reports_pkey" PRIMARY KEY ("content_id")
);

-- CreateTable
CREATE TABLE "h5p_content_user_data" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "user_id" VARCHAR(255) NOT NULL,
    "data_type" VARCHAR(100) NOT NULL,
    "sub_content_id" VARCHAR(100) NOT NULL DEFAULT '0',
    "context_id" VARCHAR(255) NOT NULL DEFAULT '',
    "user_state" TEXT NOT NULL,
    "invalidate" BOOLEAN NOT NULL DEFAULT false,
    "preload" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "h5p_content_user_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "h5p_finished_data" (
    "id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "user_id" VARCHAR(255) NOT NULL,
    "score" INTEGER NOT NULL,
    "max_score" INTEGER NOT NULL,
    "opened_timestamp" BIGINT NOT NULL,
    "finished_timestamp" BIGINT NOT NULL,
    "completion_time" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "h5p_finished_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "h5p_libraries" (
    "machine_name" VARCHAR(255) NOT NULL,
    "major_version" INTEGER NOT NULL,
    "minor_version" INTEGER NOT NULL,
    "patch_version" INTEGER NOT NULL,
    "runnable" BOOLEAN NOT NULL DEFAULT false,
    "restricted" BOOLEAN NOT NULL DEFAULT false,
    "title" VARCHAR(255) NOT NULL,
    "metadata" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "h5p_libraries_pkey" PRIMARY KEY ("machine_name","major_version","minor_version")
);

-- CreateTable
CREATE TABLE "h5p_key_values" (
    "key" VARCHAR(255) NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "h5p_key_values_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "content_curriculum_metadata" (
    "content_id" VARCHAR(100) NOT NULL,
    "framework_code" VARCHAR(100) NOT NULL,
    "framework_name" VARCHAR(255) NOT NULL,
    "country_code" VARCHAR(10) NOT NULL,
    "stage_code" VARCHAR(100),
    "stage_name" VARCHAR(255),
    "grade_code" VARCHAR(100) NOT NULL,
    "grade_name" VARCHAR(255) NOT NULL,
    "subject_code" VARCHAR(100) NOT NULL,
    "subject_name" VARCHAR(255) NOT NULL,
    "topic_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "topic_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "objective_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "objective_descriptions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "difficulty" VARCHAR(50) NOT NULL DEFAULT 'medium',
    "language" VARCHAR(10) NOT NULL DEFAULT 'en',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "content_curriculum_metadata_pkey" PRIMARY KEY ("content_id")
);

-- CreateTable
CREATE TABLE "curriculum_frameworks" (
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "framework_type" VARCHAR(50),
    "country_code" VARCHAR(10),
    "organization" VARCHAR(255),
    "version" VARCHAR(50),
    "language" VARCHAR(10),
    "valid_from" DATE,
    "valid_until" DATE,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_published" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_frameworks_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "curriculum_stages" (
    "framework_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "age_start" INTEGER,
    "age_end" INTEGER,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_stages_pkey" PRIMARY KEY ("framework_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_grades" (
    "framework_code" VARCHAR(100) NOT NULL,
    "stage_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "typical_age" INTEGER,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_grades_pkey" PRIMARY KEY ("framework_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_subjects" (
    "framework_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "icon" VARCHAR(100),
    "color" VARCHAR(20),
    "is_core" BOOLEAN NOT NULL DEFAULT false,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_subjects_pkey" PRIMARY KEY ("framework_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_units" (
    "framework_code" VARCHAR(100) NOT NULL,
    "subject_code" VARCHAR(100) NOT NULL,
    "grade_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "estimated_hours" DOUBLE PRECISION,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_units_pkey" PRIMARY KEY ("framework_code","subject_code","grade_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_topics" (
    "framework_code" VARCHAR(100) NOT NULL,
    "subject_code" VARCHAR(100) NOT NULL,
    "grade_code" VARCHAR(100) NOT NULL,
    "unit_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "base_difficulty" DECIMAL(5,2),
    "estimated_minutes" INTEGER,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_topics_pkey" PRIMARY KEY ("framework_code","subject_code","grade_code","unit_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_objectives" (
    "framework_code" VARCHAR(100) NOT NULL,
    "subject_code" VARCHAR(100) NOT NULL,
    "grade_code" VARCHAR(100) NOT NULL,
    "unit_code" VARCHAR(100) NOT NULL,
    "topic_code" VARCHAR(100) NOT NULL,
    "code" VARCHAR(100) NOT NULL,
    "objective" TEXT NOT NULL,
    "bloom_level" VARCHAR(20),
    "mastery_threshold" DECIMAL(3,2) NOT NULL DEFAULT 0.7,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "curriculum_objectives_pkey" PRIMARY KEY ("framework_code","subject_code","grade_code","unit_code","topic_code","code")
);

-- CreateTable
CREATE TABLE "curriculum_sync_log" (
    "id" SERIAL NOT NULL,
    "framework_code" VARCHAR(100),
    "sync_type" VARCHAR(50) NOT NULL,
    "status" VARCHAR(30) NOT NULL,
    "items_synced" INTEGER NOT NULL DEFAULT 0,
    "error_message" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "curriculum_sync_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collections" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "description" VARCHAR(2000),
    "cover_image_url" VARCHAR(1000),
    "visibility" VARCHAR(20) NOT NULL DEFAULT 'private',
    "framework_code" VARCHAR(50),
    "framework_name" VARCHAR(255),
    "grade_code" VARCHAR(50),
    "grade_name" VARCHAR(255),
    "subject_code" VARCHAR(100),
    "subject_name" VARCHAR(255),
    "topic_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "topic_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "difficulty" VARCHAR(10),
    "language" VARCHAR(10),
    "item_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "collections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collection_items" (
    "id" UUID NOT NULL,
    "collection_id" UUID NOT NULL,
    "content_id" VARCHAR(100) NOT NULL,
    "position" INTEGER NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lti_platforms" (
    "id" UUID NOT NULL,
    "issuer" VARCHAR(500) NOT NULL,
    "client_id" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "auth_login_url" VARCHAR(500) NOT NULL,
    "auth_token_url" VARCHAR(500) NOT NULL,
    "keyset_url" VARCHAR(500) NOT NULL,
    "deployment_id" VARCHAR(255),
    "ags_endpoint" VARCHAR(500),
    "nrps_endpoint" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lti_platforms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lti_keys" (
    "kid" VARCHAR(64) NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lti_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateTable
CREATE TABLE "lti_nonces" (
    "value" VARCHAR(255) NOT NULL,
    "platform_id" UUID NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lti_nonces_pkey" PRIMARY KEY ("value")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_referral_code_key" ON "users"("referral_code");

-- CreateIndex
CREATE INDEX "users_external_user_id_idx" ON "users"("external_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_tenant_id_external_user_id_key" ON "users"("tenant_id", "external_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "tenants_slug_key" ON "tenants"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "tenants_custom_domain_key" ON "tenants"("custom_domain");

-- CreateIndex
CREATE INDEX "tenants_domain_idx" ON "tenants"("domain");

-- CreateIndex
CREATE INDEX "referrals_referrer_id_status_idx" ON "referrals"("referrer_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "referrals_referred_email_key" ON "referrals"("referred_email");

-- CreateIndex
CREATE INDEX "h5p_contents_main_library_idx" ON "h5p_contents"("main_library");

-- CreateIndex
CREATE INDEX "content_ownership_user_id_created_at_idx" ON "content_ownership"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "content_ownership_visibility_published_at_idx" ON "content_ownership"("visibility", "published_at" DESC);

-- CreateIndex
CREATE INDEX "content_ownership_visibility_view_count_idx" ON "content_ownership"("visibility", "view_count" DESC);

-- CreateIndex
CREATE INDEX "content_quality_reports_overall_score_idx" ON "content_quality_reports"("overall_score" DESC);

-- CreateIndex
CREATE INDEX "h5p_content_user_data_user_id_idx" ON "h5p_content_user_data"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "h5p_content_user_data_content_id_user_id_data_type_sub_cont_key" ON "h5p_content_user_data"("content_id", "user_id", "data_type", "sub_content_id", "context_id");

-- CreateIndex
CREATE INDEX "h5p_finished_data_user_id_idx" ON "h5p_finished_data"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "h5p_finished_data_content_id_user_id_key" ON "h5p_finished_data"("content_id", "user_id");

-- CreateIndex
CREATE INDEX "content_curriculum_metadata_framework_code_grade_code_subje_idx" ON "content_curriculum_metadata"("framework_code", "grade_code", "subject_code");

-- CreateIndex
CREATE INDEX "content_curriculum_metadata_subject_code_idx" ON "content_curriculum_metadata"("subject_code");

-- CreateIndex
CREATE INDEX "content_curriculum_metadata_grade_code_idx" ON "content_curriculum_metadata"("grade_code");

-- CreateIndex
CREATE INDEX "content_curriculum_metadata_difficulty_idx" ON "content_curriculum_metadata"("difficulty");

-- CreateIndex
CREATE INDEX "content_curriculum_metadata_language_idx" ON "content_curriculum_metadata"("language");

-- CreateIndex
CREATE INDEX "curriculum_frameworks_is_active_name_idx" ON "curriculum_frameworks"("is_active", "name");

-- CreateIndex
CREATE INDEX "curriculum_stages_framework_code_sequence_idx" ON "curriculum_stages"("framework_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_grades_framework_code_stage_code_sequence_idx" ON "curriculum_grades"("framework_code", "stage_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_subjects_framework_code_sequence_idx" ON "curriculum_subjects"("framework_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_units_framework_code_subject_code_grade_code_seq_idx" ON "curriculum_units"("framework_code", "subject_code", "grade_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_topics_framework_code_subject_code_grade_code_un_idx" ON "curriculum_topics"("framework_code", "subject_code", "grade_code", "unit_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_objectives_framework_code_subject_code_grade_cod_idx" ON "curriculum_objectives"("framework_code", "subject_code", "grade_code", "unit_code", "topic_code", "sequence");

-- CreateIndex
CREATE INDEX "curriculum_sync_log_started_at_idx" ON "curriculum_sync_log"("started_at" DESC);

-- CreateIndex
CREATE INDEX "curriculum_sync_log_framework_code_status_idx" ON "curriculum_sync_log"("framework_code", "status");

-- CreateIndex
CREATE INDEX "collections_user_id_updated_at_idx" ON "collections"("user_id", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "collections_visibility_idx" ON "collections"("visibility");

-- CreateIndex
CREATE INDEX "collection_items_collection_id_position_idx" ON "collection_items"("collection_id", "position");

-- CreateIndex
CREATE INDEX "collection_items_content_id_idx" ON "collection_items"("content_id");

-- CreateIndex
CREATE UNIQUE INDEX "collection_items_collection_id_content_id_key" ON "collection_items"("collection_id", "content_id");

-- CreateIndex
CREATE UNIQUE INDEX "lti_platforms_issuer_client_id_key" ON "lti_platforms"("issuer", "client_id");

-- CreateIndex
CREATE INDEX "lti_nonces_expires_at_idx" ON "lti_nonces"("expires_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_fkey" FOREIGN KEY ("referred_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_fkey" FOREIGN KEY ("referrer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_ownership" ADD CONSTRAINT "content_ownership_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_ownership" ADD CONSTRAINT "content_ownership_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_quality_reports" ADD CONSTRAINT "content_quality_reports_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "h5p_contents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "lti_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search over content titles (marketplace): GIN index on the generated tsvector column.
CREATE INDEX "h5p_contents_search_vector_idx" ON "h5p_contents" USING GIN ("search_vector");
