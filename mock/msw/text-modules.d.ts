/** A YAML file imported as its text (esbuild's `text` loader; see build/package.mjs). */
declare module '*.yaml' {
  const text: string;
  export default text;
}
