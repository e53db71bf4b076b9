import { authedProcedure } from '../../trpc';

/** The upload locations a crash recording can be rendered to (spec section 3: Live recording, cloud render location). */
export const renderLocationsProcedure = authedProcedure.query(({ ctx }) =>
  ctx.services.crashRecordings.renderLocations(ctx.auth.actor),
);
