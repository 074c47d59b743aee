/** Vite's `?raw` imports: the file's text, bundled (vite/client's types would bring the whole client API). */
declare module '*?raw' {
  const text: string;
  export default text;
}
