// The page's entry point (build.mjs bundles it into app.js): main.ts holds the page and exports
// what the players share, so the <pzl-puzzle> element can import the players without starting it.
import { main, say } from './main';

main().catch((e) => say(`The page could not start: ${e}`));
