import { authedProcedure } from '../../trpc';

export const listMetadataFormsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.metadataForms.list(ctx.auth.actor),
);
