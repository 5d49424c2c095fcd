-- LTI 1.3 Advantage end to end (issue 12): who registered a platform (and its tenant), every launch, the course
-- contexts seen, the line item made for a resource link, and the local account an LMS user is linked to. (Platform
-- access tokens and key sets are cached in the shared cache, lib/lti/token.ts and lib/lti/keyset.ts.)
ALTER TABLE "lti_platforms" ADD COLUMN "owner_id" UUID;
ALTER TABLE "lti_platforms" ADD COLUMN "tenant_id" UUID;
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "lti_platforms_owner_id_idx" ON "lti_platforms"("owner_id");
CREATE INDEX "lti_platforms_tenant_id_idx" ON "lti_platforms"("tenant_id");

CREATE TABLE "lti_launches" (
    "id" UUID NOT NULL,
    "platform_id" UUID NOT NULL,
    "message_type" VARCHAR(40) NOT NULL,
    "deployment_id" VARCHAR(255) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255),
    "email" VARCHAR(255),
    "roles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "instructor" BOOLEAN NOT NULL DEFAULT false,
    "context_id" VARCHAR(255),
    "context_title" VARCHAR(500),
    "resource_link_id" VARCHAR(255),
    "resource_title" VARCHAR(500),
    "content_id" VARCHAR(100),
    "target_link_uri" VARCHAR(1000),
    "lineitems_url" VARCHAR(1000),
    "lineitem_url" VARCHAR(1000),
    "ags_scopes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "nrps_url" VARCHAR(1000),
    "deep_link_return_url" VARCHAR(1000),
    "deep_link_data" VARCHAR(2000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lti_launches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "lti_launches_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "lti_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- per platform: the last launch and launches this month
CREATE INDEX "lti_launches_platform_id_created_at_idx" ON "lti_launches"("platform_id", "created_at" DESC);

CREATE TABLE "lti_contexts" (
    "platform_id" UUID NOT NULL,
    "context_id" VARCHAR(255) NOT NULL,
    "title" VARCHAR(500),
    "label" VARCHAR(255),
    "lineitems_url" VARCHAR(1000),
    "nrps_url" VARCHAR(1000),
    "last_launch_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lti_contexts_pkey" PRIMARY KEY ("platform_id", "context_id"),
    CONSTRAINT "lti_contexts_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "lti_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "lti_line_items" (
    "platform_id" UUID NOT NULL,
    "context_id" VARCHAR(255) NOT NULL,
    "resource_link_id" VARCHAR(255) NOT NULL,
    "lineitem_url" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lti_line_items_pkey" PRIMARY KEY ("platform_id", "context_id", "resource_link_id"),
    CONSTRAINT "lti_line_items_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "lti_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "lti_user_links" (
    "platform_id" UUID NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lti_user_links_pkey" PRIMARY KEY ("platform_id", "subject"),
    CONSTRAINT "lti_user_links_platform_id_fkey" FOREIGN KEY ("platform_id") REFERENCES "lti_platforms"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "lti_user_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

