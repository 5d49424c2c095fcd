-- The author's embed setting (issue 11): ask anonymous embed viewers for a display name, shown in the results.
ALTER TABLE "content_ownership" ADD COLUMN "embed_ask_name" BOOLEAN NOT NULL DEFAULT false;
