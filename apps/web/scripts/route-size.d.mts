export type RouteName = 'login' | 'wizard';
export interface RouteSize {
  path: string;
  entryJs: number;
  routeJs: number;
  css: number;
  files: number;
}
export const ROUTES: Record<RouteName, { path: string; chunks: string[] }>;
export const LOGIN_JS_BUDGET: number;
export function routeSize(route: RouteName): RouteSize;
