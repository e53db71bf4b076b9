import { itemRelationKinds } from '@mam/db';
import { z } from 'zod';
import { defineRoute, type RestRoute } from '../rest-route';

export const ZRelation = z
  .object({
    id: z.uuid(),
    kind: z.enum(itemRelationKinds),
    direction: z.enum(['outgoing', 'incoming']).describe('outgoing: this item is the from item'),
    label: z.string().describe('How the relation reads from this item, e.g. "Derived from" or "Source of"'),
    other: z.object({ id: z.uuid(), title: z.string(), itemType: z.string(), thumbnail: z.string().nullable() }),
    createdAt: z.string(),
    canRemove: z.boolean(),
  })
  .meta({ id: 'Relation' });

export const listRelationsRoute = defineRoute({
  method: 'GET',
  path: '/items/:id/relations',
  operationId: 'listRelations',
  summary: "The item's relations in both directions, to items the key may see",
  tags: ['Relations'],
  params: z.object({ id: z.uuid() }),
  response: z.object({ relations: z.array(ZRelation) }),
  handler: async ({ params }, { services, principal }) => ({
    relations: await services.relations.list(principal.actor, params.id),
  }),
});

export const relationRoutes = [listRelationsRoute] as unknown as RestRoute[];
