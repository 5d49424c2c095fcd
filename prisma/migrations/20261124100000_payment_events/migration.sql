-- Payment webhook events applied exactly once (issue 10): one row per event id, written with the event's effect.
CREATE TABLE "payment_events" (
    "id" VARCHAR(255) NOT NULL,
    "type" VARCHAR(100) NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- subscription events find their user by the subscription id
CREATE INDEX "users_stripe_subscription_id_idx" ON "users"("stripe_subscription_id");
