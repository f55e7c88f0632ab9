export interface RouteSize {
  routeChunk: string;
  sharedFiles: number;
  ownFiles: number;
  entryJs: number;
  routeJs: number;
  css: number;
}
export function routeSize(route: string): RouteSize;
