ALTER TABLE "token_ledger" ADD COLUMN "charged_at_commit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An automated reply's usage row is charged when its transaction commits (lib/wallet/wallet.ts
-- chargeTokens with atCommit): the business's row is locked only inside the commit. A balance that no
-- longer covers it (a concurrent reply took the tokens since the reply's check) fails the commit, and
-- with it the reply: a reply exists exactly when it was paid.
CREATE FUNCTION "token_ledger_charge_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "businesses" SET "token_balance" = "token_balance" + NEW."tokens"
    WHERE "id" = NEW."business_id" AND "token_balance" + NEW."tokens" >= 0;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the token balance no longer covers a reply' USING ERRCODE = 'CVT01';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "token_ledger_charge_at_commit" AFTER INSERT ON "token_ledger"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."charged_at_commit")
  EXECUTE FUNCTION "token_ledger_charge_at_commit"();
