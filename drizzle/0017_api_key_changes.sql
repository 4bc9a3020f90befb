-- Every process caches the API keys it has authenticated (lib/keys/key-cache.ts). A change that can
-- turn a key away or change what it may do (revocation, expiry, scopes, rate limit, deletion) is
-- announced on the channel convo_api_keys with the key's id, whoever makes it (the API, the admin CLI,
-- plain SQL), so every instance drops its cached copy within moments of the commit.
CREATE FUNCTION convo_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('convo_api_keys', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_changed_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at, OLD.scopes, OLD.rate_limit_per_second, OLD.business_id, OLD.hash)
    IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at, NEW.scopes, NEW.rate_limit_per_second, NEW.business_id, NEW.hash))
  EXECUTE FUNCTION convo_api_key_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_changed_delete AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION convo_api_key_changed();
