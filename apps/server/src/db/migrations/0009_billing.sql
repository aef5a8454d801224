CREATE TABLE "billing_coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_charge_id" uuid,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_coupons_kind_check" CHECK ("billing_coupons"."kind" in ('percent', 'amount', 'freeMonths')),
	CONSTRAINT "billing_coupons_value_check" CHECK ("billing_coupons"."value" > 0 and ("billing_coupons"."kind" <> 'percent' or "billing_coupons"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"subscription_id" uuid,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"plan" text NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"extra_storage_blocks" integer DEFAULT 0 NOT NULL,
	"list_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"coupon_code" text,
	"coupon_redemption_id" uuid,
	"free_months" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"provider_trade_id" text,
	"order_number" text NOT NULL,
	"pending_card_key" text,
	"pending_card_token" text,
	"card_brand" text,
	"card_last4" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_charges_status_check" CHECK ("billing_charges"."status" in ('pending', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"charge_id" uuid,
	"amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"card_key" text NOT NULL,
	"card_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"extra_storage_blocks" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_plan" text,
	"pending_extra_seats" integer,
	"pending_extra_storage_blocks" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_status_check" CHECK ("billing_subscriptions"."status" in ('subscribed', 'payment_failed', 'cancelled', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "billing_coupon_redemptions" ADD CONSTRAINT "billing_coupon_redemptions_coupon_id_billing_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."billing_coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_coupon_redemptions" ADD CONSTRAINT "billing_coupon_redemptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_charge_id_billing_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."billing_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_coupon_redemptions_coupon_org_idx" ON "billing_coupon_redemptions" USING btree ("coupon_id","org_id");--> statement-breakpoint
CREATE INDEX "billing_coupon_redemptions_org_idx" ON "billing_coupon_redemptions" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_coupons_code_idx" ON "billing_coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_idempotency_key_idx" ON "billing_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_order_number_idx" ON "billing_charges" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "billing_charges_org_idx" ON "billing_charges" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_charges_due_idx" ON "billing_charges" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "billing_notices_org_idx" ON "billing_notices" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_org_idx" ON "billing_payment_methods" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_org_idx" ON "billing_subscriptions" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_period_end_idx" ON "billing_subscriptions" USING btree ("current_period_end");