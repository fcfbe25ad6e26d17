CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"refused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
