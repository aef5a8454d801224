CREATE TABLE "operator_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_coupons" ADD COLUMN "plans" text[];--> statement-breakpoint
ALTER TABLE "billing_coupons" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_audit_events_at_idx" ON "operator_audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_audit_events_target_idx" ON "operator_audit_events" USING btree ("target_id","at");--> statement-breakpoint
-- Append-only audit trail (issue 30 #15): refuse every UPDATE and DELETE, whoever runs them.
CREATE FUNCTION "operator_audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_audit_events_append_only" BEFORE UPDATE OR DELETE ON "operator_audit_events"
  FOR EACH ROW EXECUTE FUNCTION "operator_audit_events_append_only"();
