-- The tenant's audit log (issue 27 item 6): lib/audit writes one row per audited change, in the change's transaction.
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL,
    "tenant_id" UUID,
    "actor_id" UUID,
    "actor_email" VARCHAR(255),
    "action" VARCHAR(60) NOT NULL,
    "target_type" VARCHAR(30),
    "target_id" VARCHAR(255),
    "target_label" VARCHAR(1000),
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_events_tenant_id_created_at_id_idx" ON "audit_events"("tenant_id", "created_at" DESC, "id" DESC);

ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
