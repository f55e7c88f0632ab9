// Served by the Vite plugins in theme-variables.ts and locale-sections.ts.
declare module 'virtual:theme-variables.css';

declare module 'virtual:locale-sections/*' {
  const texts: Record<'en' | 'de', Record<string, object>>;
  export default texts;
}
