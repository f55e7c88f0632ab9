/**
 * What MantineProvider gets as its `MantineCssVariables` (see lean-imports.ts): nothing. The theme's
 * CSS variables are a static stylesheet that every page loads (virtual:theme-variables.css, made at
 * build time from src/app/theme.ts), so the provider has no need to work them out and inject them
 * again at run time, and the app runs MantineProvider with `withCssVariables={false}`.
 */
export function MantineCssVariables(): null {
  return null;
}
