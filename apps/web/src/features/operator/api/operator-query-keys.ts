/** The operator's lists; a change to people can touch both (a fleet admin who joins a company). */
export const operatorKeys = {
  all: ['operator'] as const,
  fleets: ['operator', 'fleets'] as const,
  companies: ['operator', 'companies'] as const,
};
