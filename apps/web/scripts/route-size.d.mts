export type RouteName = 'login' | 'home' | 'wizard';
export interface RouteSize {
  path: string;
  entryJs: number;
  routeJs: number;
  css: number;
  files: number;
}
export const SCREEN_CHUNKS_FILE: string;
export const COMPILE_ALL_ON_LOAD: string;
export const ROUTES: Record<RouteName, { path: string; chunks: string[] }>;
export const JS_BUDGETS: Record<RouteName, number>;
export function routeSize(route: RouteName): RouteSize;
export function filesWithoutCompileHint(): string[];
