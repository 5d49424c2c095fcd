-- LTI trust (issue 22): the registrant's realm role at registration (what its platform may play, and whether it
-- may link LMS users to accounts by e-mail), and the browser a deep-linking launch's picker is bound to.
ALTER TABLE "lti_platforms" ADD COLUMN "registrant_role" VARCHAR(50);
ALTER TABLE "lti_launches" ADD COLUMN "browser_binding" VARCHAR(64);
