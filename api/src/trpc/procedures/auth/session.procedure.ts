import { sessionView } from './session-view';
import { publicProcedure } from '../../trpc';

export const sessionProcedure = publicProcedure.query(({ ctx }) => sessionView(ctx));
