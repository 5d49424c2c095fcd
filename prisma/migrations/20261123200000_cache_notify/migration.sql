-- Every instance keeps short-lived in-process copies of users, browser sessions, content and tenants
-- (lib/cache/local.ts). A change to those rows — made by any instance, a script or an operator's SQL — is
-- announced on the channel lumen_cache at commit, and every instance drops its copy (lib/db/watch.ts).
-- Payload: "<cache>\t<key>" ("*" for all keys of that cache).

CREATE OR REPLACE FUNCTION lumen_cache_notify_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lumen_cache', TG_ARGV[0] || chr(9) || OLD.id::text);
  ELSE
    PERFORM pg_notify('lumen_cache', TG_ARGV[0] || chr(9) || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION lumen_cache_notify_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lumen_cache', 'content' || chr(9) || OLD.content_id::text);
  ELSE
    PERFORM pg_notify('lumen_cache', 'content' || chr(9) || NEW.content_id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION lumen_cache_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumen_cache', TG_ARGV[0] || chr(9) || '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lumen_cache_notify_id('users');
CREATE TRIGGER browser_sessions_cache_notify AFTER UPDATE OR DELETE ON browser_sessions
  FOR EACH ROW EXECUTE FUNCTION lumen_cache_notify_id('sessions');
CREATE TRIGGER h5p_contents_cache_notify AFTER UPDATE OR DELETE ON h5p_contents
  FOR EACH ROW EXECUTE FUNCTION lumen_cache_notify_id('content');
-- view counts change on every play: only who owns an item and who may see it matter to the cache
CREATE TRIGGER content_ownership_cache_notify_update AFTER UPDATE ON content_ownership
  FOR EACH ROW WHEN (OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION lumen_cache_notify_content();
CREATE TRIGGER content_ownership_cache_notify_insert_delete AFTER INSERT OR DELETE ON content_ownership
  FOR EACH ROW EXECUTE FUNCTION lumen_cache_notify_content();
-- a viewer's saved states of an item, keyed as lib/h5p/storage/user-data.ts keys them (content, user, context)
CREATE OR REPLACE FUNCTION lumen_cache_notify_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lumen_cache', 'userStates' || chr(9) || OLD.content_id || chr(1) || OLD.user_id || chr(1) || OLD.context_id);
  ELSE
    PERFORM pg_notify('lumen_cache', 'userStates' || chr(9) || NEW.content_id || chr(1) || NEW.user_id || chr(1) || NEW.context_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER h5p_content_user_data_cache_notify AFTER INSERT OR UPDATE OR DELETE ON h5p_content_user_data
  FOR EACH ROW EXECUTE FUNCTION lumen_cache_notify_states();

CREATE TRIGGER tenants_cache_notify AFTER INSERT OR UPDATE OR DELETE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_cache_notify_all('tenants');
CREATE TRIGGER h5p_libraries_cache_notify AFTER INSERT OR UPDATE OR DELETE ON h5p_libraries
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_cache_notify_all('libraries');
