// Served by the Vite plugins in theme-variables.ts and locale-sections.ts.
declare module 'virtual:theme-variables.css';

declare module 'virtual:locale-part/all/*' {
  const texts: Record<'en' | 'de', Record<string, object>>;
  export default texts;
}

declare module 'virtual:locale-part/*' {
  const texts: Record<string, object>;
  export default texts;
}
