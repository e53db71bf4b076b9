import { request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { createGracefulShutdown, type ShutdownSteps } from './shutdown';

/** A GET on loopback; resolves with the status, or with the error code when the connection is refused or cut. */
function get(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message);
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', failed);
    });
    req.on('error', failed);
    req.end();
  });
}

describe('graceful shutdown', () => {
  let app: FastifyInstance;
  let port: number;
  let events: string[];

  beforeEach(async () => {
    events = [];
    app = Fastify();
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5000).unref());
      return 'late';
    });
    app.get('/quick', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 'done';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterEach(async () => {
    app.server.closeAllConnections();
    await app.close();
  });

  function steps(workersMs = 0): ShutdownSteps & { exits: number[] } {
    const exits: number[] = [];
    return {
      exits,
      http: app,
      stopWorkers: async () => {
        events.push('workers stopping');
        await new Promise((resolve) => setTimeout(resolve, workersMs));
        events.push('workers stopped');
      },
      closeRest: async () => {
        events.push('rest closed');
      },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      exit: (code) => exits.push(code),
    };
  }

  it('cuts requests still running at the deadline and exits soon after it', async () => {
    const slow = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const shutdownSteps = steps();
    const started = Date.now();
    await createGracefulShutdown(shutdownSteps, 500)('SIGTERM');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(2000);
    expect(await slow).toBe('ECONNRESET');
    expect(shutdownSteps.exits).toEqual([0]);
    expect(events).toEqual(['workers stopping', 'workers stopped', 'rest closed']);
  });

  it('hands the running work back at once, lets quick requests finish and refuses new connections', async () => {
    const quick = get(port, '/quick');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const shutdownSteps = steps(50);
    const stopping = createGracefulShutdown(shutdownSteps, 5000)('SIGTERM');
    // The signal that stops this process reached its media children too: their activities are handed back before
    // anything else is waited for.
    expect(events).toEqual(['workers stopping']);
    expect(await get(port, '/quick')).toBe('ECONNREFUSED');
    expect(await quick).toBe(200);
    await stopping;
    expect(shutdownSteps.exits).toEqual([0]);
    expect(events).toEqual(['workers stopping', 'workers stopped', 'rest closed']);
  });

  it('runs once however often it is signalled', async () => {
    const shutdownSteps = steps();
    const shutdown = createGracefulShutdown(shutdownSteps, 1000);
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(shutdownSteps.exits).toEqual([0]);
    expect(events.filter((event) => event === 'workers stopping')).toHaveLength(1);
  });
});
