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
  /** The registry's serial numbers without an installation: kept on the device (see query-persistence). */
  serials: (slug: string) => ['fleets', slug, 'serials'] as const,
};

export const installationKeys = {
  /** Every installation and what belongs to it. */
  all: ['installation'] as const,
  /** Every fleet's list. */
  allLists: ['installations'] as const,
  /** One installation, and below it what belongs to it. */
  detail: (id: number) => ['installation', id] as const,
  summary: (id: number) => ['installation', id, 'summary'] as const,
  uploads: (id: number) => ['installation', id, 'uploads'] as const,
  systemChecks: (id: number) => ['installation', id, 'systemChecks'] as const,
  history: (id: number) => ['installation', id, 'history'] as const,
  /** Every page of a fleet's list, whatever its search and filters. */
  lists: (fleet: string) => ['installations', fleet] as const,
  list: <P>(fleet: string, params: P) => ['installations', fleet, params] as const,
  /** What a new installation can take over from earlier ones of the fleet: refreshed with its lists. */
  carryOver: (fleet: string, params: { for?: number; from?: number }) => ['installations', fleet, 'carry-over', params] as const,
};

export const partnerKeys = {
  all: ['partners'] as const,
};

/** Everything of one fleet's admin area sits under one key, so a change can refresh it at once. */
export const adminKeys = {
  all: (fleet: string) => ['admin', fleet] as const,
  systems: (fleet: string) => ['admin', fleet, 'systems'] as const,
  systemsPage: <P>(fleet: string, params: P) => ['admin', fleet, 'systems', params] as const,
  members: (fleet: string) => ['admin', fleet, 'members'] as const,
};

/** The operator's lists; a change to people can touch both (a fleet admin who joins a company). */
export const operatorKeys = {
  all: ['operator'] as const,
  fleets: ['operator', 'fleets'] as const,
  companies: ['operator', 'companies'] as const,
};

export const configKeys = {
  auth: ['config', 'auth'] as const,
};

export const placeKeys = {
  search: (language: string, query: string) => ['places', language, query] as const,
};

/** The bytes of a saved upload, by its address (a saved file never changes). */
export const uploadFileKeys = {
  file: (url: string) => ['upload-file', url] as const,
};
