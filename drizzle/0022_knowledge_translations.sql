ALTER TABLE "knowledge_items" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "knowledge_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- ===== Hand-written (issue 35, item 4): the ready-made skills' names in the other languages. =====
-- A ready-made skill still under the name sign-up gave it (in any of the three languages) gets the
-- other two, so the assistant names it in the customer's language; a renamed skill keeps its own.
UPDATE "skills" SET "names" = '{"en": "Table booking", "pt": "Reservas de mesa", "es": "Reservas de mesa"}'::jsonb
WHERE "id" = 'sk_booking' AND "names" = '{}'::jsonb AND "name" IN ('Table booking', 'Reservas de mesa');
--> statement-breakpoint
UPDATE "skills" SET "names" = '{"en": "Order taking", "pt": "Encomendas", "es": "Pedidos"}'::jsonb
WHERE "id" = 'sk_orders' AND "names" = '{}'::jsonb AND "name" IN ('Order taking', 'Encomendas', 'Pedidos');
--> statement-breakpoint
UPDATE "skills" SET "names" = '{"en": "Lead capture", "pt": "Pedidos de contacto", "es": "Solicitudes de contacto"}'::jsonb
WHERE "id" = 'sk_leads' AND "names" = '{}'::jsonb AND "name" IN ('Lead capture', 'Contactos comerciales', 'Contactos comerciais');
--> statement-breakpoint
UPDATE "skills" SET "names" = '{"en": "Appointments", "pt": "Marcações", "es": "Citas"}'::jsonb
WHERE "id" = 'sk_appointments' AND "names" = '{}'::jsonb AND "name" IN ('Appointments', 'Marcações', 'Citas');
