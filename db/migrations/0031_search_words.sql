CREATE TABLE "search_word" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "search_word_tenant_id_word_pk" PRIMARY KEY("tenant_id","word")
);
--> statement-breakpoint
CREATE TABLE "search_word_list" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_word" ADD CONSTRAINT "search_word_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_word_list" ADD CONSTRAINT "search_word_list_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("tenant_id","word" gin_trgm_ops);