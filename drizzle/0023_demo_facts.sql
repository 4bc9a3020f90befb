-- ===== Hand-written (issue 35, item 5): the demo seeded before the business facts. =====
-- Demo Bistro's seed wrote its opening hours, address and delivery as knowledge text ("Delivery costs
-- 2.50 EUR and is free over 30 EUR") while its order skill charged no fee. Today's seed states them as
-- business facts (lib/demo/seed-demo.ts); an installation seeded earlier gets the same facts, and the
-- knowledge items that repeated them go, when the owner never changed them (the seed's exact words).
DO $$
DECLARE
  demo text;
BEGIN
  FOR demo IN
    SELECT b."id" FROM "businesses" b
    WHERE b."name" = 'Demo Bistro'
      AND EXISTS (
        SELECT 1 FROM "knowledge_items" k
        WHERE k."business_id" = b."id" AND k."title" = 'Delivery'
          AND k."content" = 'We deliver within 5 km from 18:00 to 22:30. Delivery costs 2.50 EUR and is free over 30 EUR.'
      )
  LOOP
    INSERT INTO "business_facts" ("business_id", "delivers", "delivery_radius_km", "currency", "delivery_fee", "free_delivery_from", "pickup", "payment_methods")
    VALUES (demo, true, 5, 'EUR', 250, 3000, true, '["cash", "card", "mb_way"]'::jsonb)
    ON CONFLICT ("business_id") DO NOTHING;
    UPDATE "businesses" SET "address" = 'Rua das Flores 12, Lisbon' WHERE "id" = demo AND "address" IS NULL;
    UPDATE "knowledge_items" SET "title" = 'Getting here', "content" = 'The nearest metro is Baixa-Chiado, a short walk away.', "updated_at" = now()
    WHERE "business_id" = demo AND "title" = 'Address' AND "content" = 'Rua das Flores 12, Lisbon. The nearest metro is Baixa-Chiado.';
    DELETE FROM "knowledge_items"
    WHERE "business_id" = demo
      AND (("title" = 'Opening hours' AND "content" = 'We are open every day from 12:00 to 15:00 and from 18:00 to 23:00.')
        OR ("title" = 'Delivery' AND "content" = 'We deliver within 5 km from 18:00 to 22:30. Delivery costs 2.50 EUR and is free over 30 EUR.'));
  END LOOP;
END $$;
