import { resolveFfmpeg } from '../media/ffmpeg-binaries';
import { createProgressReporter } from '../media/ffmpeg-progress';
import { MediaError } from '../media/media-error';
import { planFullRender, runStep, totalFrames } from './render-command';
import { rewrapSequence } from './render-rewrap';
import { smartRenderApplies, smartRender } from './render-smart';
import type { TRenderOptions, TRenderPlan, TRenderResult } from './render-plan.types';

function checkRanges(plan: TRenderPlan): void {
  if (plan.sources.length === 0) throw new MediaError('A render needs at least one clip', { reason: 'no clips' });
  plan.sources.forEach((source, clip) => {
    const { inFrame, outFrame, facts } = source;
    const whole = Number.isInteger(inFrame) && Number.isInteger(outFrame);
    if (!whole || inFrame < 0 || outFrame <= inFrame || outFrame > facts.frameCount) {
      const reason = `clip ${clip + 1} asks for frames ${inFrame}-${outFrame} of ${facts.frameCount}`;
      throw new MediaError(`The range is outside the media: ${reason}`, { reason });
    }
  });
}

/**
 * Renders a sequence of source ranges into one file, frame accurate: exactly the sum of the ranges' frames, each the
 * source frame its range names, the audio cut at the samples of those frames, and the timecode running on from the
 * start timecode. Generic renders stream-copy the source GOPs that already match (smart render) unless told not to.
 */
export async function renderSequence(plan: TRenderPlan, options: TRenderOptions = {}): Promise<TRenderResult> {
  checkRanges(plan);
  const binaries = options.binaries ?? (await resolveFfmpeg());
  const reporter = options.onProgress ? createProgressReporter({ onProgress: options.onProgress }) : null;
  const step = {
    binaries,
    signal: options.signal,
    onProgress: reporter ? (p: number) => reporter.report(p) : undefined,
  };
  let result: TRenderResult;
  if (plan.settings.mode === 'rewrap') {
    result = await rewrapSequence(plan, step);
  } else if (options.smart !== false && smartRenderApplies(plan)) {
    result = await smartRender(plan, step);
  } else {
    await runStep(planFullRender(plan), step);
    result = { frames: totalFrames(plan), copiedFrames: 0 };
  }
  reporter?.done();
  return result;
}
