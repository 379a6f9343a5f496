// The page's <main> markup (static/index.html), as text: the <pzl-puzzle> element builds the same
// player skeleton from it (scripts/component.mjs provides the module).
declare module 'pzl:main-html' {
  const html: string;
  export default html;
}
declare module '*.css' {
  const css: string;
  export default css;
}
