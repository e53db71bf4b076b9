import { AppError, TASK_PRIORITIES, TASK_SORTS, TASK_STATUSES, ZAnnotation, ZIsoDateTime } from '@mam/core';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';
import { restMeta } from './rest-meta';

const ZItemParams = z.object({ id: z.uuid() });
const ZTicks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).describe('Ticks of 1/12800 s');
const ZUser = z.object({ id: z.string(), name: z.string(), email: z.string() });

const commentShape = {
  id: z.uuid(),
  itemId: z.uuid(),
  parentId: z.uuid().nullable(),
  author: ZUser.nullable(),
  externalAuthor: z.string().nullable().describe('The name an outside reviewer gave, commenting through a share link'),
  text: z.string().nullable().describe('Null when the comment was deleted'),
  deleted: z.boolean(),
  tcIn: z.number().nullable(),
  tcOut: z.number().nullable(),
  annotation: ZAnnotation.nullable().describe('Shapes drawn on the frame at tcIn; null without a drawing'),
  assignee: ZUser.nullable(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: ZUser.nullable(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(TASK_STATUSES).describe('Of the task an assigned top-level comment is; done means resolved'),
  startedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canResolve: z.boolean().describe('May resolve and reopen it, and change its task status'),
  canAssign: z.boolean(),
  canPlan: z.boolean().describe("May change the task's due date and priority"),
};

export const ZComment = z.object(commentShape).meta({ id: 'Comment' });
export const ZCommentThread = z.object({ ...commentShape, replies: z.array(ZComment) }).meta({ id: 'CommentThread' });

export const listCommentsRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/comments',
  operationId: 'listComments',
  summary: "The item's comment threads, oldest first, replies under their comment",
  tags: ['Comments'],
  params: ZItemParams,
  response: z.object({ threads: z.array(ZCommentThread) }),
  handler: async ({ params }, { services, principal }) => ({
    threads: await services.comments.list(principal.actor, params.id),
  }),
});

export const createCommentRoute = defineRoute({
  method: 'POST',
  path: '/items/:id/comments',
  operationId: 'createComment',
  summary: 'Comment on the item, optionally at a timecode or range; with parentId, reply to a comment of the item',
  tags: ['Comments'],
  params: ZItemParams,
  body: z.object({
    text: z.string().max(10_000),
    parentId: z.uuid().optional().describe('Reply to this comment (replies carry no timecode or assignee)'),
    tcIn: ZTicks.nullable().optional(),
    tcOut: ZTicks.nullable().optional(),
    annotation: ZAnnotation.nullable()
      .optional()
      .describe('Shapes drawn on the frame at tcIn (needs tcIn); at most 50 shapes and 2,000 points'),
    assigneeId: z.uuid().nullable().optional(),
  }),
  response: ZComment,
  successStatus: 201,
  handler: async ({ params, body }, { services, principal, request }) => {
    const { parentId, ...comment } = body;
    if (parentId === undefined) {
      return services.comments.create(principal.actor, { ...comment, itemId: params.id }, restMeta(request));
    }
    // A reply is addressed under its item: a comment of another item is not found here.
    const threads = await services.comments.list(principal.actor, params.id);
    const onItem = threads.some((thread) => thread.id === parentId || thread.replies.some((r) => r.id === parentId));
    if (!onItem) throw new AppError('NOT_FOUND');
    return services.comments.reply(principal.actor, { commentId: parentId, text: comment.text }, restMeta(request));
  },
});

const ZTaskQuery = z.object({
  status: z.enum(TASK_STATUSES).optional().describe('Only tasks in this status; without it the tasks not done'),
  sort: z.enum(TASK_SORTS).default('created').describe('due: soonest first, undated last; priority: urgent first'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZTask = z
  .object({ item: z.object({ id: z.uuid(), title: z.string() }), comment: ZComment })
  .meta({ id: 'Task' });

export const listMyTasksRoute = defineRoute({
  method: 'GET',
  path: '/tasks',
  operationId: 'listMyTasks',
  summary: "Tasks assigned to the key's user on items they can see",
  tags: ['Comments'],
  query: ZTaskQuery,
  response: z.object({ tasks: z.array(ZTask) }),
  handler: async ({ query }, { services, principal }) => {
    const { status, sort, limit } = query as z.infer<typeof ZTaskQuery>;
    return { tasks: await services.comments.myTasks(principal.actor, { state: 'open', status, sort, limit }) };
  },
});

export const updateTaskRoute = defineRoute({
  method: 'PATCH',
  path: '/comments/:id/task',
  operationId: 'updateTask',
  summary: "Change a task's status (creator or assignee), due date or priority (assigner or creator)",
  tags: ['Comments'],
  params: z.object({ id: z.uuid() }),
  body: z.object({
    status: z.enum(TASK_STATUSES).optional(),
    dueAt: ZIsoDateTime.nullable().optional().describe('ISO date-time with its zone; null clears it'),
    priority: z.enum(TASK_PRIORITIES).optional(),
  }),
  response: ZComment,
  handler: async ({ params, body }, { services, principal, request }) => {
    const { dueAt, ...rest } = body;
    const input = {
      id: params.id,
      ...rest,
      ...(dueAt === undefined ? {} : { dueAt: dueAt === null ? null : new Date(dueAt) }),
    };
    return services.comments.updateTask(principal.actor, input, restMeta(request));
  },
});

export const commentRoutes = [
  listCommentsRoute,
  createCommentRoute,
  listMyTasksRoute,
  updateTaskRoute,
] as unknown as RestRoute[];
