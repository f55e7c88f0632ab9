import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SystemCheckOptions } from '../../services/checks/system-checks';
import { devicesOfChecks, heartbeatsForDevices, postHeartbeats } from '../../simulator/simulator';

interface Simulator {
  onRunStarted: NonNullable<SystemCheckOptions['onRunStarted']>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Demo mode: what starts the simulated gateways of a system when its checks start; else null. */
    simulator: Simulator | null;
  }
}

/** Demo mode: the simulated gateways of a system report a few seconds after its checks start. */
export const simulatorPlugin = fp(async (app: FastifyInstance) => {
  const deviceKey = app.deviceKeys[0];
  const simulator: Simulator = {
    onRunStarted: ({ checks }) => {
      const address = app.server.address();
      if (!address || typeof address === 'string' || !deviceKey) return;
      const heartbeats = heartbeatsForDevices(devicesOfChecks(checks));
      setTimeout(() => {
        postHeartbeats(`http://127.0.0.1:${address.port}`, deviceKey, heartbeats).catch((error) =>
          app.log.warn({ err: error }, 'device simulator could not post heartbeats'),
        );
      }, app.env.simulatorDelayMs).unref();
    },
  };
  app.decorate('simulator', app.env.simulator && deviceKey ? simulator : null);
});
