CREATE TABLE "render_preset" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"fallback_preset_id" uuid,
	"start_timecode" text NOT NULL,
	"override_start_timecode" boolean DEFAULT false NOT NULL,
	"capabilities" text[] NOT NULL,
	"mode" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_subclip_preset" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "render_preset" ADD CONSTRAINT "render_preset_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_preset" ADD CONSTRAINT "render_preset_fallback_preset_id_render_preset_id_fk" FOREIGN KEY ("fallback_preset_id") REFERENCES "public"."render_preset"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "render_preset_name_idx" ON "render_preset" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "render_preset_default_idx" ON "render_preset" USING btree ("tenant_id") WHERE "render_preset"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "render_preset_subclip_idx" ON "render_preset" USING btree ("tenant_id") WHERE "render_preset"."is_subclip_preset";--> statement-breakpoint
-- Existing tenants get the default set new tenants get at provisioning (core's defaultRenderPresets; a medium test
-- compares the two).
INSERT INTO "render_preset" ("tenant_id", "name", "start_timecode", "override_start_timecode", "capabilities", "mode", "is_default", "settings")
SELECT "tenant"."id", p."name", p."start_timecode", true, p."capabilities", p."mode", p."is_default", p."settings"
FROM "tenant" CROSS JOIN (VALUES
	('Web MP4 (H.264)', '00:00:00:00', ARRAY['render', 'subclip'], 'generic', true, '{"mode":"generic","height":null,"crf":23,"speed":"veryfast","audioBitrateKbps":192}'::jsonb),
	('XDCAM HD422 1080i50', '10:00:00:00', ARRAY['render', 'live'], 'broadcast', false, '{"mode":"broadcast","format":"1080i50","audioTracks":8}'::jsonb),
	('XDCAM HD422 1080p25', '10:00:00:00', ARRAY['render', 'live'], 'broadcast', false, '{"mode":"broadcast","format":"1080p25","audioTracks":8}'::jsonb),
	('ProRes 422 HQ (MOV)', '00:00:00:00', ARRAY['render'], 'advanced', false, '{"mode":"advanced","container":"mov","videoCodec":"prores","audioCodec":"pcm_s24le","parameters":{"profile":"hq","pixelFormat":"yuv422p10le","audioSampleRate":"48000"}}'::jsonb)
) AS p("name", "start_timecode", "capabilities", "mode", "is_default", "settings");--> statement-breakpoint
INSERT INTO "render_preset" ("tenant_id", "name", "fallback_preset_id", "start_timecode", "override_start_timecode", "capabilities", "mode", "settings")
SELECT "tenant_id", 'Rewrap to MOV', "id", '00:00:00:00', true, ARRAY['render', 'subclip'], 'rewrap', '{"mode":"rewrap","container":"mov"}'::jsonb
FROM "render_preset" WHERE "name" = 'Web MP4 (H.264)';
