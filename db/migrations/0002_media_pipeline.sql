CREATE TABLE "item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"folder_id" uuid,
	"item_type" text DEFAULT 'file' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"owner_id" uuid,
	"visible_to" jsonb,
	"updatable_by" jsonb,
	"leading_version_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"upload_id" text,
	"storage_id" uuid,
	"original_key" text,
	"generated_storage_id" uuid,
	"upload" jsonb NOT NULL,
	"transcoding" jsonb NOT NULL,
	"probe" jsonb,
	"media" jsonb,
	"renditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"item_id" uuid,
	"version_id" uuid,
	"title" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"step" text,
	"error" text,
	"workflow_id" text,
	"bytes_total" bigint,
	"bytes_done" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"types" text[] DEFAULT '{}' NOT NULL,
	"default_types" text[] DEFAULT '{}' NOT NULL,
	"config" jsonb NOT NULL,
	"encrypted_secret" text,
	"enable_deletion" boolean DEFAULT false NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_execution" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"runtime" text NOT NULL,
	"type" text NOT NULL,
	"task_queue" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"failure" jsonb,
	"tenant_id" uuid,
	"item_id" text,
	"history_length" integer DEFAULT 0 NOT NULL,
	"replayed_seq" integer DEFAULT 0 NOT NULL,
	"wake_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_event" (
	"execution_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"command_seq" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_event_execution_id_seq_pk" PRIMARY KEY("execution_id","seq")
);
--> statement-breakpoint
CREATE TABLE "workflow_activity_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"command_seq" integer NOT NULL,
	"task_queue" text NOT NULL,
	"activity_type" text NOT NULL,
	"args" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"status" text NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"schedule_to_close_deadline" timestamp with time zone,
	"worker" text,
	"started_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"start_to_close_deadline" timestamp with time zone,
	"heartbeat_deadline" timestamp with time zone,
	"heartbeat_details" jsonb,
	"last_failure" jsonb
);
--> statement-breakpoint
CREATE TABLE "workflow_timer" (
	"execution_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"command_seq" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_timer_execution_id_command_seq_pk" PRIMARY KEY("execution_id","command_seq")
);
--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_leading_version_id_item_version_id_fk" FOREIGN KEY ("leading_version_id") REFERENCES "public"."item_version"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_version" ADD CONSTRAINT "item_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_version" ADD CONSTRAINT "item_version_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation" ADD CONSTRAINT "operation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_location" ADD CONSTRAINT "storage_location_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_execution" ADD CONSTRAINT "workflow_execution_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_event" ADD CONSTRAINT "workflow_event_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_activity_task" ADD CONSTRAINT "workflow_activity_task_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_timer" ADD CONSTRAINT "workflow_timer_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_tenant_folder_idx" ON "item" USING btree ("tenant_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "item_tenant_deleted_idx" ON "item" USING btree ("tenant_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_version_number_idx" ON "item_version" USING btree ("item_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "item_version_upload_idx" ON "item_version" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "item_version_tenant_item_idx" ON "item_version" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "operation_tenant_created_idx" ON "operation" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_version_idx" ON "operation" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_location_tenant_name_unique" ON "storage_location" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "storage_location_tenant_built_in_unique" ON "storage_location" USING btree ("tenant_id") WHERE "storage_location"."built_in";--> statement-breakpoint
CREATE INDEX "storage_location_tenant_idx" ON "storage_location" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_execution_tenant_item_idx" ON "workflow_execution" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "workflow_execution_wake_idx" ON "workflow_execution" USING btree ("wake_at") WHERE "workflow_execution"."status" = 'RUNNING';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_event_command_idx" ON "workflow_event" USING btree ("execution_id","command_seq") WHERE "workflow_event"."kind" in ('ActivityScheduled', 'TimerStarted');--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_activity_task_command_idx" ON "workflow_activity_task" USING btree ("execution_id","command_seq");--> statement-breakpoint
CREATE INDEX "workflow_activity_task_queue_idx" ON "workflow_activity_task" USING btree ("task_queue","due_at") WHERE "workflow_activity_task"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "workflow_timer_due_idx" ON "workflow_timer" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "audit_event_target_idx" ON "audit_event" USING btree ("tenant_id","target_type","target_id");