/**
 * The query keys of the entities several features read or refresh, one factory each, so that a
 * change in one screen refreshes what another one shows. A key's first part names the entity.
 */
export const meKeys = {
  all: ['me'] as const,
};

export const fleetKeys = {
  all: ['fleets'] as const,
  detail: (slug: string) => ['fleets', slug] as const,
};

export const installationKeys = {
  /** One installation, and below it what belongs to it. */
  detail: (id: number) => ['installation', id] as const,
  summary: (id: number) => ['installation', id, 'summary'] as const,
  uploads: (id: number) => ['installation', id, 'uploads'] as const,
  systemChecks: (id: number) => ['installation', id, 'systemChecks'] as const,
  history: (id: number) => ['installation', id, 'history'] as const,
  /** Every page of a fleet's list, whatever its search and filters. */
  lists: (fleet: string) => ['installations', fleet] as const,
  list: <P>(fleet: string, params: P) => ['installations', fleet, params] as const,
};

export const partnerKeys = {
  all: ['partners'] as const,
};
