-- Issue 19: indexes for foreign keys whose parent is deleted in the product (erasing a contact, deleting a
-- webhook endpoint, removing a member). Without them each deleted parent row read the whole child table:
-- the benchmark's clean-up of 100,000 test contacts ran for minutes on conversations alone.
CREATE INDEX "campaign_opt_outs_contact_fk_idx" ON "campaign_opt_outs" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "conversations_contact_fk_idx" ON "conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "conversations_assignee_fk_idx" ON "conversations" USING btree ("assignee_id") WHERE assignee_id is not null;--> statement-breakpoint
CREATE INDEX "conversation_events_actor_fk_idx" ON "conversation_events" USING btree ("actor_user_id") WHERE actor_user_id is not null;--> statement-breakpoint
CREATE INDEX "conversation_events_assignee_fk_idx" ON "conversation_events" USING btree ("assignee_id") WHERE assignee_id is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_fk_idx" ON "webhook_attempts" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_fk_idx" ON "webhook_deliveries" USING btree ("endpoint_id");