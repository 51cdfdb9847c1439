// The notebook renderer bundles style sheets as text (esbuild loader `text`) and adds them itself.
declare module '*.css' {
  const text: string;
  export default text;
}
