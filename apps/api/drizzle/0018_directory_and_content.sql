CREATE TABLE "campaign_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"url" text NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"rights" jsonb,
	"favourite" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "usage_rights" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "directory_listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_invitations" ADD CONSTRAINT "campaign_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_invitations_once" ON "campaign_invitations" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "campaign_invitations_user_idx" ON "campaign_invitations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "campaign_invitations_campaign_time_idx" ON "campaign_invitations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_task_url_unique" ON "content_items" USING btree ("task_id","url");--> statement-breakpoint
CREATE INDEX "content_items_brand_idx" ON "content_items" USING btree ("brand_id","delivered_at","id");--> statement-breakpoint
-- Backfill: the links of tasks completed before the content library (no usage rights were said then).
INSERT INTO "content_items" ("brand_id", "campaign_id", "booking_id", "task_id", "user_id", "type", "network", "url", "checked", "rights", "delivered_at")
SELECT b.brand_id, b.campaign_id, b.id, t.id, t.user_id,
  coalesce(p->>'type', 'post'),
  CASE
    WHEN p->>'link' ~* '^https?://([a-z]+\.)?(instagram\.com|instagr\.am)/' THEN 'instagram'
    WHEN p->>'link' ~* '^https?://([a-z]+\.)?tiktok\.com/' THEN 'tiktok'
    WHEN p->>'link' ~* '^https?://([a-z]+\.)?(x\.com|twitter\.com)/' THEN 'x'
    ELSE 'other'
  END,
  p->>'link',
  coalesce(p->>'check', '') = 'network',
  NULL,
  coalesce(t.completed_at, t.created_at)
FROM "tasks" t
JOIN "bookings" b ON b.id = t.booking_id
CROSS JOIN LATERAL jsonb_array_elements(t.posts) AS p
WHERE t.completed AND p->>'link' IS NOT NULL
ON CONFLICT DO NOTHING;
