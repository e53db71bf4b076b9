import { authedProcedure } from '../../trpc';

export const folderTreeProcedure = authedProcedure.query(({ ctx }) => ctx.services.folders.tree(ctx.auth.actor));
