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
ALTER TABLE "workflow_execution" ADD CONSTRAINT "workflow_execution_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_event" ADD CONSTRAINT "workflow_event_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_activity_task" ADD CONSTRAINT "workflow_activity_task_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_timer" ADD CONSTRAINT "workflow_timer_execution_id_workflow_execution_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_execution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_execution_tenant_item_idx" ON "workflow_execution" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "workflow_execution_wake_idx" ON "workflow_execution" USING btree ("wake_at") WHERE "workflow_execution"."status" = 'RUNNING';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_event_command_idx" ON "workflow_event" USING btree ("execution_id","command_seq") WHERE "workflow_event"."kind" in ('ActivityScheduled', 'TimerStarted');--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_activity_task_command_idx" ON "workflow_activity_task" USING btree ("execution_id","command_seq");--> statement-breakpoint
CREATE INDEX "workflow_activity_task_queue_idx" ON "workflow_activity_task" USING btree ("task_queue","due_at") WHERE "workflow_activity_task"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "workflow_timer_due_idx" ON "workflow_timer" USING btree ("due_at");